"""The Redis client (sync; routes run in the thread pool)."""

from __future__ import annotations

import redis


def make_redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, decode_responses=True, socket_timeout=5, socket_connect_timeout=5,
                                health_check_interval=30)
