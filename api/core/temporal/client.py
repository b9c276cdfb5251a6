"""The connection to Temporal and the crossing from the API's sync code (FastAPI's thread pool) into it."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Sequence
from datetime import timedelta
from typing import Any, TypeVar

import anyio.from_thread
from temporalio.client import Client, Interceptor
from temporalio.common import WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from api.core import tracing
from api.core.config import get_settings
from api.core.temporal import payloads, sealing
from api.core.temporal.request_ids import RequestIdInterceptor

T = TypeVar("T")


async def connect(address: str, namespace: str, attempts: int = 30,
                  interceptors: Sequence[Interceptor] | None = None, keys: str | None = None) -> Client:
    """A client of the namespace, retried once a second while the server is unreachable or still starting; the API's
    interceptors unless the caller (the worker) names its own. Every payload it sends is sealed with the payload
    keys (sealing.py; the settings' unless `keys` are given)."""
    payloads.install()  # dataclass payloads convert without working out their type hints each time
    if interceptors is None:
        # the request id of the call that starts or updates a workflow travels into it (request_ids.py)
        # and, when tracing is on, the trace of the call (api.core.tracing)
        interceptors = [RequestIdInterceptor(), *tracing_interceptors()]
    converter = sealing.data_converter(keys or sealing.keys_of(get_settings()))
    for attempt in range(attempts):
        try:
            return await Client.connect(address, namespace=namespace, interceptors=interceptors,
                                        data_converter=converter)
        except (RuntimeError, RPCError):  # the bridge's "Failed client connect", or a server not serving yet
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(1)
    raise AssertionError("unreachable")


def tracing_interceptors(present: Sequence[object] = ()) -> list[Any]:
    """Temporal's tracing interceptor when tracing is on (api/core/tracing.py) and `present` holds none; the
    OpenTelemetry contrib loads only then."""
    if not tracing.enabled():
        return []
    from api.core.temporal.tracing import interceptors  # cold start: the contrib loads only when tracing

    return list(interceptors(present))  # a client's and a worker's interceptor at once


def blocking(call: Callable[..., Coroutine[Any, Any, T]], *args: Any, **kwargs: Any) -> T:
    """Run a call to Temporal from the API's sync code (a route's worker thread) on the app's event loop: the one
    place the API crosses from sync to async."""
    return anyio.from_thread.run(functools.partial(call, *args, **kwargs))


class Unreachable(Exception):
    """Temporal did not take the call (down, not serving yet, or refusing it): nothing was started."""


async def start_once(client: Client, workflow: str, arg: Any, *, workflow_id: str, task_queue: str,
                     **kwargs: Any) -> bool:
    """Start a workflow (by its type name) whose id is never reused; False when it was started before;
    Unreachable when Temporal did not take it."""
    try:
        await client.start_workflow(workflow, arg, id=workflow_id, task_queue=task_queue,
                                    id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE, **kwargs)
    except WorkflowAlreadyStartedError:
        return False
    except (RPCError, RuntimeError, TimeoutError) as exc:
        raise Unreachable(str(exc)) from exc
    return True


async def start_or_signal(client: Client, workflow: str, arg: Any, *, workflow_id: str, task_queue: str,
                          signal: str, **kwargs: Any) -> None:
    """Signal a workflow, starting it first when it is not running (its id may be used again once it ended)."""
    await client.start_workflow(workflow, arg, id=workflow_id, task_queue=task_queue, start_signal=signal,
                                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE, **kwargs)


def start_workflow(client: Client, workflow: str, arg: Any, *, workflow_id: str, task_queue: str,
                   **kwargs: Any) -> str:
    """Start a workflow (by its type name, its id never reused) from sync code in the request thread pool; returns
    the run id."""

    async def _start() -> str:
        handle = await client.start_workflow(
            workflow, arg, id=workflow_id, task_queue=task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE, **kwargs,
        )
        return handle.result_run_id or ""

    return blocking(_start)


async def healthy(client: Client, timeout: float) -> bool:
    """Whether the server answers its health check within `timeout` seconds."""
    return await client.service_client.check_health(timeout=timedelta(seconds=timeout))
