"""The app's gate: who a bearer token belongs to (api.core.deps asks it through the app's state, set by create_app):
a valid access token whose session is still open, for an active user."""

from __future__ import annotations

from typing import Any

import redis
from sqlalchemy.orm import Session

from api.auth import sessions
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.deps import NOT_SIGNED_IN, Gate
from api.core.errors import Unauthorized
from api.core.security import TokenError, decode_access_token
from api.users.models import User


def token_user(state: Any, session: Session, token: str, policy: PolicyStore | None = None) -> tuple[User, str]:
    """The user of a bearer token and its session's id. With `policy`, the policy's version is read in the same
    Redis round trip as the session (and the policy reloaded if it moved)."""
    settings: Settings = state.settings
    redis_client: redis.Redis = state.redis
    try:
        claims = decode_access_token(token, key=settings.signing_key(), algorithm=settings.jwt_algorithm)
    except TokenError as exc:
        raise Unauthorized(str(exc)) from exc
    if policy is None:
        is_open = sessions.is_open(redis_client, claims.session_id, claims.user_id)
    else:
        pipe = redis_client.pipeline(transaction=False)
        sessions.queue_owner(pipe, claims.session_id)
        policy.queue_version(pipe)
        owner, version = pipe.execute()
        is_open = sessions.owned_by(owner, claims.user_id)
        policy.refresh(version or "0")  # no version yet is version 0
    if not is_open:
        raise Unauthorized("Your session has ended, please sign in again.")
    user = session.get(User, claims.user_id)
    if user is None or not user.is_active:
        raise Unauthorized(NOT_SIGNED_IN)
    return user, claims.session_id


GATE = Gate(user_of=token_user)
