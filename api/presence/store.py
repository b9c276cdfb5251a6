"""Who is connected, in Redis, so that every API process sees every other's connections.

A connection (a browser tab or a registered device) is a member "user_id:connection_id" of one sorted set whose
score is when it expires. Its process moves that time on while the connection lives (`beat`); a connection that
closes leaves at once (`leave`); one whose browser froze or whose API process died stops being moved on and is
swept once its time has passed (`sweep`), by whichever process sweeps first. A user is online while any of their
connections is: two tabs are one person, online until the last closes. Each change is published on CHANGED.

When a user was last heard from (a connection opening, beating or closing) outlives the connection: LAST_SEEN keeps it
for LAST_SEEN_DAYS, so sales monitoring says when someone offline was last seen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

import redis
import redis.asyncio as aioredis

CONNECTIONS = "presence:connections"  # sorted set: "user_id:connection_id" -> expiry (epoch seconds)
DETAILS = "presence:connection:{}"  # hash: connected_at (epoch seconds), kind (tab | device), visible (1 | 0)
CHANGED = "presence:changed"  # pub/sub: something about who is online changed
LAST_SEEN = "presence:last-seen:{}"  # string: when the user was last heard from (epoch seconds)
LAST_SEEN_DAYS = 90
KINDS = ("tab", "device")
POOL_SIZE = 8  # the process's presence connections to Redis
POOL_WAIT_SECONDS = 10.0


@dataclass(frozen=True)
class Online:
    """One connected person: since their first open connection, and how many of each kind they have."""

    user_id: int
    connected_at: datetime
    tabs: int
    devices: int
    visible: bool  # a tab of theirs is in front (else they are away)


def client(state: Any) -> aioredis.Redis:
    """The app's asynchronous Redis client for presence, made on first use on the loop that serves the app."""
    current: aioredis.Redis | None = getattr(state, "presence_redis", None)
    if current is None or getattr(state, "presence_loop", None) is not asyncio.get_running_loop():
        # a bounded pool: 200 tabs signing in at once wait a moment for one of POOL_SIZE connections instead of
        # opening 200 (bench/notification_streams.py)
        pool = aioredis.BlockingConnectionPool.from_url(state.settings.redis_url, max_connections=POOL_SIZE,
                                                        timeout=POOL_WAIT_SECONDS, decode_responses=True,
                                                        socket_connect_timeout=5, health_check_interval=30)
        current = aioredis.Redis(connection_pool=pool)
        state.presence_redis, state.presence_loop = current, asyncio.get_running_loop()
    return current


async def close(state: Any) -> None:
    """The app stops: its presence client goes (its connections have left, or expire)."""
    current: aioredis.Redis | None = getattr(state, "presence_redis", None)
    if current is not None and getattr(state, "presence_loop", None) is asyncio.get_running_loop():
        await current.aclose(close_connection_pool=True)
    state.presence_redis = None


def _member(user_id: int, connection_id: str) -> str:
    return f"{user_id}:{connection_id}"


def _seen(pipe: Any, user_id: int, now: float) -> None:
    pipe.set(LAST_SEEN.format(user_id), now, ex=LAST_SEEN_DAYS * 86400)


async def join(r: aioredis.Redis, *, user_id: int, connection_id: str, kind: str, now: float, ttl: float,
               device: dict[str, str] | None = None) -> None:
    """A connection opens: a tab, or a call device (with its device_id and SIP domain)."""
    async with r.pipeline(transaction=True) as pipe:
        pipe.zadd(CONNECTIONS, {_member(user_id, connection_id): now + ttl})
        details: dict[str, str | float | int] = {"connected_at": now, "kind": kind, "visible": 1, **(device or {})}
        pipe.hset(DETAILS.format(connection_id), mapping=details)  # type: ignore[arg-type]
        pipe.expire(DETAILS.format(connection_id), int(ttl * 2) + 1)
        _seen(pipe, user_id, now)
        pipe.publish(CHANGED, "join")
        await pipe.execute()


async def beat(r: aioredis.Redis, *, user_id: int, connection_id: str, now: float, ttl: float) -> bool:
    """Move the connection's expiry on. False when it had been swept (its process stalled past the expiry): the
    caller joins again."""
    async with r.pipeline(transaction=True) as pipe:
        pipe.zadd(CONNECTIONS, {_member(user_id, connection_id): now + ttl}, xx=True, ch=True)
        pipe.expire(DETAILS.format(connection_id), int(ttl * 2) + 1)
        _seen(pipe, user_id, now)
        changed, kept, _ = await pipe.execute()
    return bool(changed) and bool(kept)


