"""A username hammered from many addresses: its user signs in from a known device as always, and from a new one with
the code mailed to them (through Temporal into the outbox); wrong, expired and used codes are refused."""

import email
import email.policy
import re
import time
from pathlib import Path

import httpx
import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.auth import verification
from api.users.models import User
from tests import sealed
from tests.conftest import DEMO_PASSWORD, Services, auth, run_async
from tests.integration.auth.test_throttle import from_address, hammer_from_many_addresses, sign_in

OWNER = "sales3"
MAILBOX = "sales3@pipeline-crm.local"
CODE_SENT = "We emailed a code to s***@pipeline-crm.local. Enter it to finish signing in."
EXPIRED = "This code has expired or was already used. Sign in again to get a new one."
NEW_PASSWORD = "Fresh#Start2026!x"


def mails_to(client: TestClient, address: str) -> dict[Path, email.message.EmailMessage]:
    box: Path = client.app.state.settings.outbox_dir  # type: ignore[attr-defined]
    found: dict[Path, email.message.EmailMessage] = {}
    for path in box.glob("*.eml") if box.exists() else []:
        msg = email.message_from_string(path.read_text(), policy=email.policy.default)
        if msg["To"] == address:
            found[path] = msg  # type: ignore[assignment]
    return found


def mailed_code(client: TestClient, before: set[Path]) -> str:
    """The code of the sign-in code mail that reached the owner's mailbox after `before`."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        new = [msg for path, msg in mails_to(client, MAILBOX).items() if path not in before]
        if new:
            assert len(new) == 1, [m["Subject"] for m in new]
            assert new[0]["Subject"] == "Your Pipeline CRM sign-in code"
            text = new[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
            match = re.search(r"^\s*(\d{6})\s*$", text, re.MULTILINE)
            assert match, text
            return match.group(1)
        time.sleep(0.1)
    raise AssertionError("no sign-in code mail reached the outbox")


def challenged(client: TestClient, host: str) -> tuple[TestClient, str, str]:
    """The right password from a new address: its client, the challenge and the mailed code."""
    before = set(mails_to(client, MAILBOX))
    browser = from_address(client, host)
    r = sign_in(browser, OWNER, DEMO_PASSWORD)
    assert r.status_code == 401, r.text
    assert r.json()["type"] == "DeviceVerificationRequired"
    assert r.json()["messages"] == [CODE_SENT]
    return browser, r.json()["challenge"], mailed_code(client, before)


def enter(browser: TestClient, challenge: str, code: str) -> httpx.Response:
    return browser.post("/api/auth/login/code", json={"challenge": challenge, "code": code})


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


@pytest.mark.usefixtures("worker")
class TestAHundredAddresses:
    def test_the_owner_signs_in_from_a_known_address_and_from_a_new_one_only_with_the_mailed_code(
            self, client: TestClient) -> None:
        desk = from_address(client, "10.50.0.1")
        assert sign_in(desk, OWNER, DEMO_PASSWORD).status_code == 200
        for i in range(300):  # a hundred addresses, three failures each (below every address's own delays)
            r = sign_in(from_address(client, f"10.8.{i % 100}.1"), OWNER, "Winter2026!")
            assert r.status_code == 400, r.text

        before = set(mails_to(client, MAILBOX))
        assert sign_in(desk, OWNER, DEMO_PASSWORD).status_code == 200  # no code from the desk

        laptop = from_address(client, "10.60.0.1")
        asked = sign_in(laptop, OWNER, DEMO_PASSWORD)
        assert asked.status_code == 401
        assert "crm_refresh" not in asked.cookies and "token" not in asked.json()
        challenge = asked.json()["challenge"]
        code = mailed_code(client, before)  # the only mail: the desk's sign-in sent none

        refused = enter(laptop, challenge, wrong(code))
        assert (refused.status_code, refused.json()) == (
            400, {"messages": ["That code is not right. 4 tries left."], "type": "BadRequest"})
        done = enter(laptop, challenge, f"{code[:3]} {code[3:]}")  # as copied from the mail, with a space
        assert done.status_code == 200, done.text
        token = done.json()["results"]["token"]
        assert done.cookies["crm_refresh"] and done.cookies["crm_device"]
        session = client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"})
        assert session.json()["results"]["user"]["username"] == OWNER

        reused = enter(laptop, challenge, code)
        assert (reused.status_code, reused.json()["messages"]) == (400, [EXPIRED])
        # signing in with the code ended the requirement: the next new address needs none, until the attack is back
        assert sign_in(from_address(client, "10.60.0.2"), OWNER, DEMO_PASSWORD).status_code == 200
        hammer_from_many_addresses(client, OWNER)
        assert sign_in(laptop, OWNER, DEMO_PASSWORD).status_code == 200  # known now
        challenged(client, "10.60.0.3")

    def test_an_expired_code_is_refused(self, client: TestClient) -> None:
        hammer_from_many_addresses(client, OWNER)
        laptop, challenge, code = challenged(client, "10.60.0.1")
        r: redis.Redis = client.app.state.redis  # type: ignore[attr-defined]
        (key,) = r.scan_iter(match="auth:login:code:*", count=1000)
        assert 590 < r.ttl(key) <= 600  # ten minutes
        r.pexpire(key, 1)
        time.sleep(0.01)
        expired = enter(laptop, challenge, code)
        assert (expired.status_code, expired.json()["messages"]) == (400, [EXPIRED])

    def test_five_wrong_codes_end_the_challenge(self, client: TestClient) -> None:
        hammer_from_many_addresses(client, OWNER)
        laptop, challenge, code = challenged(client, "10.60.0.1")
        for left in (4, 3, 2, 1):
            assert enter(laptop, challenge, wrong(code)).json()["messages"] == [
                f"That code is not right. {left} {'try' if left == 1 else 'tries'} left."]
        last = enter(laptop, challenge, wrong(code))
        assert last.json()["messages"] == ["Too many wrong codes. Sign in again to get a new one."]
        assert enter(laptop, challenge, code).json()["messages"] == [EXPIRED]

    def test_a_new_code_replaces_the_first_after_a_short_wait(self, client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
        hammer_from_many_addresses(client, OWNER)
        laptop, challenge, first = challenged(client, "10.60.0.1")
        soon = laptop.post("/api/auth/login/code/resend", json={"challenge": challenge})
        assert soon.status_code == 429
        # the wait counts down from 30 s: a slow machine may already be a second into it
        wait = soon.json()["retryAfter"]
        assert 29 <= wait <= 30 and soon.json()["messages"] == [f"You can ask for a new code in {wait} seconds."]

        monkeypatch.setattr(verification, "RESEND_SECONDS", 0)  # the wait is over
        before = set(mails_to(client, MAILBOX))
        again = laptop.post("/api/auth/login/code/resend", json={"challenge": challenge})
        assert again.status_code == 200
        assert again.json()["results"] == {"email": "s***@pipeline-crm.local", "resendAfter": 0}
        second = mailed_code(client, before)
        assert enter(laptop, challenge, first).status_code == 400
        assert enter(laptop, challenge, second).status_code == 200

    def test_wrong_codes_count_against_the_address(self, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
        hammer_from_many_addresses(client, OWNER)
        laptop, challenge, code = challenged(client, "10.60.0.1")
        monkeypatch.setattr(client.app.state.settings, "login_address_max_failures", 2)  # type: ignore[attr-defined]
        for _ in range(2):
            assert enter(laptop, challenge, wrong(code)).status_code == 400
        refused = enter(laptop, challenge, code)
        assert refused.status_code == 429
        assert refused.json()["messages"] == [
            "Too many failed sign-in attempts from your address. Try again in 15 minutes."]

    def test_a_password_change_ends_a_pending_code(self, client: TestClient, db: Session) -> None:
        hammer_from_many_addresses(client, OWNER)
        laptop, challenge, code = challenged(client, "10.60.0.1")
        owner_id = db.scalars(select(User.id).where(User.username == OWNER)).one()
        changed = client.put(f"/api/users/{owner_id}/change-password", headers=auth(client, "admin"),
                             json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert changed.status_code == 200
        assert enter(laptop, challenge, code).json()["messages"] == [EXPIRED]

    def test_the_code_is_in_no_workflow_history(self, client: TestClient, services: Services) -> None:
        hammer_from_many_addresses(client, OWNER)
        _, challenge, code = challenged(client, "10.60.0.1")
        (mail,) = [path for path, msg in mails_to(client, MAILBOX).items()
                   if code in msg.get_body(("plain",)).get_content()]  # type: ignore[union-attr]
        history = run_async(_history(services.temporal_address, mail.stem))  # the outbox file is named by it
        assert "SignInCodeMailWorkflow" in history and mail.name in history  # its result: where the mail went
        assert code not in history and challenge not in history


async def _history(address: str, workflow_id: str) -> str:
    """A closed workflow's history as its JSON, with every payload's data decoded into it."""
    temporal = await sealed.connect(address)
    handle = temporal.get_workflow_handle(workflow_id)
    await handle.result()
    return sealed.opened_history((await handle.fetch_history()).to_json())


class TestWithoutAMailbox:
    def test_a_user_without_an_email_address_is_sent_to_a_known_device(self, client: TestClient,
                                                                        db: Session) -> None:
        db.scalars(select(User).where(User.username == OWNER)).one().email = None
        db.commit()
        hammer_from_many_addresses(client, OWNER)
        r = sign_in(from_address(client, "10.60.0.1"), OWNER, DEMO_PASSWORD)
        assert (r.status_code, r.json()) == (401, {"messages": [verification.NO_EMAIL], "type": "Unauthorized"})
