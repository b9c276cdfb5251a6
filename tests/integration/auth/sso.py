"""Signing in to the in-process app through the session's real OpenID provider (tests/oidc_provider.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from api.core.config import OidcProvider
from tests.oidc_provider import TestProvider, provider_setting, query_of, sign_in_at_provider

APP = "http://testserver"
CALLBACK = f"{APP}/api/auth/oidc/"
REFRESH_COOKIE = "crm_refresh"
BROWSER_COOKIE = "crm_oidc"
XHR = {"X-Requested-With": "XMLHttpRequest"}


def cookie_set(response: httpx.Response, name: str) -> str | None:
    for header in response.headers.get_list("set-cookie"):
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        if name in jar and jar[name].value:
            return jar[name].value
    return None


@dataclass
class Started:
    authorization_url: str
    browser: str  # the crm_oidc cookie


@dataclass
class Sso:
    client: TestClient
    provider: TestProvider

    def configure(self, **changes: Any) -> None:
        """The app's settings with these changes (OIDC_PROVIDERS' entry: `provider=`; others: Settings fields)."""
        app = self.client.app
        entry = {"issuer": self.provider.issuer, **changes.pop("provider", {})}
        settings = app.state.settings  # type: ignore[attr-defined]
        app.state.settings = settings.model_copy(update={  # type: ignore[attr-defined]
            "oidc_providers": [OidcProvider(**provider_setting(**entry))], **changes})

    def start(self, key: str = "test") -> Started:
        r = self.client.get(f"/api/auth/oidc/{key}/start", follow_redirects=False)
        assert r.status_code == 303, r.text
        browser = cookie_set(r, BROWSER_COOKIE)
        assert browser, r.headers
        return Started(authorization_url=r.headers["location"], browser=browser)

    def at_provider(self, started: Started, sub: str, browser: httpx.Client | None = None) -> str:
        """The provider's redirect back to the app (its callback URL with code and state)."""
        return sign_in_at_provider(started.authorization_url, sub, browser=browser, stop_at=CALLBACK)

    def callback(self, url: str, browser: str | None) -> httpx.Response:
        parts = urlsplit(url)
        headers = {"Cookie": f"{BROWSER_COOKIE}={browser}"} if browser else {}
        self.client.cookies.clear()
        return self.client.get(f"{parts.path}?{parts.query}", headers=headers, follow_redirects=False)

    def sign_in(self, sub: str) -> httpx.Response:
        """The whole sign-in of a person: the app's answer to the provider's redirect."""
        started = self.start()
        return self.callback(self.at_provider(started, sub), started.browser)

    def signed_in(self, sub: str) -> str:
        """A sign-in that must succeed: the refresh cookie it set."""
        r = self.sign_in(sub)
        assert r.status_code == 303 and r.headers["location"] == "/", (r.status_code, r.headers.get("location"))
        token = cookie_set(r, REFRESH_COOKIE)
        assert token
        return token

    def refresh(self, refresh_token: str) -> httpx.Response:
        self.client.cookies.clear()
        return self.client.post("/api/auth/refresh", headers={**XHR, "Cookie": f"{REFRESH_COOKIE}={refresh_token}"})


def refused_with(response: httpx.Response) -> str:
    """The refusal code of an answer that sent the browser back to the sign-in page."""
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith("/signin?"), location
    assert cookie_set(response, REFRESH_COOKIE) is None
    return query_of(location)["oidc_error"]


@pytest.fixture
def sso(client: TestClient, oidc_provider: TestProvider) -> Iterator[Sso]:
    """The app with the session's provider configured (refusing first-timers, asking the provider at every refresh)."""
    app = client.app
    before = app.state.settings  # type: ignore[attr-defined]
    helper = Sso(client=client, provider=oidc_provider)
    helper.configure(oidc_check_minutes=0)
    try:
        yield helper
    finally:
        app.state.settings = before  # type: ignore[attr-defined]
