"""Security headers are set once for every response of the app (issue 12 §4): the API's answers (errors and
refusals included), the front end's pages and the API docs, which load Swagger UI under a policy of their own."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.core.headers import APP_POLICY, DOCS_POLICY, app_policy, tile_source

# the activity map's tiles come from the tile server the settings name (the default, OpenStreetMap's, in tests)
EXPECTED = {"x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer",
            "content-security-policy": app_policy(("https://tile.openstreetmap.org",))}


def headers_of(client: TestClient, method: str, path: str, **kwargs: object) -> dict[str, str]:
    r = client.request(method, path, **kwargs)  # type: ignore[arg-type]
    return {name: r.headers.get(name, "") for name in EXPECTED}


@pytest.mark.parametrize(("method", "path", "kwargs"), [
    ("GET", "/api/health", {}),
    ("GET", "/api/auth/session", {}),  # 401
    ("GET", "/api/leads/999999999", {}),
    ("POST", "/api/auth/login", {"json": {"username": "nobody", "password": "x"}}),
    ("POST", "/api/auth/login", {"content": b"x" * (2 * 1024 * 1024)}),  # 413 of the body limit
    ("GET", "/", {}),  # the front end (or its 'not built' page)
    ("GET", "/leads/42", {}),
    ("GET", "/api/openapi.json", {}),
])
def test_every_answer_carries_them(client: TestClient, method: str, path: str, kwargs: dict[str, object]) -> None:
    assert headers_of(client, method, path, **kwargs) == EXPECTED


def test_the_policy_allows_only_the_app_itself() -> None:
    directives = dict(d.strip().split(" ", 1) for d in APP_POLICY.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no eval, no other origin
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert "'unsafe-inline'" not in directives["default-src"] and "http" not in APP_POLICY


def test_images_come_from_the_tile_server_only_besides_the_app() -> None:
    assert tile_source("https://tile.openstreetmap.org/{z}/{x}/{y}.png") == "https://tile.openstreetmap.org"
    assert tile_source("https://{s}.tiles.example.id:8443/{z}/{x}/{y}.png") == "https://*.tiles.example.id:8443"
    assert tile_source("/tiles/{z}/{x}/{y}.png") is None and tile_source("javascript:alert(1)//{z}") is None
    policy = dict(d.strip().split(" ", 1) for d in app_policy(("https://tile.openstreetmap.org",)).split(";"))
    assert policy["img-src"] == "'self' data: blob: https://tile.openstreetmap.org"
    assert policy["connect-src"] == "'self'" and policy["script-src"] == "'self'"
    assert app_policy(()) == APP_POLICY


def test_the_api_docs_have_their_own_policy(client: TestClient) -> None:
    r = client.get("/api/docs")
    assert r.status_code == 200 and "swagger-ui" in r.text
    assert r.headers["content-security-policy"] == DOCS_POLICY and "https://cdn.jsdelivr.net" in DOCS_POLICY
    assert r.headers["x-frame-options"] == "DENY"
