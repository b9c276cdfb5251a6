"""Temporal client helpers usable from sync routes (which run in AnyIO's thread pool)."""

from __future__ import annotations

import asyncio
from typing import Any

import anyio.from_thread
from temporalio.client import Client
from temporalio.common import WorkflowIDReusePolicy


async def connect(address: str, namespace: str, attempts: int = 30) -> Client:
    for attempt in range(attempts):
        try:
            return await Client.connect(address, namespace=namespace)
        except Exception:  # the dev server may still be starting
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(1)
    raise RuntimeError("unreachable")


def start_workflow(client: Client, workflow: Any, arg: Any, *, workflow_id: str, task_queue: str,
                   **kwargs: Any) -> str:
    """Start a workflow from sync code in the request thread pool; returns the run id."""

    async def _start() -> str:
        handle = await client.start_workflow(
            workflow, arg, id=workflow_id, task_queue=task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE, **kwargs,
        )
        return handle.result_run_id or ""

    return anyio.from_thread.run(_start)
