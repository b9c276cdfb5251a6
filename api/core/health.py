"""Liveness and readiness.

Liveness (`GET /api/health`) answers from the process alone: it is up. Readiness (`GET /api/ready`) asks each
dependency at once, each within `TIMEOUT`: PostgreSQL (`SELECT 1` through the pool), Redis (`PING`) and Temporal
(the frontend service's gRPC health check). It answers 200 when all three answer, else 503 naming the ones that
failed, so an orchestrator routes traffic only to an API that can serve it. The blocking checks run on a small pool
of their own: a dependency that hangs never takes the request threads, and a check still hanging from an earlier
call counts as failed instead of piling up."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import redis
from sqlalchemy import text
from sqlalchemy.engine import Engine

from api.core.temporal import Client, healthy

TIMEOUT = 2.0  # seconds each dependency has to answer
_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="readiness")


@dataclass
class Check:
    name: str
    ok: bool
    ms: float
    error: str | None = None

    def out(self) -> dict[str, Any]:
        return {"ok": self.ok, "ms": round(self.ms, 1), **({"error": self.error} if self.error else {})}


class _Blocking:
    """One blocking check at a time per dependency: a call while the previous one still hangs fails at once."""

    def __init__(self, name: str, probe: Callable[[], object]):
        self.name, self.probe = name, probe
        self.busy = threading.Lock()

    def run(self) -> None:
        if not self.busy.acquire(blocking=False):
            raise TimeoutError("the previous check has not answered yet")
        try:
            self.probe()
        finally:
            self.busy.release()

    async def __call__(self) -> None:
        await asyncio.get_running_loop().run_in_executor(_POOL, self.run)


async def _timed(name: str, check: Callable[[], Awaitable[object]], timeout: float) -> Check:
    started = time.perf_counter()
    try:
        await asyncio.wait_for(check(), timeout)
    except TimeoutError:
        return Check(name, False, (time.perf_counter() - started) * 1000, f"no answer within {timeout:g} s")
    except Exception as exc:  # the dependency's own error, named for the operator
        return Check(name, False, (time.perf_counter() - started) * 1000, f"{type(exc).__name__}: {exc}"[:300])
    return Check(name, True, (time.perf_counter() - started) * 1000)


class Readiness:
    """The checks of one API process (made once, when the app starts)."""

    def __init__(self, *, engine: Engine, redis_client: redis.Redis, temporal: Client | None,
                 timeout: float = TIMEOUT):
        self.timeout = timeout
        self.temporal = temporal

        def database() -> None:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))

        self.database = _Blocking("database", database)
        self.redis = _Blocking("redis", redis_client.ping)

    async def _temporal(self) -> None:
        if self.temporal is None:
            raise RuntimeError("TEMPORAL_ADDRESS is not set")
        if not await healthy(self.temporal, self.timeout):
            raise RuntimeError("the Temporal frontend reports itself not serving")

    async def check(self) -> tuple[bool, dict[str, Any]]:
        """(all ready, the body: status, the failed dependencies and each check's outcome and time)."""
        checks = await asyncio.gather(_timed("database", self.database, self.timeout),
                                      _timed("redis", self.redis, self.timeout),
                                      _timed("temporal", self._temporal, self.timeout))
        failed = [c.name for c in checks if not c.ok]
        return not failed, {"status": "unavailable" if failed else "ready", "failed": failed,
                            "checks": {c.name: c.out() for c in checks}}
