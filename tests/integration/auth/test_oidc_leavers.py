"""Leavers leave: signing out of a session from a provider signs out of the provider too (RP-Initiated Logout), and a
person disabled at the provider loses access within the refresh token's life: the next refresh asks the provider
(with the provider's refresh token) and is refused, or the provider's back-channel logout ends their sessions at once.
The provider is the session's real one (tests/oidc_provider.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey

from api.auth import sessions
from api.core.embedded import free_port
from tests.conftest import DEMO_PASSWORD
from tests.integration.auth.sso import APP, CALLBACK, XHR, Sso, cookie_set
from tests.oidc_provider import (
    CLIENT_ID,
    BackChannel,
    client_metadata,
    query_of,
    sign_in_at_provider,
    start_provider,
)

ENDED = "Your session has ended, please sign in again."
ENDPOINT = "/api/auth/oidc/test/backchannel-logout"


@pytest.fixture
def enabled_again(sso: Sso) -> Iterator[list[str]]:
    """The people a test disables at the provider come back afterwards (the provider lives for the session)."""
    disabled: list[str] = []
    yield disabled
    for sub in disabled:
        sso.provider.enable(sub)


def _access(sso: Sso, refresh_token: str) -> tuple[str, str]:
    r = sso.refresh(refresh_token)
    assert r.status_code == 200, r.text
    token = cookie_set(r, "crm_refresh")
    assert token
    return r.json()["results"]["token"], token


def _logout(sso: Sso, access: str, refresh_token: str) -> httpx.Response:
    sso.client.cookies.clear()
    return sso.client.post("/api/auth/logout", headers={**XHR, "Authorization": f"Bearer {access}",
                                                        "Cookie": f"crm_refresh={refresh_token}"})


class TestSignOut:
    def test_signing_out_ends_the_providers_session_too(self, sso: Sso) -> None:
        with httpx.Client(timeout=10) as browser:
            started = sso.start()
            signed_in = sso.callback(sso.at_provider(started, "p-andi", browser), started.browser)
            refresh_token = cookie_set(signed_in, "crm_refresh")
            assert refresh_token
            access, refresh_token = _access(sso, refresh_token)
            r = _logout(sso, access, refresh_token)
            assert r.status_code == 200, r.text
            url = r.json()["results"]["endSessionUrl"]
            assert url.startswith(f"{sso.provider.issuer}/session/end?")
            query = query_of(url)
            assert query["post_logout_redirect_uri"] == f"{APP}/signin" and query["client_id"] == CLIENT_ID
            assert query["id_token_hint"].count(".") == 2
            assert sso.refresh(refresh_token).status_code == 401  # the product's session is over
            assert _provider_records(sso) == []  # and its provider's part went with it

            # the browser goes there, confirms, and comes back to the sign-in page
            page = browser.get(url)
            action = re.search(r'action="([^"]+)"', page.text)
            xsrf = re.search(r'name="xsrf" value="([^"]+)"', page.text)
            assert action and xsrf, page.text[:300]
            back = browser.post(httpx.URL(url).join(action.group(1)), data={"xsrf": xsrf.group(1), "logout": "yes"})
            assert back.is_redirect and back.headers["location"].startswith(f"{APP}/signin")

            # a new sign-in meets the provider's sign-in form again (no provider session to slip through)
            again = sso.start()
            first_page = browser.get(again.authorization_url, follow_redirects=True)
            assert 'name="login"' in first_page.text

    def test_a_password_session_has_no_provider_to_sign_out_of(self, sso: Sso) -> None:
        r = sso.client.post("/api/auth/login", json={"username": "sales1", "password": DEMO_PASSWORD})
        access, refresh_token = r.json()["results"]["token"], cookie_set(r, "crm_refresh")
        assert refresh_token
        assert _logout(sso, access, refresh_token).json()["results"] == {"endSessionUrl": None}


def _provider_records(sso: Sso) -> list[str]:
    redis = sso.client.app.state.redis  # type: ignore[attr-defined]
    return [k for pattern in ("auth:oidc:session:*", "auth:oidc:checked:*", "auth:session-companions:*")
            for k in redis.scan_iter(match=pattern)]


def test_a_session_ended_by_the_product_takes_its_provider_record_with_it(sso: Sso) -> None:
    """A password change or a deactivation ends every session of the person (sessions.close_all): the provider's
    tokens kept for each go too, not at their expiry."""
    access, _ = _access(sso, sso.signed_in("p-andi"))
    assert _provider_records(sso)
    me = sso.client.get("/api/auth/session", headers={"Authorization": f"Bearer {access}"}).json()["results"]
    sessions.close_all(sso.client.app.state.redis, me["user"]["id"])  # type: ignore[attr-defined]
    assert _provider_records(sso) == []


class TestDisabledAtTheProvider:
    def test_the_next_refresh_asks_the_provider_and_ends_the_session(self, sso: Sso,
                                                                     enabled_again: list[str]) -> None:
        access, refresh_token = _access(sso, sso.signed_in("p-putri"))
        access, refresh_token = _access(sso, refresh_token)  # the provider still knows Putri
        sso.provider.disable("p-putri")
        enabled_again.append("p-putri")
        r = sso.refresh(refresh_token)
        assert (r.status_code, r.json()["messages"]) == (401, [ENDED])
        assert sso.client.get("/api/auth/session", headers={"Authorization": f"Bearer {access}"}).status_code == 401

    def test_the_provider_is_asked_no_more_often_than_configured(self, sso: Sso, enabled_again: list[str]) -> None:
        sso.configure(oidc_check_minutes=5)
        _, refresh_token = _access(sso, sso.signed_in("p-putri"))  # asked now
        sso.provider.disable("p-putri")
        enabled_again.append("p-putri")
        _, refresh_token = _access(sso, refresh_token)  # within five minutes: not asked again
        redis = sso.client.app.state.redis  # type: ignore[attr-defined]
        for key in redis.scan_iter(match="auth:oidc:checked:*"):  # five minutes pass
            redis.delete(key)
        assert sso.refresh(refresh_token).status_code == 401

    def test_a_provider_that_does_not_answer_signs_nobody_out(self, sso: Sso) -> None:
        short_lived = start_provider(sso.provider.log.parent, port=free_port(),
                                     clients=[client_metadata("http://testserver", "test")])
        try:
            sso.configure(provider={"issuer": short_lived.issuer}, oidc_timeout=2, oidc_check_minutes=0)
            started = sso.start()
            back = sign_in_at_provider(started.authorization_url, "p-andi", stop_at=CALLBACK)
            refresh_token = cookie_set(sso.callback(back, started.browser), "crm_refresh")
            assert refresh_token
        finally:
            short_lived.stop()
        _, refresh_token = _access(sso, refresh_token)
        _access(sso, refresh_token)  # asked again, still no answer: still signed in


class TestBackChannelLogout:
    def test_the_providers_logout_token_ends_the_persons_sessions_at_once(
            self, sso: Sso, oidc_back_channel: BackChannel, enabled_again: list[str]) -> None:
        sso.configure(oidc_check_minutes=60)  # not the refresh's check: the provider's word
        access, refresh_token = _access(sso, sso.signed_in("p-fajar"))
        other_access, _ = _access(sso, sso.signed_in("p-fajar"))  # a second browser
        oidc_back_channel.tokens.clear()
        assert sso.provider.disable("p-fajar")["told"] == 1
        enabled_again.append("p-fajar")
        [token] = oidc_back_channel.tokens
        sso.client.cookies.clear()
        assert sso.client.post(ENDPOINT, data={"logout_token": token}).status_code == 200
        for bearer in (access, other_access):
            assert sso.client.get("/api/auth/session", headers={"Authorization": f"Bearer {bearer}"}).status_code \
                == 401
        assert sso.refresh(refresh_token).status_code == 401
        # the same token again is refused (acted on once)
        assert sso.client.post(ENDPOINT, data={"logout_token": token}).status_code == 400

    def test_a_logout_token_not_signed_by_the_provider_is_refused(self, sso: Sso) -> None:
        access, _ = _access(sso, sso.signed_in("p-andi"))
        key = RSAKey.generate_key(2048, parameters={"kid": "forged"}, private=True)
        forged = jwt.encode({"alg": "RS256", "kid": "forged"}, {
            "iss": sso.provider.issuer, "aud": CLIENT_ID, "iat": 1, "jti": "forged-1", "sub": "p-andi",
            "events": {"http://schemas.openid.net/event/backchannel-logout": {}}}, key)
        r = sso.client.post(ENDPOINT, data={"logout_token": forged})
        assert (r.status_code, r.json()) == (400, {"error": "invalid_request"})
        assert sso.client.get("/api/auth/session", headers={"Authorization": f"Bearer {access}"}).status_code == 200
