"""Every API route names the page and action it needs (api.core.deps.Authz), except an explicit public list: checked
when the app starts, over its routers."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from fastapi import APIRouter, FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, RouteContext, iter_route_contexts
from starlette.routing import BaseRoute

from api.core.deps import PageAccess

# Routes anyone may call without signing in.
PUBLIC_ROUTES: frozenset[tuple[str, str]] = frozenset({
    ("POST", "/api/auth/login"),
    # a sign-in from a new device finishes with the mailed code (the challenge the sign-in answered is the credential)
    ("POST", "/api/auth/login/code"),
    ("POST", "/api/auth/login/code/resend"),
    # the sign-in's second factor, and setting one up when the role requires it (the challenge is the credential)
    ("POST", "/api/auth/login/second-factor"),
    ("POST", "/api/auth/login/second-factor/enrol"),
    ("POST", "/api/auth/refresh"),
    # single sign-on: the sign-in page's choices, the handshake with a provider (the state kept for the browser that
    # started it is the credential), and the provider's back-channel logout (its signed logout token is)
    ("GET", "/api/auth/sign-in-options"),
    ("GET", "/api/auth/oidc/{key}/start"),
    ("GET", "/api/auth/oidc/{key}/callback"),
    ("POST", "/api/auth/oidc/{key}/backchannel-logout"),
    ("POST", "/api/auth/forgot-password/send-mail"),
    ("GET", "/api/auth/forgot-password"),
    ("PUT", "/api/auth/forgot-password"),
    ("GET", "/api/health"),
    ("GET", "/api/ready"),
    # a mail's Approve and Reject links: the signed, single-use, expiring token is the credential (its approver does
    # not sign in); limited per address (api/approvals/mail_decisions.py); GET only describes, POST decides
    ("GET", "/api/approval-links/{token}"),
    ("POST", "/api/approval-links/{token}"),
    # Prometheus scrapes it: no user signs in, so no page and action can name it (Authz is a user's); it answers only
    # with the bearer METRICS_TOKEN when one is set, and nginx refuses it from outside (api.core.metrics)
    ("GET", "/api/metrics"),
    # a private calendar address: calendars fetch it with its long random token and nothing else; read-only, 404 once
    # replaced or turned off (api/activities/schedule/feed.py)
    ("GET", "/api/calendar/{token}.ics"),
    # the browser's CORS preflight of the Temporal UI's codec calls (it carries no credential); the decode itself needs
    # an operator (api/operations/router.py)
    ("OPTIONS", "/api/operations/codec/decode"),
})

# WebSockets sign in with their first message (a browser cannot put a bearer header on one) and check each page
# their messages need themselves (api/realtime/socket.py)
SOCKET_ROUTES: frozenset[str] = frozenset({"/api/realtime"})


@dataclass(frozen=True)
class RouteInfo:
    method: str
    path: str
    access: tuple[PageAccess, ...]


def declared_access(dependant: Dependant | None) -> list[PageAccess]:
    if dependant is None:
        return []
    found = [d.call for d in dependant.dependencies if isinstance(d.call, PageAccess)]
    for sub in dependant.dependencies:
        found.extend(declared_access(sub))
    return found


def _declared(contexts: Iterable[RouteContext]) -> Iterator[RouteInfo]:
    for ctx in contexts:
        if not isinstance(ctx.original_route, APIRoute):
            continue
        access = declared_access(ctx.dependant)
        access += [d.dependency for d in (ctx.dependencies or []) if isinstance(d.dependency, PageAccess)]
        for method in sorted(ctx.methods or ()):
            yield RouteInfo(method=method, path=str(ctx.path), access=tuple(access))


def api_routes(app: FastAPI) -> Iterator[RouteInfo]:
    """Every (method, full path) of the app's API routes, through included routers, with its declarations."""
    return _declared(iter_route_contexts(app.routes))


def router_routes(routers: Iterable[APIRouter]) -> Iterator[RouteInfo]:
    """The same of routers whose routes an app will serve as they are (api.core.routing), before it is built."""
    return _declared(iter_route_contexts([route for router in routers for route in router.routes]))


def other_routes(app: FastAPI) -> Iterator[BaseRoute]:
    """Routes that are not API routes (docs, the front end)."""
    for ctx in iter_route_contexts(app.routes):
        if not isinstance(ctx.original_route, APIRoute):
            yield ctx.original_route


def _undeclared(routes: Iterable[RouteInfo]) -> list[str]:
    return sorted(f"{r.method} {r.path}" for r in routes if (r.method, r.path) not in PUBLIC_ROUTES and not r.access)


def undeclared_routes(app: FastAPI) -> list[str]:
    """API routes that neither declare a page and action nor appear in PUBLIC_ROUTES."""
    return _undeclared(api_routes(app))


def assert_routes_declared(routers: Iterable[APIRouter]) -> None:
    """Refuse to start an app whose routers have an API route that declares nothing."""
    missing = _undeclared(router_routes(routers))
    if missing:
        raise RuntimeError(f"routes without an access declaration: {', '.join(missing)}")
