"""A real OpenID provider for the tests: oidc-provider (npm, tests/oidc/, installed by `make test`) started with test
clients and people on a free port, and the browser's part of its sign-in driven over HTTP (its development sign-in
and consent pages are plain forms). Nothing of the protocol is imitated: a test changes the provider's world through
its own admin routes (tests/oidc/server.mjs): a person disabled, a misbehaving next ID token."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx
import pytest
from joserfc.jwk import RSAKey

from api.core.embedded import free_port

FOLDER = Path(__file__).resolve().parent / "oidc"
CLIENT_ID = "crm"
CLIENT_SECRET = "crm-test-client-secret-0123456789"

# the provider's people: linked by e-mail to demo users, a person with no account, one whose e-mail is unverified
PEOPLE: list[dict[str, Any]] = [
    {"sub": "p-andi", "email": "sales1@pipeline-crm.local", "email_verified": True, "name": "Andi Pratama",
     "preferred_username": "andi", "groups": ["crm-sales"]},
    {"sub": "p-dewi", "email": "SALES2@pipeline-crm.local", "email_verified": True, "name": "Dewi Anggraini",
     "groups": ["crm-leaders", "crm-sales"]},
    {"sub": "p-rizky", "email": "sales3@pipeline-crm.local", "email_verified": False, "name": "Rizky Hidayat"},
    {"sub": "p-putri", "email": "sales4@pipeline-crm.local", "email_verified": True, "name": "Putri Maharani"},
    {"sub": "p-fajar", "email": "sales5@pipeline-crm.local", "email_verified": True, "name": "Fajar Setiawan"},
    {"sub": "p-sari", "email": "tl2@pipeline-crm.local", "email_verified": True, "name": "Sari Lestari",
     "groups": ["crm-leaders"]},
    {"sub": "p-nadia", "email": "nadia.new@example.com", "email_verified": True, "name": "Nadia Baru",
     "preferred_username": "nadia"},
]


def client_metadata(base_url: str, key: str, *, back_channel: str | None = None,
                    client_id: str = CLIENT_ID) -> dict[str, Any]:
    """The CRM as a client of the provider, for the app at `base_url` whose provider key is `key`."""
    metadata: dict[str, Any] = {
        "client_id": client_id, "client_secret": CLIENT_SECRET,
        "redirect_uris": [f"{base_url}/api/auth/oidc/{key}/callback"],
        "post_logout_redirect_uris": [f"{base_url}/signin"],
        "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
    }
    if back_channel:
        metadata["backchannel_logout_uri"] = back_channel
        metadata["backchannel_logout_session_required"] = False
    return metadata


def provider_setting(issuer: str, key: str = "test", **extra: Any) -> dict[str, Any]:
    """The OIDC_PROVIDERS entry of the test provider (offline_access: its refresh tokens let a refresh ask it)."""
    return {"key": key, "label": "Test ID", "issuer": issuer, "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
            "scopes": ["openid", "email", "profile", "groups", "offline_access"], "roles_claim": "groups",
            "extra_params": {"prompt": "consent"}, **extra}


@dataclass
class TestProvider:
    issuer: str
    process: subprocess.Popen[bytes]
    log: Path

    def _admin(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        r = httpx.post(f"{self.issuer}/__admin/{path}", json=body or {}, timeout=10)
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    def disable(self, sub: str) -> dict[str, Any]:
        """The person leaves: the provider knows them no more, and tells back-channel clients."""
        return self._admin(f"users/{sub}/disable")

    def enable(self, sub: str) -> None:
        self._admin(f"users/{sub}/enable")

    def tamper(self, claims: dict[str, Any] | None = None, *, rogue_key: bool = False) -> None:
        """The next token answer's ID token with these claims changed (or signed with a key not the provider's)."""
        self._admin("tamper", {"claims": claims or {}, "rogueKey": rogue_key})

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def start_provider(folder: Path, *, clients: list[dict[str, Any]], people: list[dict[str, Any]] | None = None,
                   port: int | None = None) -> TestProvider:
    """oidc-provider on a free port of this host, with its own signing key, these clients and people."""
    node = shutil.which("node")
    if node is None or not (FOLDER / "node_modules" / "oidc-provider").is_dir():
        raise RuntimeError("the test OpenID provider is not installed: run `make test` (or `cd tests/oidc && npm ci`)")
    port = port or free_port()
    issuer = f"http://127.0.0.1:{port}"
    folder.mkdir(parents=True, exist_ok=True)
    key = RSAKey.generate_key(2048, parameters={"kid": f"test-{port}", "use": "sig", "alg": "RS256"},
                              private=True)
    config = {"port": port, "issuer": issuer, "jwks": {"keys": [key.as_dict(private=True)]}, "clients": clients,
              "users": people if people is not None else PEOPLE}
    config_file = folder / f"provider-{port}.json"
    config_file.write_text(json.dumps(config))
    log = folder / f"provider-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen([node, str(FOLDER / "server.mjs"), str(config_file)], stdout=out,
                                   stderr=subprocess.STDOUT, cwd=FOLDER)
    provider = TestProvider(issuer=issuer, process=process, log=log)
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{issuer}/.well-known/openid-configuration", timeout=2).status_code == 200:
                return provider
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            provider.stop()
            raise RuntimeError(f"the test OpenID provider did not start: {log.read_text()[-2000:]}")
        time.sleep(0.1)


@dataclass
class BackChannel:
    """Where the provider delivers its back-channel logout tokens when the app under test listens on no port (the
    in-process TestClient): each one is kept for the test to hand to the app as the provider sent it."""

    url: str
    tokens: list[str] = field(default_factory=list)


@contextmanager
def back_channel_relay() -> Iterator[BackChannel]:
    port = free_port()
    relay = BackChannel(url=f"http://127.0.0.1:{port}/backchannel")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length") or 0)).decode()
            relay.tokens.extend(parse_qs(body).get("logout_token", []))
            self.send_response(200)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield relay
    finally:
        server.shutdown()
        server.server_close()


_FORM = re.compile(r'<form[^>]*action="([^"]+)"[^>]*method="post"', re.I)


def sign_in_at_provider(authorization_url: str, sub: str, *, browser: httpx.Client | None = None,
                        stop_at: str) -> str:
    """A person's sign-in at the provider's pages, as a browser does it: from the authorization URL through the sign-in
    and consent forms to the redirect back to the app (a URL starting with `stop_at`), which is returned."""
    own = browser is None
    browser = browser or httpx.Client(timeout=10)
    try:
        url, method, data = authorization_url, "GET", None
        for _ in range(12):
            r = browser.request(method, url, data=data)
            if r.is_redirect:
                url, method, data = urljoin(url, r.headers["location"]), "GET", None
                if url.startswith(stop_at):
                    return url
                continue
            r.raise_for_status()
            form = _FORM.search(r.text)
            assert form, f"no form on the provider's page {url}: {r.text[:500]}"
            action = urljoin(url, form.group(1).replace("&amp;", "&"))
            fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', r.text))
            if 'name="login"' in r.text:
                fields.update(login=sub, password="any-password")
            url, method, data = action, "POST", fields
        raise AssertionError("the provider's sign-in did not come back to the app")
    finally:
        if own:
            browser.close()


def query_of(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


@pytest.fixture(scope="session")
def oidc_back_channel() -> Iterator[BackChannel]:
    """The relay the session's provider delivers its back-channel logout tokens to."""
    with back_channel_relay() as relay:
        yield relay


@pytest.fixture(scope="session")
def oidc_provider(services: Any, oidc_back_channel: BackChannel) -> Iterator[TestProvider]:
    """The session's OpenID provider, with the in-process app (http://testserver, provider key `test`) as client."""
    provider = start_provider(services.data_dir.parent / "oidc",
                              clients=[client_metadata("http://testserver", "test",
                                                       back_channel=oidc_back_channel.url)])
    try:
        yield provider
    finally:
        provider.stop()
