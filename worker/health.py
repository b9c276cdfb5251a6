"""The worker's own health check: `GET /health` on WORKER_HEALTH_PORT (default 8081).

200 while the worker polls its task queue and the Temporal frontend answers, else 503; the body says whether it
polls, its activity slots (in use of how many), its last activity (when it started and ended, and which) and how
long ago, and whether Temporal answered. `docker-compose.yml` uses it as the worker's health check."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import temporalio.worker
from temporalio.client import Client

log = logging.getLogger(__name__)
TIMEOUT = 2.0


@dataclass
class WorkerState:
    """What the health check reports, kept by the worker's loop and its activity interceptor."""

    activity_slots: int
    polling: bool = False  # the worker runs and is not shutting down
    in_use: int = 0
    last_activity: str | None = None
    last_started: float | None = None
    last_finished: float | None = None
    started_at: float = field(default_factory=time.time)


class ActivityTracker(temporalio.worker.Interceptor):
    """Counts the activities in flight and remembers the last one."""

    def __init__(self, state: WorkerState) -> None:
        self.state = state

    def intercept_activity(self, next: temporalio.worker.ActivityInboundInterceptor,
                           ) -> temporalio.worker.ActivityInboundInterceptor:
        return _Tracked(next, self.state)


class _Tracked(temporalio.worker.ActivityInboundInterceptor):
    def __init__(self, next: temporalio.worker.ActivityInboundInterceptor, state: WorkerState) -> None:
        super().__init__(next)
        self.state = state

    async def execute_activity(self, input: temporalio.worker.ExecuteActivityInput) -> Any:
        state = self.state
        state.in_use += 1
        state.last_activity = getattr(input.fn, "__name__", "activity")
        state.last_started = time.time()
        try:
            return await self.next.execute_activity(input)
        finally:
            state.in_use -= 1
            state.last_finished = time.time()


def _when(moment: float | None) -> str | None:
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="seconds") if moment else None


async def report(state: WorkerState, client: Client) -> tuple[bool, dict[str, Any]]:
    try:
        temporal_ok = await asyncio.wait_for(
            client.service_client.check_health(timeout=timedelta(seconds=TIMEOUT)), TIMEOUT + 0.5)
        temporal_error = None if temporal_ok else "the Temporal frontend reports itself not serving"
    except Exception as exc:  # unreachable, timed out
        temporal_ok, temporal_error = False, f"{type(exc).__name__}: {exc}"[:300]
    now = time.time()
    ok = state.polling and bool(temporal_ok)
    return ok, {
        "status": "ok" if ok else "unavailable",
        "polling": state.polling,
        "temporal": {"ok": bool(temporal_ok), **({"error": temporal_error} if temporal_error else {})},
        "activitySlots": {"max": state.activity_slots, "inUse": state.in_use},
        "lastActivity": {"name": state.last_activity, "startedAt": _when(state.last_started),
                         "finishedAt": _when(state.last_finished),
                         "secondsAgo": round(now - state.last_started, 1) if state.last_started else None},
        "uptimeSeconds": round(now - state.started_at, 1),
    }


async def serve(state: WorkerState, client: Client, host: str, port: int) -> asyncio.Server:
    """A minimal HTTP/1.1 server answering GET /health (anything else: 404)."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            path = request.split(b" ", 2)[1] if request.count(b" ") >= 2 else b""
            if path.split(b"?")[0] == b"/health":
                ok, body = await report(state, client)
                status, payload = ("200 OK" if ok else "503 Service Unavailable"), json.dumps(body).encode()
            else:
                status, payload = "404 Not Found", b'{"status": "not found"}'
            writer.write(f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
                         f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode() + payload)
            await writer.drain()
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(answer, host, port)
    log.info("worker health on http://%s:%s/health", host, port)
    return server
