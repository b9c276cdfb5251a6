"""Sign-in sessions in Redis: one per login, holding the digest of the current refresh token.

The refresh token is "<session id>.<secret>". Refreshing rotates the secret; presenting an already rotated
secret (a stolen or replayed token) ends the whole session. Access tokens name their session, so logout
and a password change by an administrator take effect on the next request.

Two tabs that meet a 401 at the same moment both refresh with the same token. For a short grace window after a
rotation the token just rotated gets the same new pair again instead of ending the session: the new secret is
derived from the presented one with the server's key (HMAC), and the pair's issue time is kept in Redis under the
digest of the presented secret, so the same access token can be signed again. Redis holds no usable token.
"""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass

import redis

from api.core import security
from api.core.security import digest, new_secret

_PREFIX = "auth:session:"
_USER_PREFIX = "auth:user-sessions:"

_GRACE_PREFIX = "auth:refresh-grace:"
# keys another module keeps for a session (a provider's part of it: api/auth/oidc/records.py), which end with it
_COMPANIONS_PREFIX = "auth:session-companions:"

# KEYS[1] session key, KEYS[2] grace key of the presented secret; ARGV: presented digest, next digest, ttl seconds,
# issue time, grace seconds.
# Returns {user id, issue time} on rotation, or again within the grace window when the presented secret is the one
# just rotated; {-1} when the token was already rotated (the session is ended); {0} when absent.
_ROTATE = """
local current = redis.call('HGET', KEYS[1], 'refresh')
if not current then return {0} end
if current == ARGV[2] then
  local issued = redis.call('GET', KEYS[2])
  if issued then return {tonumber(redis.call('HGET', KEYS[1], 'user')), tonumber(issued)} end
end
if current ~= ARGV[1] then
  redis.call('DEL', KEYS[1])
  return {-1}
end
redis.call('HSET', KEYS[1], 'refresh', ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
redis.call('SET', KEYS[2], ARGV[4], 'EX', tonumber(ARGV[5]))
return {tonumber(redis.call('HGET', KEYS[1], 'user')), tonumber(ARGV[4])}
"""


@dataclass(frozen=True)
class Issued:
    session_id: str
    refresh_token: str


@dataclass(frozen=True)
class Rotated:
    user_id: int
    issued_at: int  # unix seconds: the access token of the pair is signed with it, so a repeat is identical
    issued: Issued


class RefreshReused(Exception):
    """A refresh token that was already rotated came back: the session is ended."""


def _split(refresh_token: str) -> tuple[str, str] | None:
    sid, sep, secret = refresh_token.partition(".")
    return (sid, secret) if sep and sid and secret else None


def open_session(r: redis.Redis, *, user_id: int, ttl_seconds: int) -> Issued:
    sid, secret = new_secret(16), new_secret(32)
    pipe = r.pipeline()
    pipe.hset(_PREFIX + sid, mapping={"user": user_id, "refresh": digest(secret)})
    pipe.expire(_PREFIX + sid, ttl_seconds)
    pipe.sadd(_USER_PREFIX + str(user_id), sid)
    pipe.expire(_USER_PREFIX + str(user_id), ttl_seconds)
    pipe.execute()
    return Issued(session_id=sid, refresh_token=f"{sid}.{secret}")


def session_of(refresh_token: str) -> str:
    """The session a refresh token belongs to ("" for no token of this form)."""
    parts = _split(refresh_token)
    return parts[0] if parts else ""


def _next_secret(secret: str, key: str) -> str:
    mac = security.mac(key, "refresh-rotation:" + secret)
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def rotate(r: redis.Redis, refresh_token: str, *, ttl_seconds: int, grace_seconds: int,
           key: str) -> Rotated | None:
    """The user id, the new refresh token and its issue time; None when unknown or expired. Raises RefreshReused.

    Within `grace_seconds` of a rotation, the token just rotated gets the same answer again."""
    parts = _split(refresh_token)
    if parts is None:
        return None
    sid, secret = parts
    new = _next_secret(secret, key)
    result = r.eval(_ROTATE, 2, _PREFIX + sid, _GRACE_PREFIX + digest(secret),
                    digest(secret), digest(new), ttl_seconds, int(time.time()), max(1, grace_seconds))
    if int(result[0]) == -1:
        raise RefreshReused
    if int(result[0]) == 0:
        return None
    return Rotated(user_id=int(result[0]), issued_at=int(result[1]),
                   issued=Issued(session_id=sid, refresh_token=f"{sid}.{new}"))


def is_open(r: redis.Redis, session_id: str, user_id: int) -> bool:
    return owned_by(r.hget(_PREFIX + session_id, "user"), user_id)


def queue_owner(pipe: redis.client.Pipeline, session_id: str) -> None:
    """Add the read of a session's user to a pipeline (its answer goes to owned_by)."""
    pipe.hget(_PREFIX + session_id, "user")


def owned_by(owner: str | bytes | None, user_id: int) -> bool:
    """Whether a session whose user is `owner` (None: no such session) is open for this user."""
    return owner is not None and int(owner) == user_id


def attach(pipe: redis.client.Pipeline, session_id: str, *keys: str, ttl_seconds: int) -> None:
    """Keys kept for a session elsewhere, deleted when the session is closed (by sign-out, close_all or a leaver)."""
    pipe.sadd(_COMPANIONS_PREFIX + session_id, *keys)
    pipe.expire(_COMPANIONS_PREFIX + session_id, ttl_seconds)


def _with_companions(r: redis.Redis, session_ids: list[str]) -> list[str]:
    """The keys of these sessions, with the keys attached to them."""
    pipe = r.pipeline()
    for sid in session_ids:
        pipe.smembers(_COMPANIONS_PREFIX + sid)
    attached: list[set[str]] = pipe.execute()
    return [key for sid, more in zip(session_ids, attached, strict=True)
            for key in (_PREFIX + sid, _COMPANIONS_PREFIX + sid, *more)]


def open_count(r: redis.Redis, user_id: int) -> int:
    """How many of the user's sessions are still open (their set keeps expired ones until it expires itself)."""
    sids: set[str] = r.smembers(_USER_PREFIX + str(user_id))  # type: ignore[assignment]
    if not sids:
        return 0
    pipe = r.pipeline()
    for sid in sids:
        pipe.exists(_PREFIX + sid)
    return sum(1 for alive in pipe.execute() if alive)


def close(r: redis.Redis, session_id: str) -> None:
    r.delete(*_with_companions(r, [session_id]))


def close_refresh(r: redis.Redis, refresh_token: str) -> None:
    parts = _split(refresh_token)
    if parts is not None:
        close(r, parts[0])


def close_all(r: redis.Redis, user_id: int, *, keep: str | None = None) -> None:
    """End every session of a user (after a password change), except `keep`."""
    sids: set[str] = r.smembers(_USER_PREFIX + str(user_id))  # type: ignore[assignment]
    doomed = _with_companions(r, [s for s in sids if s != keep])
    if doomed:
        r.delete(*doomed)
    r.delete(_USER_PREFIX + str(user_id))
    if keep:
        r.sadd(_USER_PREFIX + str(user_id), keep)
