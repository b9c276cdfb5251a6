"""Every API route declares the page and action it needs (or is on the explicit public list)."""

from collections.abc import Iterable
from typing import Annotated

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIWebSocketRoute
from fastapi.testclient import TestClient
from starlette.routing import Mount, Route

from api.core.deps import Authz, CurrentUser
from api.core.routing import API_PREFIX, domain_router
from api.route_declarations import (
    PUBLIC_ROUTES,
    SOCKET_ROUTES,
    RouteInfo,
    api_routes,
    other_routes,
    router_routes,
    undeclared_routes,
)
from api.users.models import User

NON_API_ROUTES = {"/api/openapi.json", "/api/docs", "/api/docs/oauth2-redirect", "/{path:path}", "/assets"}


def _api_routes(app: FastAPI) -> list[tuple[str, str]]:
    return sorted((r.method, r.path) for r in api_routes(app))


def test_every_route_of_the_app_is_declared_or_public(app_client: TestClient) -> None:
    app = app_client.app
    assert len(_api_routes(app)) >= 15  # type: ignore[arg-type]
    assert undeclared_routes(app) == []  # type: ignore[arg-type]
    for route in other_routes(app):  # type: ignore[arg-type]
        if isinstance(route, APIWebSocketRoute):  # signs in on its own channel (tests/integration/realtime)
            assert route.path in SOCKET_ROUTES, route.path
            continue
        assert isinstance(route, Route | Mount) and route.path in NON_API_ROUTES, route.path


def test_the_start_check_sees_every_route_the_app_serves(app_client: TestClient) -> None:
    """create_app checks the routers' own routes before the app adds them: the same routes with the same
    declarations as the app serves, but for GET /api/metrics, which the app adds itself (public: api.core.metrics)."""
    from api.main import api_routers

    def shown(routes: Iterable[RouteInfo]) -> set[tuple[str, str, tuple[tuple[str, str], ...]]]:
        return {(r.method, r.path, tuple((a.page, a.action) for a in r.access)) for r in routes}

    served = shown(api_routes(app_client.app))  # type: ignore[arg-type]
    assert shown(router_routes(api_routers())) == {r for r in served if r[1] != "/api/metrics"}


def test_the_public_list_is_short_and_real(app_client: TestClient) -> None:
    routes = set(_api_routes(app_client.app))  # type: ignore[arg-type]
    assert routes >= PUBLIC_ROUTES
    # /api/metrics is Prometheus's: no user signs in there, its own bearer METRICS_TOKEN guards it (test_metrics.py);
    # the codec's CORS preflight carries no credential (its decode needs an operator: tests/integration/operations);
    # a private calendar address's token is its credential (tests/integration/activities/test_calendar_feed.py)
    # single sign-on's handshake and the provider's back-channel logout carry their own (tests/integration/auth)
    assert {p for _, p in PUBLIC_ROUTES} == {"/api/auth/login", "/api/auth/refresh", "/api/health", "/api/ready",
                                           "/api/auth/login/code", "/api/auth/login/code/resend",
                                           "/api/auth/login/second-factor", "/api/auth/login/second-factor/enrol",
                                           "/api/auth/forgot-password/send-mail", "/api/auth/forgot-password",
                                           "/api/metrics", "/api/approval-links/{token}",
                                           "/api/operations/codec/decode", "/api/calendar/{token}.ics",
                                           "/api/auth/sign-in-options",
                                           "/api/auth/oidc/{key}/start", "/api/auth/oidc/{key}/callback",
                                           "/api/auth/oidc/{key}/backchannel-logout"}
    assert ("POST", "/api/operations/codec/decode") not in PUBLIC_ROUTES


def test_the_walk_catches_a_route_that_only_needs_a_signed_in_user() -> None:
    app = FastAPI()
    router = APIRouter(prefix="/api")

    @router.get("/declared")
    def declared(user: Annotated[User, Authz("leads", "read")]) -> None: ...

    @router.get("/sneaky")
    def sneaky(user: CurrentUser) -> None: ...

    app.include_router(router)
    assert undeclared_routes(app) == ["GET /api/sneaky"]
    declared_route = next(r for r in api_routes(app) if r.path == "/api/declared")
    assert [(a.page, a.action) for a in declared_route.access] == [("leads", "read")]


def test_a_router_level_declaration_counts() -> None:
    app = FastAPI()
    router = APIRouter(prefix="/api/leads", dependencies=[Authz("leads", "read")])

    @router.get("")
    def board() -> None: ...

    app.include_router(router)
    assert undeclared_routes(app) == []


def test_create_app_refuses_to_start_with_an_undeclared_route(monkeypatch: pytest.MonkeyPatch) -> None:
    from api import main

    original = main.api_routers

    def with_extra() -> list[APIRouter]:
        router = domain_router("/extra", tags=["extra"])

        @router.get("/undeclared")
        def undeclared() -> None: ...

        return [*original(), router]

    monkeypatch.setattr(main, "api_routers", with_extra)
    with pytest.raises(RuntimeError, match="GET /api/extra/undeclared"):
        main.create_app()


def test_anonymous_callers_get_401_on_every_declared_route(client: TestClient) -> None:
    for method, path in _api_routes(client.app):  # type: ignore[arg-type]
        if (method, path) in PUBLIC_ROUTES:
            continue
        url = path.replace("{user_id}", "1").replace("{file_name}", "x.png")
        r = client.request(method, url, json={})
        assert r.status_code == 401, f"{method} {path} answered {r.status_code}"


def test_every_api_route_is_under_the_prefix_and_refuses_a_nul_first(app_client: TestClient) -> None:
    """The routers are made as the app serves them (api.core.routing.domain_router): one made otherwise would serve
    outside /api or let a NUL character reach its endpoint. GET /api/metrics is the app's own (Prometheus's: it
    reads no text of the call but its bearer token)."""
    from fastapi.routing import APIRoute

    from api.core.inputs import refuse_nul

    routes = [r for r in app_client.app.routes  # type: ignore[attr-defined]
              if isinstance(r, APIRoute) and r.path != f"{API_PREFIX}/metrics"]
    assert len(routes) >= 200
    for route in routes:
        assert route.path.startswith(f"{API_PREFIX}/"), route.path
        assert route.dependant.dependencies and route.dependant.dependencies[0].call is refuse_nul, route.path
