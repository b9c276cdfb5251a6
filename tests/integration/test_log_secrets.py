"""No secret is ever logged: after every other test of the run (marker `last`), the logs the product wrote (this
process's, tests/conftest.py `product_log`, and those of every server the tests started) are scanned for the
secrets the run made: every reset token mailed to the outboxes, the passwords the tests signed in or reset with,
the signing keys, and any JSON web token (access or refresh token, reset token) at all."""

from __future__ import annotations

import os
import re
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from tests.conftest import DEMO_PASSWORD, PRODUCT_LOG, ROOT, SESSION_STARTED, TEST_DATA

JWT = re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
RESET_LINK = re.compile(r"/forgot-password/([A-Za-z0-9._~-]{16,})")
# passwords the tests type (sign-in, change, reset): string literals given to a password field
PASSWORD_LITERAL = re.compile(
    r"""["'](?:password|newPassword|new_password|oldPassword|confirmationNewPassword)["']\s*[:=]\s*["']([^"']{8,})["']""")
SIGNING_KEY = re.compile(r"""JWT_SECRET=f?["']([^"'{]+)""")


def reset_tokens() -> set[str]:
    tokens: set[str] = set()
    for mail in TEST_DATA.rglob("outbox/*.eml"):
        if mail.stat().st_mtime < SESSION_STARTED:
            continue  # an earlier run's (a local test data folder is kept between runs)
        message = message_from_bytes(mail.read_bytes(), policy=policy.default)
        for part in message.walk():
            if part.get_content_maintype() == "text":
                tokens.update(RESET_LINK.findall(str(part.get_content())))
    return tokens


def typed_passwords() -> set[str]:
    found = {DEMO_PASSWORD}
    for source in (ROOT / "tests").rglob("*.py"):
        found.update(PASSWORD_LITERAL.findall(source.read_text(encoding="utf-8")))
    return {p for p in found if len(p) >= 8}


def signing_keys() -> set[str]:
    keys = {os.environ.get("JWT_SECRET", "")}
    for source in (ROOT / "tests").rglob("*.py"):
        keys.update(k for k in SIGNING_KEY.findall(source.read_text(encoding="utf-8")) if len(k) >= 12)
    return {k for k in keys if k}


def product_logs() -> list[Path]:
    """This run's: the product log and every server log written since the session started."""
    return [PRODUCT_LOG, *sorted(p for p in TEST_DATA.glob("*.log")
                                 if p != PRODUCT_LOG and p.stat().st_mtime >= SESSION_STARTED)]


@pytest.mark.last
def test_the_logs_of_the_whole_run_hold_no_secret() -> None:
    tokens, passwords, keys = reset_tokens(), typed_passwords(), signing_keys()
    logs = {path: path.read_text(encoding="utf-8", errors="replace") for path in product_logs() if path.is_file()}
    assert logs.get(PRODUCT_LOG), "the product wrote no log in this run: the scan would prove nothing"
    leaks = []
    for path, text in logs.items():
        for name, secrets in (("reset token", tokens), ("password", passwords), ("signing key", keys)):
            leaks += [f"{path.name}: a {name} ({secret[:4]}...)" for secret in secrets if secret in text]
        leaks += [f"{path.name}: a JSON web token ({match[:12]}...)" for match in JWT.findall(text)]
    assert leaks == [], leaks
    print(f"scanned {len(logs)} logs ({sum(map(len, logs.values())):,} characters) for {len(tokens)} reset tokens, "
          f"{len(passwords)} passwords, {len(keys)} signing keys and any JSON web token")
