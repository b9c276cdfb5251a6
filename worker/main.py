"""The Temporal worker: connect, register the workflows and activities, poll (`python -m worker` runs it)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import signal
from collections.abc import Sequence
from datetime import timedelta

from temporalio.client import Client
from temporalio.worker import Interceptor, UnsandboxedWorkflowRunner, Worker

import api.domains
from api.core import logs, temporal
from api.core.config import Settings, get_settings
from api.core.startup import leave, release_collector
from worker import telemetry
from worker.health import ActivityTracker, WorkerState
from worker.health import serve as serve_health
from worker.request_ids import RequestIdWorkerInterceptor
from worker.sealing import SealedInputs
from worker.sweeps import ensure_sweeps
from workflows.activities.db import sessions
from workflows.registry import ACTIVITIES, WORKFLOWS

log = logging.getLogger("worker")


# Workflows run outside the sandbox: entering and leaving it on every activation and payload cost a fifth of
# the worker's CPU per approval (bench/approvals.py). Determinism is checked instead by TestDeterminism in
# tests/workflows/test_approval_workflow.py, which replays the test run's histories under the strict sandbox.
RUNNER = UnsandboxedWorkflowRunner()


def build_worker(client: Client, task_queue: str, executor: concurrent.futures.Executor, *,
                 settings: Settings | None = None, interceptors: Sequence[Interceptor] = ()) -> Worker:
    """The worker: at most `worker_activity_slots` activities at once (the executor given has as many threads),
    `worker_workflow_task_slots` workflow tasks, and `worker_shutdown_seconds` for its activities to finish when
    it stops. The request id travels into the workflows and activities it runs (api.core.logs)."""
    settings = settings or get_settings()
    api.domains.register()  # the request types whose outcomes its activities apply
    wanted = list(interceptors)
    present = client.config()["interceptors"]
    if not any(isinstance(i, RequestIdWorkerInterceptor) for i in present):
        wanted.insert(0, RequestIdWorkerInterceptor())
    if not any(isinstance(i, SealedInputs) for i in present):
        wanted.insert(0, SealedInputs())  # first: it reads what the SDK's conversion of the arguments left
    wanted += temporal.tracing_interceptors([*client.config()["interceptors"], *wanted])  # when tracing is on
    return Worker(client, task_queue=task_queue, workflows=WORKFLOWS, activities=ACTIVITIES,
                  activity_executor=executor, workflow_runner=RUNNER, interceptors=wanted,
                  max_concurrent_activities=settings.worker_activity_slots,
                  max_concurrent_local_activities=settings.worker_activity_slots,
                  max_concurrent_workflow_tasks=settings.worker_workflow_task_slots,
                  graceful_shutdown_timeout=timedelta(seconds=settings.worker_shutdown_seconds))


def warm_up() -> None:
    """Make the database engine now, so the first tasks after a start don't wait for it (it took a second of CPU
    on the first ones); the activities' modules (the API's models, SQLAlchemy) are imported above. WeasyPrint is not:
    it loads with the first PDF (half a second of CPU that a start no longer pays)."""
    sessions()


async def connect(address: str, namespace: str, attempts: int = 60) -> Client:
    """The worker's client: api.core.temporal's, with the worker's side of the request id."""
    return await temporal.connect(address, namespace, attempts,
                                  interceptors=[SealedInputs(), RequestIdWorkerInterceptor()])


async def main() -> None:
    settings = get_settings()
    if not settings.temporal_address:
        raise SystemExit("TEMPORAL_ADDRESS is not set")
    telemetry.install(settings)  # metrics ports, the SDK's runtime, traces: before the first client and the engine
    warm_up()
    client = await connect(settings.temporal_address, settings.temporal_namespace)
    await ensure_sweeps(client, settings.temporal_task_queue)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    state = WorkerState(activity_slots=settings.worker_activity_slots)
    health = None
    if settings.worker_health_port:  # 0: none (a second worker on one host)
        try:
            health = await serve_health(state, client, settings.worker_host, settings.worker_health_port)
        except OSError as exc:
            log.error("the worker's health check cannot listen on port %s: %s", settings.worker_health_port, exc)
    # activities and local activities share the executor: one thread per slot of each
    with concurrent.futures.ThreadPoolExecutor(max_workers=2 * settings.worker_activity_slots,
                                               thread_name_prefix="activity") as executor:
        worker = build_worker(client, settings.temporal_task_queue, executor, settings=settings,
                              interceptors=[ActivityTracker(state)])
        log.info("worker polling task queue %r on %s", settings.temporal_task_queue, settings.temporal_address)
        release_collector()  # held by worker/__main__.py while the worker loaded; what it holds now is frozen
        async with worker:
            state.polling = True
            await stop.wait()
            state.polling = False
            log.info("stopping: activities in flight get up to %g s to finish", settings.worker_shutdown_seconds)
    if health is not None:
        health.close()
    log.info("worker stopped")


def run() -> None:
    settings = get_settings()
    logs.configure(settings.log_level, settings.log_format, process="worker")
    asyncio.run(main())
    leave(0)  # stopped cleanly: not through finalization, which Temporal's native threads can abort
