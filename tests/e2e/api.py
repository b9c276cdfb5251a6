"""The product's API as a journey's set-up and checks call it (beside what the browser does)."""

from __future__ import annotations

import httpx

from tests.conftest import DEMO_PASSWORD


def token(http: httpx.Client, username: str, password: str = DEMO_PASSWORD) -> dict[str, str]:
    """The bearer header of a fresh sign-in."""
    r = http.post("/api/auth/login", json={"username": username, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['results']['token']}"}
