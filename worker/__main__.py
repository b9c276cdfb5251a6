"""The Temporal worker process: `python -m worker`."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import signal

from temporalio.client import Client
from temporalio.worker import UnsandboxedWorkflowRunner, Worker

from api.core.config import get_settings
from worker.sweeps import ensure_sweeps
from workflows.activities.db import sessions
from workflows.registry import ACTIVITIES, WORKFLOWS

log = logging.getLogger("worker")


# Workflows run outside the sandbox: entering and leaving it on every activation and payload cost a fifth of
# the worker's CPU per approval (bench/approvals.py). Determinism is checked instead by TestDeterminism in
# tests/workflows/test_approval_workflow.py, which replays the test run's histories under the strict sandbox.
RUNNER = UnsandboxedWorkflowRunner()


def build_worker(client: Client, task_queue: str, executor: concurrent.futures.Executor) -> Worker:
    return Worker(client, task_queue=task_queue, workflows=WORKFLOWS, activities=ACTIVITIES,
                  activity_executor=executor, workflow_runner=RUNNER)


def warm_up() -> None:
    """Make the database engine now, so the first tasks after a start don't wait for it (it took a second of CPU
    on the first ones); the activities' modules (the API's models, SQLAlchemy, WeasyPrint) are imported above."""
    sessions()


async def connect(address: str, namespace: str, attempts: int = 60) -> Client:
    for attempt in range(attempts):
        try:
            return await Client.connect(address, namespace=namespace)
        except Exception:  # the server may still be starting
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(1)
    raise RuntimeError("unreachable")


async def main() -> None:
    settings = get_settings()
    if not settings.temporal_address:
        raise SystemExit("TEMPORAL_ADDRESS is not set")
    warm_up()
    client = await connect(settings.temporal_address, settings.temporal_namespace)
    await ensure_sweeps(client, settings.temporal_task_queue)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as executor:
        worker = build_worker(client, settings.temporal_task_queue, executor)
        log.info("worker polling task queue %r on %s", settings.temporal_task_queue, settings.temporal_address)
        async with worker:
            await stop.wait()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(main())
