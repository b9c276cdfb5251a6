"""No secret is ever logged. Every test's logs are scanned after it (tests/log_scan.py, the autouse fixture
`no_secret_logged`); these tests show the scan finds each kind of secret, and walk the flows that handle the most
secrets (sign-in, refresh, forgot-password) with the product logging at DEBUG."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import jwt
import pytest
from fastapi.testclient import TestClient

from tests.conftest import DEMO_PASSWORD, login
from tests.integration.auth.test_forgot_password import request_link
from tests.log_scan import LogScan


def test_the_scan_finds_a_token_a_password_a_signing_key_and_a_reset_token(tmp_path: Path) -> None:
    log, outbox = tmp_path / "server.log", tmp_path / "data" / "outbox"
    outbox.mkdir(parents=True)
    scan = LogScan(tmp_path, demo_password=DEMO_PASSWORD)
    log.write_text("started\n")
    scan.mark()
    assert scan.leaks() == []
    (outbox / "reset.eml").write_text("Subject: Reset\n\nOpen http://x/forgot-password/AbCdEfGhIjKlMnOpQrSt\n")
    token = jwt.encode({"sub": "7", "sid": "abcdefgh"}, "k" * 32)
    with log.open("a") as f:
        f.write(f"signed in with {DEMO_PASSWORD} and {token}\n")
        f.write("reset AbCdEfGhIjKlMnOpQrSt\n")
    found = " | ".join(scan.leaks())
    assert "a password" in found and "a JSON web token" in found and "a reset token" in found
    scan.mark()
    assert scan.leaks() == [], "a line is reported once, in the test that wrote it"


def test_a_server_log_started_again_is_read_from_its_start(tmp_path: Path) -> None:
    log = tmp_path / "e2e-server.log"
    log.write_text("x" * 500)
    scan = LogScan(tmp_path, demo_password=DEMO_PASSWORD)
    scan.mark()
    log.write_text(f"password {DEMO_PASSWORD}\n")
    assert scan.leaks() == [f"e2e-server.log: a password ({DEMO_PASSWORD[:4]}...)"]


@pytest.fixture
def debug_logs() -> Iterator[None]:
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.DEBUG)
    yield
    root.setLevel(level)


@pytest.mark.usefixtures("worker")
def test_sign_in_refresh_and_a_password_reset_log_no_secret(client: TestClient, log_scan: LogScan,
                                                           debug_logs: None) -> None:
    log_scan.mark()
    token = login(client, "sales3")["token"]
    assert client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    link = request_link(client, "sales3")
    assert client.get("/api/auth/forgot-password", params={"token": link.rsplit("/", 1)[1]}).status_code == 200
    assert re.search(r"\S", log_scan.new_text(log_scan.extra[0])), "the product logged nothing: the scan proves nothing"
    assert log_scan.leaks() == []
