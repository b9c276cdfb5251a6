"""What the OpenID sign-in keeps in Redis: a sign-in under way (under its state: the PKCE verifier, the nonce, the
browser that started it; ten minutes, taken once), and, for a product session opened through a provider, what the
provider gave (its subject and session id, its ID token for the logout hint, its refresh token when granted) sealed
with a key derived from the server's (AES-GCM), so Redis holds no usable token. Indexes by the provider's subject and
session id let a back-channel logout find the product sessions it ends."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import redis

from api.auth import sessions
from api.core import security
from api.core.security import digest

_STATE_PREFIX = "auth:oidc:state:"
_SESSION_PREFIX = "auth:oidc:session:"
_SUBJECT_PREFIX = "auth:oidc:subject:"
_PSID_PREFIX = "auth:oidc:psid:"
_CHECKED_PREFIX = "auth:oidc:checked:"
_JTI_PREFIX = "auth:oidc:jti:"
STATE_SECONDS = 600


@dataclass(frozen=True)
class Pending:
    """A sign-in sent to the provider, waiting for its answer."""

    provider: str
    verifier: str
    nonce: str
    browser: str  # the digest of the browser's cookie
    return_to: str


def save_pending(r: redis.Redis, state: str, pending: Pending) -> None:
    r.set(_STATE_PREFIX + digest(state), json.dumps(pending.__dict__), ex=STATE_SECONDS)


def take_pending(r: redis.Redis, state: str) -> Pending | None:
    """The sign-in of this state, once: a second answer with it (a replay) finds nothing."""
    raw = r.getdel(_STATE_PREFIX + digest(state))
    if not raw:
        return None
    try:
        return Pending(**json.loads(raw))
    except (TypeError, ValueError):
        return None


_SEAL_PURPOSE = "oidc-provider-tokens"


def _seal(key: str, values: dict[str, Any]) -> str:
    return security.seal(key, _SEAL_PURPOSE, json.dumps(values).encode())


def _unseal(key: str, value: str) -> dict[str, Any]:
    try:
        result = json.loads(security.unseal(key, _SEAL_PURPOSE, value))
    except (security.Unsealable, ValueError):
        return {}
    return result if isinstance(result, dict) else {}


@dataclass(frozen=True)
class ProviderSession:
    """What a product session opened through a provider keeps of it."""

    provider: str
    subject: str
    provider_sid: str | None
    id_token: str | None
    refresh_token: str | None


def _index_keys(provider: str, subject: str, provider_sid: str | None) -> list[str]:
    keys = [f"{_SUBJECT_PREFIX}{provider}:{digest(subject)[:40]}"]
    if provider_sid:
        keys.append(f"{_PSID_PREFIX}{provider}:{digest(provider_sid)[:40]}")
    return keys


def open_session(r: redis.Redis, *, key: str, session_id: str, ttl_seconds: int, record: ProviderSession) -> None:
    """Keep the provider's part of a product session (as long as the session lives)."""
    pipe = r.pipeline()
    pipe.hset(_SESSION_PREFIX + session_id, mapping={
        "provider": record.provider, "subject": record.subject, "sid": record.provider_sid or "",
        "tokens": _seal(key, {"id_token": record.id_token, "refresh_token": record.refresh_token})})
    pipe.expire(_SESSION_PREFIX + session_id, ttl_seconds)
    # they end with the session, however it ends (sign-out, a password change, deactivation, a leaver)
    sessions.attach(pipe, session_id, _SESSION_PREFIX + session_id, _CHECKED_PREFIX + session_id,
                    ttl_seconds=ttl_seconds)
    for index in _index_keys(record.provider, record.subject, record.provider_sid):
        pipe.sadd(index, session_id)
        pipe.expire(index, ttl_seconds)
    pipe.execute()


def get_session(r: redis.Redis, *, key: str, session_id: str) -> ProviderSession | None:
    found: dict[str, str] = r.hgetall(_SESSION_PREFIX + session_id)  # type: ignore[assignment]
    if not found or "provider" not in found:
        return None
    tokens = _unseal(key, found.get("tokens", ""))
    return ProviderSession(provider=found["provider"], subject=found.get("subject", ""),
                           provider_sid=found.get("sid") or None, id_token=tokens.get("id_token"),
                           refresh_token=tokens.get("refresh_token"))


def keep_session(r: redis.Redis, *, key: str, session_id: str, ttl_seconds: int, refresh_token: str | None) -> None:
    """After a check with the provider: its new refresh token (a provider may rotate it), for the session's life."""
    current = get_session(r, key=key, session_id=session_id)
    if current is None:
        return
    pipe = r.pipeline()
    pipe.hset(_SESSION_PREFIX + session_id, "tokens", _seal(key, {
        "id_token": current.id_token, "refresh_token": refresh_token or current.refresh_token}))
    pipe.expire(_SESSION_PREFIX + session_id, ttl_seconds)
    pipe.execute()


def sessions_of(r: redis.Redis, *, provider: str, subject: str | None, provider_sid: str | None) -> set[str]:
    """The product sessions opened through a provider's subject or its session id."""
    keys = []
    if subject:
        keys.append(f"{_SUBJECT_PREFIX}{provider}:{digest(subject)[:40]}")
    if provider_sid:
        keys.append(f"{_PSID_PREFIX}{provider}:{digest(provider_sid)[:40]}")
    return set(r.sunion(keys)) if keys else set()  # type: ignore[arg-type]


def due_for_check(r: redis.Redis, session_id: str, seconds: int) -> bool:
    """True at most once per `seconds` per session: the provider is asked no more often than that."""
    if seconds <= 0:
        return True
    return bool(r.set(_CHECKED_PREFIX + session_id, "1", nx=True, ex=seconds))


def first_use_of_logout(r: redis.Redis, provider: str, jti: str, seconds: int) -> bool:
    """A back-channel logout token is acted on once (its jti remembered for `seconds`)."""
    return bool(r.set(f"{_JTI_PREFIX}{provider}:{digest(jti)[:40]}", "1", nx=True, ex=max(1, seconds)))


def check_again(r: redis.Redis, session_id: str) -> None:
    """The next refresh asks the provider again (it did not answer this time)."""
    r.delete(_CHECKED_PREFIX + session_id)
