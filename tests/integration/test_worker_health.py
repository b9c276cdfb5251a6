"""The worker's health check (worker/health.py): 200 while the worker polls and Temporal answers, 503 when either
fails; the body reports its activity slots and its last activity, which the worker's interceptor keeps."""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

import httpx

from api.core.config import Settings
from api.core.embedded import free_port
from tests import sealed
from tests.conftest import Services, run_async
from tests.gate import Gate
from worker.health import WorkerState, serve
from worker.main import build_worker
from worker.request_ids import RequestIdWorkerInterceptor


def test_health_follows_polling_and_temporal(services: Services) -> None:
    gate = Gate.before(services.temporal_address)
    port = free_port()

    async def scenario() -> list[tuple[int, dict[str, Any]]]:
        client = await sealed.connect(gate.address())
        state = WorkerState(activity_slots=16)
        server = await serve(state, client, "127.0.0.1", port)
        seen = []
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            async def look() -> None:
                r = await http.get("/health")
                seen.append((r.status_code, r.json()))

            await look()  # started, not polling yet
            state.polling = True
            state.in_use, state.last_activity, state.last_started = 2, "persist_request", 1.0e9
            await look()
            gate.down()
            await look()  # Temporal unreachable
            gate.up()
            await asyncio.sleep(0.5)
            await look()
            assert (await http.get("/other")).status_code == 404
        server.close()
        return seen

    try:
        seen = run_async(scenario())
    finally:
        gate.down()
    (first, before), (second, polling), (third, cut), (fourth, back) = seen
    assert (first, before["status"], before["polling"]) == (503, "unavailable", False)
    assert (second, polling["status"]) == (200, "ok")
    assert polling["activitySlots"] == {"max": 16, "inUse": 2}
    assert polling["lastActivity"]["name"] == "persist_request" and polling["lastActivity"]["startedAt"]
    assert (third, cut["temporal"]["ok"]) == (503, False) and cut["temporal"]["error"]
    assert fourth == 200 and back["temporal"] == {"ok": True}


def test_the_worker_is_sized_and_stopped_by_its_settings(services: Services) -> None:
    """Slots and grace come from the settings; the request id interceptor is on the worker once."""
    settings = Settings(worker_activity_slots=4, worker_workflow_task_slots=6, worker_shutdown_seconds=12)

    async def config() -> dict[str, Any]:
        client = await sealed.connect(services.temporal_address)
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as executor:  # 2 x 4 slots
            return dict(build_worker(client, "sizing", executor, settings=settings).config())

    made = run_async(config())
    assert (made["max_concurrent_activities"], made["max_concurrent_local_activities"],
            made["max_concurrent_workflow_tasks"]) == (4, 4, 6)
    assert made["graceful_shutdown_timeout"].total_seconds() == 12
    assert sum(isinstance(i, RequestIdWorkerInterceptor) for i in made["interceptors"]) == 1
