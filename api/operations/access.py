"""Who operates the engine: users whose role has the page `operations` (granted in Menu Page Access; administrators
have it, nobody else by default). Only they are shown the Temporal UI's links, reach the UI behind the web server,
and read sealed payloads through the codec endpoint (api/operations/router.py).

A browser reaches the Temporal UI with the operations cookie: the app asks for it (with the operator's access
token) just before it opens the UI; it is a short-lived token of its own kind (`typ` operations, never a sign-in
token), bound to the operator's session, so signing out or losing the page ends it too. The web server checks it on
every request to the UI (`auth_request`, deploy/nginx.conf) and the codec endpoint on every decode."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import redis
from fastapi import Request, Response
from sqlalchemy.orm import Session

from api.auth import sessions
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.deps import PageAccess, SessionDep
from api.core.errors import Forbidden, Unauthorized
from api.users.models import User

PAGE = "operations"
COOKIE = "crm_operations"
PURPOSE = "operations"
HOURS = 8
NOT_AN_OPERATOR = "Only operators (the Operations page in Menu Page Access) may open the Temporal UI."
NO_COOKIE = "Open the Temporal UI from the CRM (a request's timeline) while signed in as an operator."


def is_operator(policy: PolicyStore, user: User) -> bool:
    return policy.allowed(user.role.name, PAGE, "read")


def ui_links(settings: Settings, policy: PolicyStore | None, viewer: User | None) -> Callable[[str], str | None]:
    """A workflow's page in the Temporal UI, for an operator only: for anyone else (or without a UI) every answer is
    None. The one owner of who is shown those links (timelines, cost sheet flows)."""
    if viewer is None or policy is None or not is_operator(policy, viewer):
        return _none
    return settings.workflow_url


def _none(workflow_id: str) -> None:
    return None


def issue(response: Response, settings: Settings, user: User, session_id: str) -> None:
    """Set the operations cookie of an operator's session (every path: the UI behind the web server is under /)."""
    now = datetime.now(UTC)
    token = jwt.encode({"typ": PURPOSE, "sub": str(user.id), "sid": session_id, "iat": now,
                        "exp": now + timedelta(hours=HOURS)}, settings.signing_key(), algorithm=settings.jwt_algorithm)
    response.set_cookie(COOKIE, token, max_age=HOURS * 3600, path="/", secure=settings.auth_cookie_secure,
                        httponly=True, samesite="strict")
    response.headers["Cache-Control"] = "no-store"


def cookie_operator(request: Request, session: Session) -> User:
    """The operator of the request's operations cookie: valid, its session open, the user active and still an
    operator; else 401 (no or a bad cookie) or 403."""
    state: Any = request.app.state
    settings: Settings = state.settings
    token = request.cookies.get(COOKIE)
    if not token:
        raise Unauthorized(NO_COOKIE)
    try:
        claims = jwt.decode(token, settings.signing_key(), algorithms=[settings.jwt_algorithm],
                            options={"require": ["exp", "sub", "sid", "typ"]})
    except jwt.PyJWTError as exc:
        raise Unauthorized(NO_COOKIE) from exc
    if claims.get("typ") != PURPOSE or not str(claims["sub"]).isdigit():
        raise Unauthorized(NO_COOKIE)
    redis_client: redis.Redis = state.redis
    user_id = int(claims["sub"])
    if not sessions.is_open(redis_client, str(claims["sid"]), user_id):
        raise Unauthorized("Your session has ended, please sign in again.")
    user = session.get(User, user_id)
    if user is None or not user.is_active:
        raise Unauthorized(NO_COOKIE)
    policy: PolicyStore = state.policy
    policy.refresh()
    if not is_operator(policy, user):
        raise Forbidden(NOT_AN_OPERATOR)
    return user


class OperatorCookie(PageAccess):
    """`Depends(OperatorCookie())`: the operations page, proven by the operations cookie (the Temporal UI and the
    web server cannot send a bearer token)."""

    def __init__(self) -> None:
        super().__init__(PAGE, "read")

    def __call__(self, request: Request, session: SessionDep) -> User:  # type: ignore[override]
        return cookie_operator(request, session)

    def __repr__(self) -> str:
        return "OperatorCookie()"
