"""POST /api/auth/login, /refresh, /logout and token checking (the sign-in throttle is in test_throttle.py)."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import jwt
import pytest
from fastapi.testclient import TestClient

from api.core.security import encode_access_token
from tests.conftest import DEMO_PASSWORD, auth, login

INVALID = "Invalid username or password combination"
ENDED = "Your session has ended, please sign in again."


def refresh(client: TestClient, refresh_token: str):  # type: ignore[no-untyped-def]
    return client.post("/api/auth/refresh", json={"refreshToken": refresh_token})


def grace_passes(client: TestClient) -> None:
    """Let the grace window of every rotation run out (instead of sleeping through it)."""
    r = client.app.state.redis  # type: ignore[attr-defined]
    for key in r.scan_iter(match="auth:refresh-grace:*"):
        r.delete(key)


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

    def test_two_refreshes_at_once_both_get_the_same_new_pair(self, client: TestClient) -> None:
        first = login(client, "sales1")
        start = threading.Barrier(2)

        def two_tabs(_: int):  # type: ignore[no-untyped-def]
            start.wait()
            return refresh(client, first["refreshToken"])

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(two_tabs, range(2)))
        assert [a.status_code for a in answers] == [200, 200]
        pairs = [a.json()["results"] for a in answers]
        assert pairs[0] == pairs[1]
        assert pairs[0]["refreshToken"] != first["refreshToken"]
        assert client.get("/api/auth/session",
                          headers={"Authorization": f"Bearer {pairs[0]['token']}"}).status_code == 200
        assert refresh(client, pairs[0]["refreshToken"]).status_code == 200

    def test_a_refresh_repeated_within_the_grace_window_gets_the_same_pair(self, client: TestClient) -> None:
        first = login(client, "sales1")
        second = refresh(client, first["refreshToken"]).json()["results"]
        again = refresh(client, first["refreshToken"])
        assert again.status_code == 200
        assert again.json()["results"] == second

    def test_a_signed_out_session_gives_nothing_within_the_window(self, client: TestClient) -> None:
        first = login(client, "sales1")
        second = refresh(client, first["refreshToken"]).json()["results"]
        client.post("/api/auth/logout", json={"refreshToken": second["refreshToken"]},
                    headers={"Authorization": f"Bearer {second['token']}"})
        assert refresh(client, first["refreshToken"]).status_code == 401

    def test_a_token_two_rotations_old_ends_the_session_even_within_the_window(self, client: TestClient) -> None:
        first = login(client, "sales1")
        second = refresh(client, first["refreshToken"]).json()["results"]
        third = refresh(client, second["refreshToken"]).json()["results"]
        assert refresh(client, first["refreshToken"]).status_code == 401
        assert refresh(client, third["refreshToken"]).status_code == 401

    def test_reusing_a_rotated_refresh_token_after_the_window_ends_the_whole_session(self, client: TestClient) -> None:
        first = login(client, "sales1")
        second = refresh(client, first["refreshToken"]).json()["results"]
        grace_passes(client)
        replay = refresh(client, first["refreshToken"])
        assert replay.status_code == 401
        assert replay.json()["messages"] == [ENDED]
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
