"""The Redis client (sync; routes run in the thread pool)."""

from __future__ import annotations

import redis


def make_redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, decode_responses=True, socket_timeout=5, socket_connect_timeout=5,
                                health_check_interval=30)


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
