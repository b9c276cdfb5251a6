"""Sign-in sessions in Redis: one per login, holding the digest of the current refresh token.

The refresh token is "<session id>.<secret>". Refreshing rotates the secret; presenting an already rotated
secret (a stolen or replayed token) ends the whole session. Access tokens name their session, so logout
and a password change by an administrator take effect on the next request.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis

from api.core.security import digest, new_secret

_PREFIX = "auth:session:"
_USER_PREFIX = "auth:user-sessions:"

# KEYS[1] session key; ARGV: old digest, new digest, ttl seconds.
# Returns the user id on rotation, -1 when the token was already rotated (session ended), 0 when absent.
_ROTATE = """
local current = redis.call('HGET', KEYS[1], 'refresh')
if not current then return 0 end
if current ~= ARGV[1] then
  redis.call('DEL', KEYS[1])
  return -1
end
redis.call('HSET', KEYS[1], 'refresh', ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return tonumber(redis.call('HGET', KEYS[1], 'user'))
"""


@dataclass(frozen=True)
class Issued:
    session_id: str
    refresh_token: str


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


def rotate(r: redis.Redis, refresh_token: str, *, ttl_seconds: int) -> tuple[int, Issued] | None:
    """The user id and the new refresh token; None when unknown or expired. Raises RefreshReused."""
    parts = _split(refresh_token)
    if parts is None:
        return None
    sid, secret = parts
    new = new_secret(32)
    result = int(r.eval(_ROTATE, 1, _PREFIX + sid, digest(secret), digest(new), ttl_seconds))
    if result == -1:
        raise RefreshReused
    if result == 0:
        return None
    return result, Issued(session_id=sid, refresh_token=f"{sid}.{new}")


def is_open(r: redis.Redis, session_id: str, user_id: int) -> bool:
    owner = r.hget(_PREFIX + session_id, "user")
    return owner is not None and int(owner) == user_id


def close(r: redis.Redis, session_id: str) -> None:
    r.delete(_PREFIX + session_id)


def close_refresh(r: redis.Redis, refresh_token: str) -> None:
    parts = _split(refresh_token)
    if parts is not None:
        close(r, parts[0])


def close_all(r: redis.Redis, user_id: int, *, keep: str | None = None) -> None:
    """End every session of a user (after a password change), except `keep`."""
    sids: set[str] = r.smembers(_USER_PREFIX + str(user_id))  # type: ignore[assignment]
    doomed = [_PREFIX + s for s in sids if s != keep]
    if doomed:
        r.delete(*doomed)
    r.delete(_USER_PREFIX + str(user_id))
    if keep:
        r.sadd(_USER_PREFIX + str(user_id), keep)
