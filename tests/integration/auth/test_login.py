"""POST /api/auth/login, /refresh, /logout and token checking."""

from datetime import UTC, datetime, timedelta

import jwt
import pytest
from fastapi.testclient import TestClient

from api.core.security import encode_access_token
from tests.conftest import DEMO_PASSWORD, auth, login

INVALID = "Invalid username or password combination"


class TestLogin:
    def test_valid_credentials_give_a_token_pair_that_opens_the_session(self, client: TestClient) -> None:
        tokens = login(client, "sales1")
        assert set(tokens) == {"token", "refreshToken"}
        r = client.get("/api/auth/session", headers={"Authorization": f"Bearer {tokens['token']}"})
        assert r.status_code == 200
        assert r.json()["results"]["user"]["username"] == "sales1"

    def test_username_is_not_case_sensitive(self, client: TestClient) -> None:
        assert login(client, "Sales1")["token"]

    @pytest.mark.parametrize(("username", "password"), [("sales1", "wrong"), ("nobody", DEMO_PASSWORD)])
    def test_bad_credentials_are_a_400_with_the_spec_message(self, client: TestClient, username: str,
                                                             password: str) -> None:
        r = client.post("/api/auth/login", json={"username": username, "password": password})
        assert r.status_code == 400
        assert r.json() == {"messages": [INVALID], "type": "BadRequest"}

    def test_missing_fields_are_a_422(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", json={"username": "sales1"})
        assert r.status_code == 422
        assert r.json()["type"] == "ValidationFailed"

    def test_repeated_failures_lock_the_username_for_a_while(self, client: TestClient) -> None:
        for _ in range(4):
            r = client.post("/api/auth/login", json={"username": "sales2", "password": "nope"})
            assert r.status_code == 400
        r = client.post("/api/auth/login", json={"username": "sales2", "password": "nope"})
        assert r.status_code == 429
        assert r.json()["messages"] == ["Too many failed sign-in attempts. Try again in 15 minutes."]
        # even the right password is refused while locked; another username is not affected
        r = client.post("/api/auth/login", json={"username": "sales2", "password": DEMO_PASSWORD})
        assert r.status_code == 429
        assert login(client, "sales3")["token"]

    def test_a_success_clears_earlier_failures(self, client: TestClient) -> None:
        for _ in range(4):
            client.post("/api/auth/login", json={"username": "sales2", "password": "nope"})
        login(client, "sales2")
        for _ in range(4):
            assert client.post("/api/auth/login", json={"username": "sales2", "password": "x"}).status_code == 400


class TestTokens:
    def test_no_token_is_a_401(self, client: TestClient) -> None:
        r = client.get("/api/auth/session")
        assert r.status_code == 401
        assert r.json()["messages"] == ["You are not signed in."]

    def test_tampered_token_is_a_401(self, client: TestClient) -> None:
        token = login(client, "sales1")["token"]
        head, body, sig = token.split(".")
        tampered = f"{head}.{body}.{sig[:-3]}{'AAA' if not sig.endswith('AAA') else 'BBB'}"
        r = client.get("/api/auth/session", headers={"Authorization": f"Bearer {tampered}"})
        assert r.status_code == 401
        assert r.json()["messages"] == ["Invalid authentication token."]

    def test_token_signed_with_another_key_or_none_alg_is_a_401(self, client: TestClient) -> None:
        claims = jwt.decode(login(client, "sales1")["token"], options={"verify_signature": False})
        for forged in (jwt.encode(claims, "another-key-" + "y" * 40, algorithm="HS256"),
                       jwt.encode(claims, None, algorithm="none")):  # type: ignore[arg-type]
            r = client.get("/api/auth/session", headers={"Authorization": f"Bearer {forged}"})
            assert r.status_code == 401

    def test_expired_token_is_a_401(self, client: TestClient) -> None:
        claims = jwt.decode(login(client, "sales1")["token"], options={"verify_signature": False})
        settings = client.app.state.settings  # type: ignore[attr-defined]
        expired = encode_access_token(user_id=int(claims["sub"]), session_id=claims["sid"],
                                      key=settings.signing_key(), algorithm="HS256", minutes=-1)
        r = client.get("/api/auth/session", headers={"Authorization": f"Bearer {expired}"})
        assert r.status_code == 401
        assert r.json()["messages"] == ["Your session has expired, please sign in again."]
        assert datetime.fromtimestamp(claims["exp"], UTC) - datetime.now(UTC) <= timedelta(minutes=15)


class TestRefresh:
    def test_refresh_rotates_and_the_old_refresh_token_stops_working(self, client: TestClient) -> None:
        first = login(client, "sales1")
        r = client.post("/api/auth/refresh", json={"refreshToken": first["refreshToken"]})
        assert r.status_code == 200
        second = r.json()["results"]
        assert second["refreshToken"] != first["refreshToken"]
        assert client.get("/api/auth/session",
                          headers={"Authorization": f"Bearer {second['token']}"}).status_code == 200

    def test_reusing_a_rotated_refresh_token_ends_the_whole_session(self, client: TestClient) -> None:
        first = login(client, "sales1")
        second = client.post("/api/auth/refresh", json={"refreshToken": first["refreshToken"]}).json()["results"]
        replay = client.post("/api/auth/refresh", json={"refreshToken": first["refreshToken"]})
        assert replay.status_code == 401
        assert replay.json()["messages"] == ["Your session has ended, please sign in again."]
        # the thief's replay also kills the legitimate holder's newer tokens
        assert client.post("/api/auth/refresh", json={"refreshToken": second["refreshToken"]}).status_code == 401
        assert client.get("/api/auth/session",
                          headers={"Authorization": f"Bearer {second['token']}"}).status_code == 401

    @pytest.mark.parametrize("token", ["garbage", "a.b", "nosuchsession.secret"])
    def test_unknown_refresh_tokens_are_a_401(self, client: TestClient, token: str) -> None:
        assert client.post("/api/auth/refresh", json={"refreshToken": token}).status_code == 401


class TestLogout:
    def test_logout_revokes_the_session_and_its_refresh_token(self, client: TestClient) -> None:
        tokens = login(client, "sales1")
        headers = {"Authorization": f"Bearer {tokens['token']}"}
        r = client.post("/api/auth/logout", json={"refreshToken": tokens["refreshToken"]}, headers=headers)
        assert r.status_code == 200
        assert client.get("/api/auth/session", headers=headers).status_code == 401
        assert client.post("/api/auth/refresh", json={"refreshToken": tokens["refreshToken"]}).status_code == 401

    def test_logout_of_one_session_keeps_the_others(self, client: TestClient) -> None:
        phone, laptop = auth(client, "sales1"), auth(client, "sales1")
        client.post("/api/auth/logout", json={}, headers=phone)
        assert client.get("/api/auth/session", headers=laptop).status_code == 200

    def test_logout_needs_a_session(self, client: TestClient) -> None:
        assert client.post("/api/auth/logout", json={}).status_code == 401
