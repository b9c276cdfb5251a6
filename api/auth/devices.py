"""The devices and addresses a user has signed in from, so that a marked username (api.auth.throttle) still lets its
user in from them without a mailed code.

A device is a browser's `crm_device` cookie (api.auth.cookie): a random value, the same for every user of that
browser, kept per user in Redis as a digest only. An address is the client address (README "Sign-in protection").
Each user's known ones are a Redis sorted set of digests scored by their last sign-in; one not seen for
`login_known_days` is forgotten, and a user keeps the newest `_KEEP` of them.
"""

from __future__ import annotations

import re
import time

import redis

from api.core.config import Settings
from api.core.security import digest, new_secret

_PREFIX = "auth:known:"
_KEEP = 100
_DEVICE = re.compile(r"^[A-Za-z0-9_-]{32,64}$")


def new_device() -> str:
    return new_secret(32)


def valid_device(value: str | None) -> str | None:
    """The device cookie's value when it is one this API could have set, else None."""
    return value if value and _DEVICE.fullmatch(value) else None


def _members(device: str | None, address: str) -> list[str]:
    members = [f"a:{digest(address)[:32]}"]
    if device:
        members.append(f"d:{digest(device)[:32]}")
    return members


def is_known(r: redis.Redis, settings: Settings, *, user_id: int, device: str | None, address: str) -> bool:
    """Whether this user signed in from this device or this address within the last `login_known_days`."""
    since = time.time() - settings.login_known_days * 86400
    scores = r.zmscore(_PREFIX + str(user_id), _members(device, address))
    return any(score is not None and score >= since for score in scores)


def remember(r: redis.Redis, settings: Settings, *, user_id: int, device: str, address: str) -> None:
    """A sign-in as this user from this device and address: both are known (again) from now on."""
    key, now, keep_seconds = _PREFIX + str(user_id), time.time(), settings.login_known_days * 86400
    pipe = r.pipeline()
    pipe.zadd(key, dict.fromkeys(_members(device, address), now))
    pipe.zremrangebyscore(key, "-inf", now - keep_seconds)
    pipe.zremrangebyrank(key, 0, -_KEEP - 1)
    pipe.expire(key, keep_seconds)
    pipe.execute()


def known_count(r: redis.Redis, user_id: int) -> int:
    """How many devices and addresses the user is remembered signing in from."""
    return int(r.zcard(_PREFIX + str(user_id)))


def forget(r: redis.Redis, user_id: int) -> None:
    """Forget every device and address of the user (their erasure)."""
    r.delete(_PREFIX + str(user_id))
