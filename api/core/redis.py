"""The Redis client (sync; routes run in the thread pool)."""

from __future__ import annotations

from functools import lru_cache

import redis


def make_redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, decode_responses=True, socket_timeout=5, socket_connect_timeout=5,
                                health_check_interval=30)


@lru_cache
def process_redis(url: str) -> redis.Redis:
    """One client (and connection pool) per process, for code without the app's client (the worker's activities):
    a new connection per call cost the worker more CPU than the rest of a decision."""
    return make_redis(url)


def count_in_window(client: redis.Redis, key: str, window_seconds: int) -> tuple[int, int]:
    """Count one more call under `key` in a fixed window: (calls so far in the window, seconds left of it). Rate
    limits compare the first to their allowance and answer the second as Retry-After."""
    pipe = client.pipeline()
    pipe.incr(key)
    pipe.ttl(key)
    asked, ttl = pipe.execute()
    if int(ttl) < 0:  # the first call of the window (Redis 6.2 has no EXPIRE NX)
        client.expire(key, window_seconds)
        ttl = window_seconds
    return int(asked), int(ttl)
