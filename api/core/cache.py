"""Read-through JSON cache in Redis, with invalidation by name."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import redis

PREFIX = "cache:"


def _key(name: str, arg: object | None) -> str:
    return f"{PREFIX}{name}" if arg is None else f"{PREFIX}{name}:{arg}"


def cached(r: redis.Redis, name: str, loader: Callable[[], Any], *, ttl: int, arg: object | None = None) -> Any:
    """The cached value of `name` (for `arg`), loading and storing it for `ttl` seconds on a miss."""
    key = _key(name, arg)
    hit = r.get(key)
    if hit is not None:
        return json.loads(hit)
    value = loader()
    r.set(key, json.dumps(value, default=str), ex=ttl)
    return value


def invalidate(r: redis.Redis, *names: str) -> None:
    """Drop every cached entry of these names (all their arguments)."""
    for name in names:
        doomed = [_key(name, None), *r.scan_iter(match=f"{PREFIX}{name}:*", count=500)]
        r.delete(*doomed)
