"""No secret is ever logged: after each test, what the product logged during it (this process's log, tests/
conftest.py `product_log`, and the log of every server the tests started) is scanned for the secrets the tests
use: the reset tokens mailed during the test, the passwords the tests type, the signing keys, and any JSON web
token (access or refresh token, reset token, mail link) at all. Each test checks its own lines, so no test needs
another to have run."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from functools import cache
from pathlib import Path

JWT = re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
RESET_LINK = re.compile(r"/forgot-password/([A-Za-z0-9._~-]{16,})")
# passwords the tests type (sign-in, change, reset): string literals given to a password field
PASSWORD_LITERAL = re.compile(
    r"""["'](?:password|newPassword|new_password|oldPassword|confirmationNewPassword)["']\s*[:=]\s*["']([^"']{8,})["']""")
SIGNING_KEY = re.compile(r"""JWT_SECRET=f?["']([^"'{]+)""")
TESTS = Path(__file__).resolve().parent


@cache
def typed_passwords(demo_password: str) -> frozenset[str]:
    """The demo password and every password literal in the tests' sources."""
    found = {demo_password}
    for source in TESTS.rglob("*.py"):
        found.update(PASSWORD_LITERAL.findall(source.read_text(encoding="utf-8")))
    return frozenset(p for p in found if len(p) >= 8)


@cache
def signing_keys(session_key: str) -> frozenset[str]:
    """The session's signing key and every JWT_SECRET the tests give a server."""
    keys = {session_key}
    for source in TESTS.rglob("*.py"):
        keys.update(k for k in SIGNING_KEY.findall(source.read_text(encoding="utf-8")) if len(k) >= 12)
    return frozenset(k for k in keys if k)


def reset_tokens(mails: Iterable[Path]) -> set[str]:
    tokens: set[str] = set()
    for mail in mails:
        message = message_from_bytes(mail.read_bytes(), policy=policy.default)
        for part in message.walk():
            if part.get_content_maintype() == "text":
                tokens.update(RESET_LINK.findall(str(part.get_content())))
    return tokens


def leaks(text: str, where: str, secrets: dict[str, Iterable[str]]) -> list[str]:
    """What of `secrets` (by kind) and which JSON web tokens `text` holds, each named with `where`."""
    found = [f"{where}: a {kind} ({secret[:4]}...)" for kind, values in secrets.items() for secret in values
             if secret in text]
    return found + [f"{where}: a JSON web token ({match[:12]}...)" for match in JWT.findall(text)]


@dataclass
class LogScan:
    """The product's logs under `folder` (and `extra`), read from where they stood at the last `mark`."""

    folder: Path
    extra: tuple[Path, ...] = ()
    demo_password: str = ""
    offsets: dict[Path, int] = field(default_factory=dict)
    mails: set[Path] = field(default_factory=set)

    def logs(self) -> list[Path]:
        return sorted({*self.extra, *self.folder.glob("*.log")})

    def outboxes(self) -> set[Path]:
        return {*self.folder.glob("*/outbox/*.eml"), *self.folder.glob("*/*/outbox/*.eml")}

    def mark(self) -> None:
        self.offsets = {path: path.stat().st_size for path in self.logs() if path.is_file()}
        self.mails = self.outboxes()

    def new_text(self, path: Path) -> str:
        """What `path` gained since the mark (all of it when it was started again since)."""
        start = self.offsets.get(path, 0)
        with path.open("rb") as f:
            if path.stat().st_size < start:
                start = 0
            f.seek(start)
            return f.read().decode("utf-8", errors="replace")

    def leaks(self) -> list[str]:
        """The secrets logged since the last mark."""
        secrets = {"reset token": reset_tokens(self.outboxes() - self.mails),
                   "password": typed_passwords(self.demo_password),
                   "signing key": signing_keys(os.environ.get("JWT_SECRET", ""))}
        found: list[str] = []
        for path in self.logs():
            if path.is_file() and path.stat().st_size != self.offsets.get(path, 0):
                found += leaks(self.new_text(path), path.name, secrets)
        return found
