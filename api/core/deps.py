"""Request dependencies declared once: SessionDep, RedisDep, CurrentUser, Authz(page, action)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any

import redis
from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import column, select, table
from sqlalchemy.orm import Session

from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import Forbidden, Unauthorized

# the pages' names, for a refusal to name the page (the table api.access.models.Page maps; read here by name so the
# core imports no domain)
_PAGES = table("pages", column("code"), column("name"))


@dataclass(frozen=True)
class Gate:
    """Who a bearer token belongs to, as the app's domains decide it (api.auth.gate: the token, its session, the
    user): set on the app's state by create_app, so the core's dependencies import no domain."""

    user_of: Callable[[Any, Session, str, PolicyStore | None], tuple[Any, str]]


_bearer = HTTPBearer(auto_error=False, description="The access token from POST /auth/login")

NOT_SIGNED_IN = "You are not signed in."
def denied_message(role: str, page: str, action: str) -> str:
    """What a 403 of a missing page access says (the page and action are in the answer's `page` and `action`)."""
    return f"Your role {role} has no {action} access to {page}."


async def get_db(request: Request) -> AsyncIterator[Session]:
    """One session per request. Making it does no I/O, so it happens on the event loop; closing it (a rollback
    and the connection back to the pool) runs in the thread pool. A plain generator cost two hand-offs."""
    session: Session = request.app.state.session_factory()
    try:
        yield session
    finally:
        await run_in_threadpool(session.close)  # rolls back whatever the service layer did not commit


# Dependencies that only read app state are async: FastAPI runs a plain `def` dependency in the thread pool, and
# those hand-offs were a sixth of the API's CPU per approval (bench/approvals.py).
async def get_redis(request: Request) -> redis.Redis:
    return request.app.state.redis


async def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings


def get_policy(request: Request) -> PolicyStore:
    policy: PolicyStore = request.app.state.policy
    policy.refresh()
    return policy


async def get_temporal(request: Request) -> Any:
    return request.app.state.temporal


SessionDep = Annotated[Session, Depends(get_db)]
RedisDep = Annotated[redis.Redis, Depends(get_redis)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
PolicyDep = Annotated[PolicyStore, Depends(get_policy)]
TemporalDep = Annotated[Any, Depends(get_temporal)]


Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def get_current_user(request: Request, session: SessionDep, credentials: Credentials) -> Any:
    """The signed-in user (a route needs Authz as well: the declaration check refuses one with only this)."""
    return authenticate(request, session, credentials)


def authenticate(request: Request, session: Session, credentials: HTTPAuthorizationCredentials | None,
                 policy: PolicyStore | None = None) -> Any:
    """The signed-in user: a valid access token whose session is still open, for an active user. With `policy`,
    the policy's version is read in the same Redis round trip as the session (and the policy reloaded if it moved)."""
    user, session_id = token_user(request.app.state, session, credentials.credentials if credentials else None,
                                  policy)
    request.state.session_id = session_id
    return user


def token_user(state: Any, session: Session, token: str | None,
               policy: PolicyStore | None = None) -> tuple[Any, str]:
    """The user of a bearer token and its session's id (a request's, or one a realtime connection signs in with):
    a valid access token whose session is still open, for an active user. Checked by the app's gate (api.auth.gate,
    set by create_app): the core does not know users or sessions."""
    if not token:
        raise Unauthorized(NOT_SIGNED_IN)
    gate: Gate = state.gate
    return gate.user_of(state, session, token, policy)


CurrentUser = Annotated[Any, Depends(get_current_user)]


def ensure_allowed(*, session: Session, policy: PolicyStore, user: Any, page: str, action: str) -> None:
    """Refuse (403, naming the role, the page and the action) unless Casbin allows the user's role this action on
    this page: for a route whose action depends on its payload (one call that adds or edits)."""
    if not policy.allowed(user.role.name, page, action):
        name = session.execute(select(_PAGES.c.name).where(_PAGES.c.code == page)).scalar_one_or_none()
        raise Forbidden(denied_message(user.role.description, name or page, action),
                        extra={"page": page, "action": action})


class PageAccess:
    """The page and action a route needs; Casbin decides for the user's role."""

    def __init__(self, page: str, action: str, or_page: str | None = None):
        self.page = page
        self.action = action
        self.or_page = or_page  # a second page whose same action also allows the route (rows scoped apart)

    def __call__(self, request: Request, session: SessionDep, credentials: Credentials) -> Any:
        # signs in and reads the policy itself rather than through separate dependencies: one thread-pool
        # hand-off for both
        policy: PolicyStore = request.app.state.policy
        user = authenticate(request, session, credentials, policy)  # refreshes the policy too
        if not (self.or_page and policy.allowed(user.role.name, self.or_page, self.action)):
            ensure_allowed(session=session, policy=policy, user=user, page=self.page, action=self.action)
        return user

    def __repr__(self) -> str:
        extra = f", or_page={self.or_page!r}" if self.or_page else ""
        return f"PageAccess({self.page!r}, {self.action!r}{extra})"


def Authz(page: str, action: str, or_page: str | None = None) -> Any:
    """`actor: Annotated[User, Authz("leads", "read")]`: the signed-in user, allowed this action on this page
    (or on `or_page`)."""
    return Depends(PageAccess(page, action, or_page))
