"""Every API route names the page and action it needs, except an explicit public list."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from api.deps import PageAccess

API_PREFIX = "/api"

# Routes anyone may call without signing in.
PUBLIC_ROUTES: frozenset[tuple[str, str]] = frozenset({
    ("POST", "/api/auth/login"),
    ("POST", "/api/auth/refresh"),
    ("POST", "/api/auth/forgot-password/send-mail"),
    ("GET", "/api/auth/forgot-password"),
    ("PUT", "/api/auth/forgot-password"),
    ("GET", "/api/health"),
})


def declared_access(dependant: Dependant) -> list[PageAccess]:
    found = [d.call for d in dependant.dependencies if isinstance(d.call, PageAccess)]
    for sub in dependant.dependencies:
        found.extend(declared_access(sub))
    return found


def undeclared_routes(app: FastAPI) -> list[str]:
    """API routes that neither declare a page and action nor appear in PUBLIC_ROUTES."""
    missing = []
    for route in app.routes:
        if not isinstance(route, APIRoute):
            continue
        for method in route.methods:
            if (method, route.path) in PUBLIC_ROUTES:
                continue
            if not declared_access(route.dependant):
                missing.append(f"{method} {route.path}")
    return sorted(missing)


def assert_routes_declared(app: FastAPI) -> None:
    missing = undeclared_routes(app)
    if missing:
        raise RuntimeError(f"routes without an access declaration: {', '.join(missing)}")
