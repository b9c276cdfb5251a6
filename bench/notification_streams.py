"""Notification stream benchmark: a board call's time with 0 and with 200 open realtime connections (issue 12 §3;
the bell's notification stream is the realtime channel since issue 21).

The API runs under uvicorn as in production (one process, the default pool of 10 + 20 connections) on the demo data,
in its own PostgreSQL and Redis. The bench measures GET /api/leads (the board, as the team leader tl1) one call at a
time, then opens 200 realtime connections (WebSockets to /api/realtime, 20 per user for ten users, each signed in
and read up to its `ready`) and measures the same call again; it prints p50 and p95 of both and
their ratio (goal: p95 with 200 streams within twice the p95 with none), what the API holds in PostgreSQL and Redis
with and without the streams, whether every stream hears a published change, and what is left once they close.
Run: `make bench` (or `.venv/bin/python bench/notification_streams.py [runs] [streams]`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from sqlalchemy import text
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench.common import embedded_stack

PASSWORD = "Pipeline#2026!Go"
STREAM_USERS = ("sales1", "sales2", "sales3", "sales4", "sales5", "sales6", "tl1", "tl2", "approver1",
                "approver2")
BOARD_USER = "tl1"
WARMUP = 20


@dataclass
class Stream:
    """One open realtime connection; a background task counts the notifications it hears."""

    user: str
    socket: ClientConnection
    heard: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    async def drain(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in self.socket:
                if json.loads(message).get("event") == "notification":
                    self.heard += 1

    async def close(self) -> None:
        await self.socket.close()
        if self.task:
            self.task.cancel()


async def open_stream(port: int, user: str, token: str) -> Stream:
    socket = await connect(f"ws://127.0.0.1:{port}/api/realtime", open_timeout=60)
    await socket.send(json.dumps({"event": "login", "token": token}))
    ready = json.loads(await socket.recv())
    if ready.get("event") != "ready":
        await socket.close()
        raise RuntimeError(f"the connection of {user} was refused: {ready}")
    stream = Stream(user, socket)
    stream.task = asyncio.create_task(stream.drain())
    return stream


def percentiles(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {"p50": statistics.median(times), "p95": times[max(0, int(len(times) * 0.95) - 1)], "max": times[-1]}


async def board_times(http: httpx.AsyncClient, headers: dict[str, str], runs: int) -> dict[str, float]:
    """GET /api/leads one call at a time, in ms (after the warm-up), and how many did not answer 200."""
    times, errors = [], 0
    warmup = min(WARMUP, runs)
    for i in range(warmup + runs):
        start = time.perf_counter()
        try:
            ok = (await http.get("/api/leads", headers=headers)).status_code == 200
        except httpx.HTTPError:  # the connection dropped: as much a failure as a 500
            ok = False
        elapsed = (time.perf_counter() - start) * 1000
        if i >= warmup:
            times.append(elapsed)
            errors += not ok
    return {**percentiles(times), "errors": errors}


def user_ids(database_url: str) -> list[int]:
    from api.core.db import make_engine

    engine = make_engine(database_url, pool_size=1, max_overflow=0)
    with engine.connect() as conn:
        ids = conn.execute(text("SELECT id FROM users WHERE username = ANY(:names)"),
                           {"names": list(STREAM_USERS)}).scalars().all()
    engine.dispose()
    return list(ids)


def held(database_url: str, redis_url: str) -> dict[str, int]:
    """What the API holds: its PostgreSQL connections and its Redis connections (all but this one)."""
    import redis

    from api.core.db import make_engine

    engine = make_engine(database_url, pool_size=1, max_overflow=0)
    with engine.connect() as conn:
        pg = conn.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                               "AND pid <> pg_backend_pid()")).scalar_one()
    engine.dispose()
    r = redis.Redis.from_url(redis_url)
    try:
        clients = len(r.client_list()) - 1
        patterns = int(r.execute_command("PUBSUB", "NUMPAT"))
        channels = len(r.pubsub_channels())
    finally:
        r.close()
    return {"pg": int(pg), "redis": clients, "subscriptions": patterns + channels}


async def run(port: int, database_url: str, redis_url: str, runs: int, streams_wanted: int) -> None:
    import redis

    from api.notifications.live import publish

    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        tokens = {}
        for user in {*STREAM_USERS, BOARD_USER}:
            r = await http.post("/api/auth/login", json={"username": user, "password": PASSWORD})
            r.raise_for_status()
            tokens[user] = r.json()["results"]["token"]
        board_headers = {"Authorization": f"Bearer {tokens[BOARD_USER]}"}
        quiet = await board_times(http, board_headers, runs)
        quiet_held = held(database_url, redis_url)

        started = time.perf_counter()
        users = [STREAM_USERS[i % len(STREAM_USERS)] for i in range(streams_wanted)]
        results = await asyncio.gather(*(open_stream(port, u, tokens[u]) for u in users), return_exceptions=True)
        streams = [s for s in results if isinstance(s, Stream)]
        refused = [r for r in results if not isinstance(r, Stream)]
        opened_in = time.perf_counter() - started
        if refused:
            print(f"  {len(refused)} streams failed to open, e.g. {refused[0]!r}")
        busy = await board_times(http, board_headers, runs)
        busy_held = held(database_url, redis_url)

        # every stream still hears a change published for its user (the worker's activities publish the same way)
        ids = user_ids(database_url)
        client = redis.Redis.from_url(redis_url)
        published = time.perf_counter()
        publish(client, ids)
        client.close()
        deadline = time.monotonic() + 30
        while any(s.heard == 0 for s in streams) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        heard_in = (time.perf_counter() - published) * 1000
        heard = sum(1 for s in streams if s.heard)

        await asyncio.gather(*(s.close() for s in streams), return_exceptions=True)
        await asyncio.gather(*(s.task for s in streams if s.task), return_exceptions=True)
        deadline = time.monotonic() + 30
        while (after := held(database_url, redis_url))["subscriptions"] and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        after_board = await board_times(http, board_headers, max(20, runs // 5))

    print(f"\nNotification stream benchmark: GET /api/leads as {BOARD_USER}, {runs} calls one at a time, uvicorn "
          f"with the default pool (10 + 20), demo data, {os.cpu_count()}-core machine")
    print(f"{'':<38}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}{'PG conns':>10}{'Redis':>8}{'subs':>6}{'errors':>8}")
    for name, t, h in (("board, 0 open streams", quiet, quiet_held),
                       (f"board, {len(streams)} open streams", busy, busy_held)):
        print(f"{name:<38}{t['p50']:>10.2f}{t['p95']:>10.2f}{t['max']:>10.2f}{h['pg']:>10}{h['redis']:>8}"
              f"{h['subscriptions']:>6}{t['errors']:>8}")
    print(f"{'board, after closing them':<38}{after_board['p50']:>10.2f}{after_board['p95']:>10.2f}"
          f"{after_board['max']:>10.2f}{after['pg']:>10}{after['redis']:>8}{after['subscriptions']:>6}{after_board['errors']:>8}")
    print(f"  ratio with {len(streams)} streams / none: p50 {busy['p50'] / quiet['p50']:.2f}, "
          f"p95 {busy['p95'] / quiet['p95']:.2f} (goal: p95 <= 2)")
    print(f"  {len(streams)} streams of {len(STREAM_USERS)} users opened in {opened_in:.2f} s; {heard}/{len(streams)}"
          f" heard a published change within {heard_in:.0f} ms")
    print("  PG conns: the API's PostgreSQL connections (its pool keeps idle ones); Redis: its Redis connections; "
          "subs: pub/sub subscriptions; errors: board calls not answered 200")


def main(runs: int, streams: int) -> None:
    from api.core.embedded import _terminate, child_env, free_port, wait_for_port

    with embedded_stack("streams") as stack:
        port = free_port()
        env = child_env(DATABASE_URL=stack.database_url, REDIS_URL=stack.redis_url, TEMPORAL_ADDRESS="",
                        PORT=str(port), DATA_DIR=os.environ["DATA_DIR"])
        api = subprocess.Popen([sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory", "--port",
                                str(port), "--log-level", "warning"], env=env)
        try:
            wait_for_port(port, 60, "API", api)
            asyncio.run(run(port, stack.database_url, stack.redis_url, runs, streams))
        finally:
            _terminate(api)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 200)
