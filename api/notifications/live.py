"""Live notification signals: Redis pub/sub, so any API process can stream to any user."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache

import redis

CHANNEL = "notifications:user:{}"


@lru_cache
def _client(url: str) -> redis.Redis:
    """One client (and connection pool) per process for publish_changed: a new connection per publish cost the
    worker more CPU than the rest of a decision."""
    from api.core.redis import make_redis

    return make_redis(url)


def publish_changed(user_ids: Iterable[int]) -> None:
    """From code without the app's Redis client (the worker's activities): tell these users' streams, after the
    commit, that their notifications changed."""
    from api.core.config import get_settings

    ids = list(user_ids)
    settings = get_settings()
    if settings.redis_url and ids:
        publish(_client(settings.redis_url), ids)


def publish(r: redis.Redis, user_ids: Iterable[int]) -> None:
    """Tell each user's open streams that their notifications changed (call after the commit)."""
    for user_id in set(user_ids):
        r.publish(CHANNEL.format(user_id), json.dumps({"type": "changed"}))
