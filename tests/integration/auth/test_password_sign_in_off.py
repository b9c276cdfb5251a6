"""Password sign-in turned off: for one user (User Management, audited) or for everyone (PASSWORD_SIGN_IN=false). The
password form refuses with a clear message, and the sign-in page's options say whether to offer the form."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.conftest import DEMO_PASSWORD, auth

OFF_FOR_EVERYONE = "Sign-in with a password is turned off. Use your organisation's sign-in button instead."
OFF_FOR_USER = ("Sign-in with a password is turned off for your account. Use your organisation's sign-in button "
                "instead.")
INVALID = "Invalid username or password combination"


def _login(client: TestClient, username: str, password: str = DEMO_PASSWORD) -> tuple[int, list[str]]:
    r = client.post("/api/auth/login", json={"username": username, "password": password})
    return r.status_code, r.json().get("messages", [])


@pytest.fixture
def password_off(client: TestClient) -> Iterator[None]:
    app = client.app
    before = app.state.settings  # type: ignore[attr-defined]
    app.state.settings = before.model_copy(update={"password_sign_in": False})  # type: ignore[attr-defined]
    try:
        yield
    finally:
        app.state.settings = before  # type: ignore[attr-defined]


class TestForOneUser:
    def test_an_administrator_turns_it_off_audited_and_the_password_is_refused(self, client: TestClient) -> None:
        admin = auth(client, "admin")
        users = client.get("/api/users", params={"search": "sales1"}, headers=admin).json()["results"]["data"]
        sales1 = next(u for u in users if u["username"] == "sales1")
        assert sales1["passwordSignIn"] is True
        r = client.put(f"/api/users/{sales1['id']}", json={**sales1, "passwordSignIn": False}, headers=admin)
        assert r.status_code == 200 and r.json()["results"]["passwordSignIn"] is False
        audit = client.get("/api/audit", params={"criteria": f'[{{"field":"subjectId","value":"{sales1["id"]}"}}]'},
                           headers=admin).json()["results"]["data"]
        assert audit[0]["changes"] == [{"field": "passwordSignIn", "old": True, "new": False}]

        assert _login(client, "sales1") == (403, [OFF_FOR_USER])
        # a wrong password learns nothing of it
        assert _login(client, "sales1", "Wrong#Password99") == (400, [INVALID])
        assert _login(client, "sales2")[0] == 200  # others sign in as before


class TestForEveryone:
    def test_the_password_form_is_refused_and_not_offered(self, client: TestClient, password_off: None) -> None:
        assert _login(client, "sales1") == (403, [OFF_FOR_EVERYONE])
        assert client.get("/api/auth/sign-in-options").json()["results"]["passwordSignIn"] is False