async def set_visible(r: aioredis.Redis, *, connection_id: str, visible: bool) -> None:
    async with r.pipeline(transaction=True) as pipe:
        pipe.hset(DETAILS.format(connection_id), "visible", int(visible))
        pipe.publish(CHANGED, "visible")
        await pipe.execute()


async def leave(r: aioredis.Redis, *, user_id: int, connection_id: str, now: float) -> None:
    async with r.pipeline(transaction=True) as pipe:
        pipe.zrem(CONNECTIONS, _member(user_id, connection_id))
        pipe.delete(DETAILS.format(connection_id))
        _seen(pipe, user_id, now)
        pipe.publish(CHANGED, "leave")
        await pipe.execute()


async def sweep(r: aioredis.Redis, *, now: float) -> int:
    """Remove the connections whose expiry has passed; tell the watchers when there were any."""
    expired = cast(list[str], await r.zrangebyscore(CONNECTIONS, "-inf", now))
    if not expired:
        return 0
    async with r.pipeline(transaction=True) as pipe:
        pipe.zrem(CONNECTIONS, *expired)
        pipe.delete(*(DETAILS.format(m.split(":", 1)[1]) for m in expired))
        removed, _ = await pipe.execute()
    if removed:  # another process may have swept the same ones first
        await r.publish(CHANGED, "sweep")
    return int(removed)


async def online(r: aioredis.Redis, *, now: float, user_ids: Iterable[int] | None = None) -> list[Online]:
    """Everyone connected now (or only these users), each once, longest online first."""
    members = cast(list[str], await r.zrangebyscore(CONNECTIONS, f"({now}", "+inf"))
    wanted = None if user_ids is None else set(user_ids)
    pairs = [(int(u), c) for u, c in (m.split(":", 1) for m in members) if wanted is None or int(u) in wanted]
    async with r.pipeline(transaction=False) as pipe:
        for _, connection_id in pairs:
            pipe.hgetall(DETAILS.format(connection_id))
        details = await pipe.execute() if pairs else []
    people: dict[int, dict[str, float | int]] = {}
    for (user_id, _), d in zip(pairs, details, strict=True):
        if not d:  # left between the two reads
            continue
        person = people.setdefault(user_id, {"since": float(d["connected_at"]), "tab": 0, "device": 0, "visible": 0})
        person["since"] = min(float(person["since"]), float(d["connected_at"]))
        kind = d.get("kind", "tab")
        person[kind if kind in KINDS else "tab"] = int(person[kind if kind in KINDS else "tab"]) + 1
        if kind == "tab" and d.get("visible") == "1":
            person["visible"] = 1
    found = [Online(user_id=u, connected_at=datetime.fromtimestamp(float(p["since"]), UTC), tabs=int(p["tab"]),
                    devices=int(p["device"]), visible=bool(p["visible"]) or not p["tab"])
             for u, p in people.items()]
    return sorted(found, key=lambda o: o.connected_at)


async def last_seen(r: aioredis.Redis, user_ids: list[int]) -> dict[int, datetime]:
    """When each of these users was last heard from over a realtime connection, for those heard from at all."""
    if not user_ids:
        return {}
    values = cast(list[str | None], await r.mget([LAST_SEEN.format(u) for u in user_ids]))
    return {u: datetime.fromtimestamp(float(v), UTC) for u, v in zip(user_ids, values, strict=True) if v}


def devices(r: redis.Redis, *, user_id: int, now: float) -> int:
    """How many call devices of the user are connected now (from the API's synchronous client)."""
    members = cast(list[str], r.zrangebyscore(CONNECTIONS, f"({now}", "+inf"))
    mine = [m.split(":", 1)[1] for m in members if m.split(":", 1)[0] == str(user_id)]
    if not mine:
        return 0
    with r.pipeline(transaction=False) as pipe:
        for connection_id in mine:
            pipe.hget(DETAILS.format(connection_id), "kind")
        return sum(1 for kind in pipe.execute() if kind == "device")


def last_seen_of(r: redis.Redis, user_id: int) -> datetime | None:
    """When the user was last heard from (the API's synchronous client), if within LAST_SEEN_DAYS."""
    value = cast(str | None, r.get(LAST_SEEN.format(user_id)))
    return datetime.fromtimestamp(float(value), UTC) if value else None


def forget(r: redis.Redis, user_id: int) -> None:
    """Forget when the user was last seen (their erasure); their connections ended with their sessions."""
    r.delete(LAST_SEEN.format(user_id))
