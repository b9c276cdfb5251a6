"""Forgot password: the mail (via Temporal into the outbox), the token check and the reset."""

import email
import email.policy
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.auth.passwords import CONFIRM_REQUIRED, NEW_PASSWORD_REQUIRED, PASSWORDS_MUST_MATCH, POLICY_MESSAGE
from tests.conftest import DEMO_PASSWORD, login

NEW_PASSWORD = "Fresh#Start2026!x"
INVALID_LINK = "This password reset link is invalid or has expired."


def _outbox(client: TestClient) -> Path:
    return client.app.state.settings.outbox_dir  # type: ignore[attr-defined,no-any-return]


def _mails_to(client: TestClient, address: str) -> list[email.message.EmailMessage]:
    box = _outbox(client)
    found: list[email.message.EmailMessage] = []
    for path in sorted(box.glob("*.eml")) if box.exists() else []:
        msg = email.message_from_string(path.read_text(), policy=email.policy.default)
        if msg["To"] == address:
            found.append(msg)  # type: ignore[arg-type]
    return found


def request_link(client: TestClient, username: str, base: str = "http://testserver") -> str:
    address = f"{username}@pipeline-crm.local"
    before = len(_mails_to(client, address))
    r = client.post("/api/auth/forgot-password/send-mail", json={"username": username, "redirectBaseUrl": base})
    assert r.status_code == 200
    assert r.json()["results"] == {"sent": True}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        mails = _mails_to(client, address)
        if len(mails) > before:
            text = mails[-1].get_body(("plain",)).get_content()  # type: ignore[union-attr]
            match = re.search(r"(https?://\S+/forgot-password/(\S+))", text)
            assert match, text
            return match.group(1)
        time.sleep(0.2)
    raise AssertionError("no reset mail reached the outbox")


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


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

    def test_unknown_username_gets_the_same_answer_and_no_mail(self, client: TestClient) -> None:
        box = _outbox(client)
        before = len(list(box.glob("*.eml"))) if box.exists() else 0
        r = client.post("/api/auth/forgot-password/send-mail", json={"username": "ghost", "redirectBaseUrl": ""})
        assert r.status_code == 200
        time.sleep(1)
        assert (len(list(box.glob("*.eml"))) if box.exists() else 0) == before

    def test_username_is_required(self, client: TestClient) -> None:
        assert client.post("/api/auth/forgot-password/send-mail", json={"username": ""}).status_code == 422


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
