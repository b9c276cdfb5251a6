"""POST /api/auth/login, /refresh, /logout and token checking (the sign-in throttle is in test_throttle.py).

The refresh token travels only in the httpOnly cookie `crm_refresh` on /api/auth; refresh and logout, the calls
that read it, refuse what another site could send (api/auth/cookie.py)."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from http.cookies import SimpleCookie

import httpx
import jwt
import pytest
from fastapi.testclient import TestClient

from api.core.security import encode_access_token
from tests.conftest import DEMO_PASSWORD, auth, login

INVALID = "Invalid username or password combination"
ENDED = "Your session has ended, please sign in again."
MISSING_HEADER = ("Refused as a possible cross-site request: this call must carry the X-Requested-With header "
                  "(the app sends it).")
FOREIGN = "Refused as a cross-site request: this call must come from the app's own pages."
COOKIE = "crm_refresh"
APP = {"X-Requested-With": "XMLHttpRequest"}  # what the app's refresh and logout send


def set_cookie(response: httpx.Response) -> SimpleCookie:
    """The refresh cookie the answer sets, with its attributes."""
    headers = [h for h in response.headers.get_list("set-cookie") if h.startswith(f"{COOKIE}=")]
    assert len(headers) == 1, response.headers.get_list("set-cookie")
    jar: SimpleCookie = SimpleCookie()
    jar.load(headers[0])
    return jar


def sign_in(client: TestClient, username: str = "sales1") -> tuple[str, str]:
    """The access token (body) and the refresh token (cookie) of a new sign-in."""
    r = client.post("/api/auth/login", json={"username": username, "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    return r.json()["results"]["token"], set_cookie(r)[COOKIE].value


def refresh(client: TestClient, refresh_token: str | None, **headers: str) -> httpx.Response:
    cookie = {"Cookie": f"{COOKIE}={refresh_token}"} if refresh_token is not None else {}
    return client.post("/api/auth/refresh", headers={**APP, **cookie, **headers})


def rotated(client: TestClient, refresh_token: str) -> tuple[str, str]:
    """A refresh that must succeed: its access token and the new refresh cookie."""
    r = refresh(client, refresh_token)
    assert r.status_code == 200, r.text
    return r.json()["results"]["token"], set_cookie(r)[COOKIE].value


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def grace_passes(client: TestClient) -> None:
    """Let the grace window of every rotation run out (instead of sleeping through it)."""
    r = client.app.state.redis  # type: ignore[attr-defined]
    for key in r.scan_iter(match="auth:refresh-grace:*"):
        r.delete(key)


class TestLogin:
    def test_valid_credentials_give_an_access_token_that_opens_the_session(self, client: TestClient) -> None:
        tokens = login(client, "sales1")
        assert set(tokens) == {"token"}  # the refresh token is never in a body a script can read
        r = client.get("/api/auth/session", headers={"Authorization": f"Bearer {tokens['token']}"})
        assert r.status_code == 200
        assert r.json()["results"]["user"]["username"] == "sales1"
        # the business's time zone, in which the app shows every date and time
        assert r.json()["results"]["timeZone"] == "Asia/Jakarta"

    def test_the_refresh_token_comes_as_an_httponly_secure_strict_cookie_on_the_auth_path(
            self, client: TestClient) -> None:
        r = client.post("/api/auth/login", json={"username": "sales1", "password": DEMO_PASSWORD})
        cookie = set_cookie(r)[COOKIE]
        assert cookie.value.count(".") == 1 and len(cookie.value) > 40
        assert cookie["httponly"] is True
        assert cookie["secure"] is True
        assert cookie["samesite"] == "strict"
        assert cookie["path"] == "/api/auth"
        assert int(cookie["max-age"]) == 7 * 86400
        assert "refresh" not in r.text.lower() and cookie.value not in r.text
        assert r.headers["cache-control"] == "no-store"

    def test_the_cookie_is_not_secure_when_configured_for_plain_http(self, client: TestClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(client.app.state.settings, "auth_cookie_secure", False)  # type: ignore[attr-defined]
        r = client.post("/api/auth/login", json={"username": "sales1", "password": DEMO_PASSWORD})
        cookie = set_cookie(r)[COOKIE]
        assert cookie["secure"] == ""
        assert cookie["httponly"] is True and cookie["samesite"] == "strict"

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
    def test_the_cookie_gives_a_new_access_token_and_a_rotated_cookie(self, client: TestClient) -> None:
        _, first = sign_in(client)
        r = refresh(client, first)
        assert r.status_code == 200
        assert set(r.json()["results"]) == {"token"}
        cookie = set_cookie(r)[COOKIE]
        assert cookie.value != first
        assert cookie["httponly"] is True and cookie["secure"] is True
        assert cookie["samesite"] == "strict" and cookie["path"] == "/api/auth"
        assert client.get("/api/auth/session", headers=bearer(r.json()["results"]["token"])).status_code == 200
        assert refresh(client, cookie.value).status_code == 200

    def test_without_the_cookie_it_is_a_401(self, client: TestClient) -> None:
        r = refresh(client, None)
        assert r.status_code == 401
        assert r.json() == {"messages": ["You are not signed in."], "type": "Unauthorized"}

    def test_a_refresh_token_in_the_body_is_no_longer_accepted(self, client: TestClient) -> None:
        _, first = sign_in(client)
        r = client.post("/api/auth/refresh", json={"refreshToken": first}, headers=APP)
        assert r.status_code == 401
        assert refresh(client, first).status_code == 200  # and it was not used up

    def test_without_the_x_requested_with_header_it_is_refused(self, client: TestClient) -> None:
        _, first = sign_in(client)
        r = client.post("/api/auth/refresh", headers={"Cookie": f"{COOKIE}={first}"})
        assert r.status_code == 403
        assert r.json() == {"messages": [MISSING_HEADER], "type": "Forbidden"}
        assert "set-cookie" not in r.headers
        assert refresh(client, first).status_code == 200  # the refused call did not rotate it

    @pytest.mark.parametrize("headers", [
        {"Origin": "https://evil.example"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "null"},
        {"Referer": "https://evil.example/page"},
        {"Sec-Fetch-Site": "cross-site"},
    ])
    def test_a_cross_site_request_is_refused(self, client: TestClient, headers: dict[str, str]) -> None:
        _, first = sign_in(client)
        r = refresh(client, first, **headers)
        assert r.status_code == 403
        assert r.json() == {"messages": [FOREIGN], "type": "Forbidden"}
        assert refresh(client, first).status_code == 200

    @pytest.mark.parametrize("headers", [
        {"Origin": "http://testserver"},  # the configured APP_URL
        {"Referer": "http://testserver/leads/3"},
        {"Origin": "http://127.0.0.1:8000", "Host": "127.0.0.1:8000"},  # the host it was sent to
        {"Sec-Fetch-Site": "same-origin"},
    ])
    def test_the_apps_own_pages_are_accepted(self, client: TestClient, headers: dict[str, str]) -> None:
        _, first = sign_in(client)
        assert refresh(client, first, **headers).status_code == 200

    def test_a_front_end_origin_allowed_by_settings_is_accepted(self, client: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
        settings = client.app.state.settings  # type: ignore[attr-defined]
        monkeypatch.setattr(settings, "allowed_redirect_origins", ["https://crm.example.co.id/"])
        _, first = sign_in(client)
        assert refresh(client, first, Origin="https://crm.example.co.id").status_code == 200

    def test_two_refreshes_at_once_both_get_the_same_new_pair(self, client: TestClient) -> None:
        _, first = sign_in(client)
        start = threading.Barrier(2)

        def two_tabs(_: int) -> httpx.Response:
            start.wait()
            return refresh(client, first)

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(two_tabs, range(2)))
        assert [a.status_code for a in answers] == [200, 200]
        pairs = [(a.json()["results"]["token"], set_cookie(a)[COOKIE].value) for a in answers]
        assert pairs[0] == pairs[1]
        assert pairs[0][1] != first
        assert client.get("/api/auth/session", headers=bearer(pairs[0][0])).status_code == 200
        assert refresh(client, pairs[0][1]).status_code == 200

    def test_a_refresh_repeated_within_the_grace_window_gets_the_same_pair(self, client: TestClient) -> None:
        _, first = sign_in(client)
        second = rotated(client, first)
        assert rotated(client, first) == second  # e.g. the first answer was lost on the way

    def test_a_signed_out_session_gives_nothing_within_the_window(self, client: TestClient) -> None:
        _, first = sign_in(client)
        token, second = rotated(client, first)
        client.post("/api/auth/logout", headers={**APP, **bearer(token), "Cookie": f"{COOKIE}={second}"})
        assert refresh(client, first).status_code == 401

    def test_a_token_two_rotations_old_ends_the_session_even_within_the_window(self, client: TestClient) -> None:
        _, first = sign_in(client)
        _, second = rotated(client, first)
        _, third = rotated(client, second)
        assert refresh(client, first).status_code == 401
        assert refresh(client, third).status_code == 401

    def test_reusing_a_rotated_refresh_token_after_the_window_ends_the_whole_session(self, client: TestClient) -> None:
        _, first = sign_in(client)
        token, second = rotated(client, first)
        grace_passes(client)
        replay = refresh(client, first)
        assert replay.status_code == 401
        assert replay.json()["messages"] == [ENDED]
        # the thief's replay also kills the legitimate holder's newer tokens
        assert refresh(client, second).status_code == 401
        assert client.get("/api/auth/session", headers=bearer(token)).status_code == 401

    @pytest.mark.parametrize("token", ["garbage", "a.b", "nosuchsession.secret"])
    def test_unknown_refresh_tokens_are_a_401(self, client: TestClient, token: str) -> None:
        assert refresh(client, token).status_code == 401


class TestLogout:
    def test_logout_revokes_the_session_and_clears_the_cookie(self, client: TestClient) -> None:
        token, cookie = sign_in(client)
        r = client.post("/api/auth/logout", headers={**APP, **bearer(token), "Cookie": f"{COOKIE}={cookie}"})
        assert r.status_code == 200
        cleared = set_cookie(r)[COOKIE]
        assert cleared.value == "" and int(cleared["max-age"]) == 0
        assert cleared["path"] == "/api/auth" and cleared["httponly"] is True and cleared["samesite"] == "strict"
        assert client.get("/api/auth/session", headers=bearer(token)).status_code == 401
        assert refresh(client, cookie).status_code == 401

    def test_the_cookies_session_ends_too(self, client: TestClient) -> None:
        token, _ = sign_in(client)
        _, other = sign_in(client)
        client.post("/api/auth/logout", headers={**APP, **bearer(token), "Cookie": f"{COOKIE}={other}"})
        assert refresh(client, other).status_code == 401

    def test_logout_of_one_session_keeps_the_others(self, client: TestClient) -> None:
        phone, laptop = auth(client, "sales1"), auth(client, "sales1")
        client.post("/api/auth/logout", headers={**APP, **phone})
        assert client.get("/api/auth/session", headers=laptop).status_code == 200

    def test_logout_needs_a_session(self, client: TestClient) -> None:
        assert client.post("/api/auth/logout", headers=APP).status_code == 401

    @pytest.mark.parametrize("headers", [{}, {**APP, "Origin": "https://evil.example"}])
    def test_a_cross_site_logout_is_refused(self, client: TestClient, headers: dict[str, str]) -> None:
        token, cookie = sign_in(client)
        r = client.post("/api/auth/logout", headers={**headers, **bearer(token), "Cookie": f"{COOKIE}={cookie}"})
        assert r.status_code == 403
        assert r.json()["type"] == "Forbidden"
        assert client.get("/api/auth/session", headers=bearer(token)).status_code == 200
