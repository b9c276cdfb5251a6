"""Forgot password: the mail (via Temporal into the outbox), the token check and the reset."""

import asyncio
import email
import email.policy
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from api.auth.passwords import CONFIRM_REQUIRED, NEW_PASSWORD_REQUIRED, PASSWORDS_MUST_MATCH, POLICY_MESSAGE
from api.users.models import User
from tests import sealed
from tests.conftest import DEMO_PASSWORD, Services, auth, login, run_async
from workflows.contracts.mail import PasswordResetMailInput

NEW_PASSWORD = "Fresh#Start2026!x"
INVALID_LINK = "This password reset link is invalid or has expired."


def _outbox(client: TestClient) -> Path:
    return client.app.state.settings.outbox_dir  # type: ignore[attr-defined,no-any-return]


def _mails_to(client: TestClient, address: str) -> dict[Path, email.message.EmailMessage]:
    box = _outbox(client)
    found: dict[Path, email.message.EmailMessage] = {}
    for path in box.glob("*.eml") if box.exists() else []:
        msg = email.message_from_string(path.read_text(), policy=email.policy.default)
        if msg["To"] == address:
            found[path] = msg  # type: ignore[assignment]
    return found


def request_link(client: TestClient, username: str, base: str = "http://testserver") -> str:
    address = f"{username}@pipeline-crm.local"
    before = set(_mails_to(client, address))
    r = client.post("/api/auth/forgot-password/send-mail", json={"username": username, "redirectBaseUrl": base})
    assert r.status_code == 200
    assert r.json()["results"] == {"sent": True}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        new = [msg for path, msg in _mails_to(client, address).items() if path not in before]
        if new:
            text = new[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
            match = re.search(r"(https?://\S+/forgot-password/(\S+))", text)
            assert match, text
            return match.group(1)
        time.sleep(0.2)
    raise AssertionError("no reset mail reached the outbox")


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def _is_valid(client: TestClient, link: str) -> bool:
    return client.get("/api/auth/forgot-password", params={"token": _token(link)}).status_code == 200


def _reset_with(client: TestClient, link: str, username: str, password: str) -> int:
    token = _token(link)
    user_id = client.get("/api/auth/forgot-password", params={"token": token}).json()["results"]["userId"]
    return client.put("/api/auth/forgot-password", json={
        "userId": user_id, "userName": username, "forgotPasswordToken": token,
        "newPassword": password, "confirmationNewPassword": password}).status_code


def _reset_requests(address: str, since: datetime, usernames: set[str]) -> dict[str, str]:
    """username -> outcome of each password-reset mail workflow started since `since` for these usernames."""

    async def find() -> dict[str, str]:
        temporal = await sealed.connect(address)
        found: dict[str, str] = {}
        deadline = time.monotonic() + 30
        while set(found) != usernames and time.monotonic() < deadline:  # visibility follows a start shortly after
            async for run in temporal.list_workflows("WorkflowType = 'PasswordResetMailWorkflow'"):
                if run.start_time < since:
                    continue
                handle = temporal.get_workflow_handle(run.id)
                started = (await handle.fetch_history()).events[0].workflow_execution_started_event_attributes
                (arg,) = await temporal.data_converter.decode(started.input.payloads, [PasswordResetMailInput])
                if arg.username in usernames:
                    found[arg.username] = await handle.result()
            await asyncio.sleep(0.2)
        return found

    return run_async(find())  # type: ignore[no-any-return]


@pytest.mark.usefixtures("worker")
class TestForgotPassword:
    def test_the_mail_carries_a_link_that_resets_the_password_once(self, client: TestClient) -> None:
        link = request_link(client, "sales4")
        assert link.startswith("http://testserver/forgot-password/")
        token = _token(link)

        r = client.get("/api/auth/forgot-password", params={"token": token})
        assert r.status_code == 200
        user_id = r.json()["results"]["userId"]
        assert r.json()["results"]["userName"] == "sales4"

        body = {"userId": user_id, "userName": "sales4", "forgotPasswordToken": token}
        weak = client.put("/api/auth/forgot-password",
                          json={**body, "newPassword": "password123", "confirmationNewPassword": "password123"})
        assert weak.status_code == 422
        assert weak.json()["messages"] == [POLICY_MESSAGE]

        ok = client.put("/api/auth/forgot-password",
                        json={**body, "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert ok.status_code == 200

        old = client.post("/api/auth/login", json={"username": "sales4", "password": DEMO_PASSWORD})
        assert old.status_code == 400
        assert login(client, "sales4", NEW_PASSWORD)["token"]
        other = "Another#Pass2026!"
        again = client.put("/api/auth/forgot-password",
                           json={**body, "newPassword": other, "confirmationNewPassword": other})
        assert again.status_code == 400
        assert again.json()["messages"] == [INVALID_LINK]
        assert client.get("/api/auth/forgot-password", params={"token": token}).status_code == 400

    def test_a_reset_ends_every_open_session(self, client: TestClient) -> None:
        tokens = login(client, "sales5")
        token = _token(request_link(client, "sales5"))
        user_id = client.get("/api/auth/forgot-password", params={"token": token}).json()["results"]["userId"]
        client.put("/api/auth/forgot-password", json={
            "userId": user_id, "userName": "sales5", "forgotPasswordToken": token,
            "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert client.get("/api/auth/session",
                          headers={"Authorization": f"Bearer {tokens['token']}"}).status_code == 401

    def test_a_foreign_redirect_base_is_replaced_by_the_app_url(self, client: TestClient) -> None:
        link = request_link(client, "sales6", base="https://evil.example.com")
        assert link.startswith("http://testserver/forgot-password/")

    def test_known_and_unknown_usernames_get_the_same_answer_after_the_same_work(
            self, client: TestClient, services: Services) -> None:
        since = datetime.now(UTC) - timedelta(seconds=1)
        known, unknown = "SALES6", "ghost-of-sales6"
        statements: list[str] = []

        def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            statements.append(statement)

        engine = client.app.state.engine  # type: ignore[attr-defined]
        answers, work = {}, {}
        event.listen(engine, "before_cursor_execute", record)
        try:
            for name in (known, unknown):
                statements.clear()
                r = client.post("/api/auth/forgot-password/send-mail",
                                json={"username": name, "redirectBaseUrl": "http://testserver"})
                answers[name], work[name] = (r.status_code, r.json()), list(statements)
        finally:
            event.remove(engine, "before_cursor_execute", record)
        assert answers[known] == answers[unknown] == (200, {"results": {"sent": True}})
        # the API looks nothing up: it hands both to the mail workflow before answering, and the worker decides
        assert work[known] == work[unknown] == []
        outcomes = _reset_requests(services.temporal_address, since, {known, unknown})
        assert outcomes[unknown] == "no mail"
        assert outcomes[known].endswith(".eml")
        assert _mails_to(client, "sales6@pipeline-crm.local")

    def test_an_older_link_stops_working_once_a_newer_one_resets_the_password(self, client: TestClient) -> None:
        older, newer = request_link(client, "sales4"), request_link(client, "sales4")
        assert older != newer
        assert _is_valid(client, older) and _is_valid(client, newer)
        assert _reset_with(client, newer, "sales4", NEW_PASSWORD) == 200
        assert not _is_valid(client, older)
        assert _reset_with_token(client, older, "sales4") == 400
        assert login(client, "sales4", NEW_PASSWORD)["token"]

    def test_username_is_required(self, client: TestClient) -> None:
        assert client.post("/api/auth/forgot-password/send-mail", json={"username": ""}).status_code == 422


def _reset_with_token(client: TestClient, link: str, username: str) -> int:
    """PUT with a token whose check would fail, so the user id comes from the database."""
    other = "Another#Pass2026!"
    return client.put("/api/auth/forgot-password", json={
        "userId": _user_id_of(client, username), "userName": username, "forgotPasswordToken": _token(link),
        "newPassword": other, "confirmationNewPassword": other}).status_code


def _user_id_of(client: TestClient, username: str) -> int:
    session: Session = client.app.state.session_factory()  # type: ignore[attr-defined]
    try:
        return int(session.scalars(select(User.id).where(User.username == username)).one())
    finally:
        session.close()


@pytest.mark.usefixtures("worker")
class TestPasswordChangesEndOlderLinks:
    def test_a_change_by_an_administrator(self, client: TestClient) -> None:
        link = request_link(client, "sales5")
        r = client.put(f"/api/users/{_user_id_of(client, 'sales5')}/change-password", headers=auth(client, "admin"),
                       json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 200
        assert not _is_valid(client, link)
        assert _reset_with_token(client, link, "sales5") == 400

    def test_a_change_by_the_user(self, client: TestClient) -> None:
        link = request_link(client, "sales5")
        r = client.put("/api/users/me/change-password", headers=auth(client, "sales5"), json={
            "oldPassword": DEMO_PASSWORD, "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 200
        assert not _is_valid(client, link)
        assert _reset_with_token(client, link, "sales5") == 400


@pytest.mark.usefixtures("worker")
class TestForgotPasswordAddressLimit:
    def test_one_address_asking_too_often_waits_and_others_do_not(self, client: TestClient) -> None:
        body = {"username": "ghost", "redirectBaseUrl": "http://testserver"}
        for _ in range(20):
            assert client.post("/api/auth/forgot-password/send-mail", json=body).status_code == 200
        refused = client.post("/api/auth/forgot-password/send-mail", json=body)
        assert refused.status_code == 429
        assert refused.json()["messages"] == ["Too many password reset requests. Try again in 15 minutes."]
        other = TestClient(client.app, client=("10.0.9.1", 40000), raise_server_exceptions=False)
        assert other.post("/api/auth/forgot-password/send-mail", json=body).status_code == 200


class TestResetValidation:
    @pytest.mark.parametrize("token", ["", "not-a-real-token"])
    def test_invalid_token_is_a_400_with_a_message(self, client: TestClient, token: str) -> None:
        r = client.get("/api/auth/forgot-password", params={"token": token})
        assert r.status_code == 400
        assert r.json()["messages"] == [INVALID_LINK]

    @pytest.mark.parametrize(
        ("new", "confirm", "messages"),
        [
            ("", "", [NEW_PASSWORD_REQUIRED, CONFIRM_REQUIRED]),
            (NEW_PASSWORD, "", [CONFIRM_REQUIRED]),
            (NEW_PASSWORD, NEW_PASSWORD + "1", [PASSWORDS_MUST_MATCH]),
            ("short", "short", [POLICY_MESSAGE]),
        ],
    )
    def test_policy_messages(self, client: TestClient, new: str, confirm: str, messages: list[str]) -> None:
        r = client.put("/api/auth/forgot-password", json={
            "userId": 1, "userName": "admin", "forgotPasswordToken": "whatever",
            "newPassword": new, "confirmationNewPassword": confirm})
        assert r.status_code == 422
        assert r.json()["messages"] == messages

    def test_user_and_token_are_required(self, client: TestClient) -> None:
        r = client.put("/api/auth/forgot-password",
                       json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 422
        assert r.json()["messages"] == ["User and reset token are required."]

    def test_a_valid_password_with_a_wrong_token_is_refused(self, client: TestClient) -> None:
        r = client.put("/api/auth/forgot-password", json={
            "userId": 1, "userName": "admin", "forgotPasswordToken": "forged",
            "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 400
        assert r.json()["messages"] == [INVALID_LINK]
