"""The product's API as a journey's set-up and checks call it (beside what the browser does)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from tests.conftest import DEMO_PASSWORD


def token(http: httpx.Client, username: str, password: str = DEMO_PASSWORD) -> dict[str, str]:
    """The bearer header of a fresh sign-in."""
    r = http.post("/api/auth/login", json={"username": username, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['results']['token']}"}


@contextmanager
def demo_password_back(base_url: str, username: str) -> Iterator[httpx.Client]:
    """For a journey that changes `username`'s password: afterwards, whatever the journey did to it, an administrator
    sets the demo one again, so the journeys after it on the same server sign in as before. Yields a client of the
    API for the journey's own checks."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        user_id = http.get("/api/auth/session", headers=token(http, username)).json()["results"]["user"]["id"]
        try:
            yield http
        finally:
            r = http.put(f"/api/users/{user_id}/change-password", headers=token(http, "admin"),
                         json={"newPassword": DEMO_PASSWORD, "confirmationNewPassword": DEMO_PASSWORD})
            assert r.status_code == 200, r.text
            token(http, username)  # signs in with it again
