"""Sending a workflow Update and sorting out its answer, once for every caller: the update ran (`Applied`), its
validator or handler refused it (`Refused`, with the rule's type and message), the workflow had ended (`Closed`: how
it ended), or no verdict came (`Unconfirmed`: no answer in time, Temporal
unreachable; the same update id sent again is applied once)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, Union

from temporalio.client import Client, WorkflowExecutionStatus, WorkflowUpdateFailedError
from temporalio.client import WorkflowUpdateRPCTimeoutOrCancelledError as NoAnswer
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

T = TypeVar("T")

CLOSED_LOOKUP_SECONDS = 2.0  # how long telling how a closed workflow ended may take


@dataclass(frozen=True)
class Applied(Generic[T]):
    """The workflow ran the update; what it answered."""

    value: T


@dataclass(frozen=True)
class Refused:
    """The update was refused: the rule's type (an ApplicationError's type, "Refused" otherwise) and its message."""

    type: str
    message: str


@dataclass(frozen=True)
class Closed:
    """The workflow had ended before the update reached it (or its end aborted it): its outcome, its result when it
    completed, else its status name ("TERMINATED", ...); None when that could not be read in time. Who ended it is
    the caller's record to read (an approval's: outbox.lost_to), written before the workflow closed."""

    outcome: str | None


@dataclass(frozen=True)
class Unconfirmed:
    """No verdict: no answer within the time given, or Temporal unreachable or refusing calls. The update may still
    be applied; sent again with the same id, it is applied once."""

    reason: str


UpdateResult = Union[Applied[T], Refused, Closed, Unconfirmed]  # noqa: UP007 (a generic alias needs Union)


async def outcome_of(client: Client, workflow_id: str) -> str | None:
    """How a closed workflow ended: its result when it completed (a string), else its status name. None when it could
    not be read: Temporal did not answer in time or refused the call (unreachable; or NOT_FOUND, a workflow past its
    retention, or never started under this id)."""
    handle = client.get_workflow_handle(workflow_id)
    try:
        described = await asyncio.wait_for(handle.describe(), CLOSED_LOOKUP_SECONDS)
        if described.status != WorkflowExecutionStatus.COMPLETED:
            return described.status.name if described.status else None
        # completed: its result is stored; no run follows a completed one here (no continue-as-new, no retry policy)
        result = await asyncio.wait_for(handle.result(follow_runs=False), CLOSED_LOOKUP_SECONDS)
    except (RPCError, TimeoutError):
        return None
    return str(result) if result is not None else "COMPLETED"


async def execute(client: Client, workflow_id: str, update: str, arg: Any, *, update_id: str, timeout: float,
                  result_type: type[T] | None = None) -> UpdateResult[T]:
    """Send the update named `update` with `arg` (its id makes a repeat apply once) and wait up to `timeout`
    seconds for its verdict."""
    handle = client.get_workflow_handle(workflow_id)
    try:
        value = await asyncio.wait_for(
            handle.execute_update(update, arg, id=update_id, result_type=result_type), timeout)
    except WorkflowUpdateFailedError as exc:
        cause = exc.cause
        if isinstance(cause, ApplicationError):
            return Refused(cause.type or "Refused", cause.message)
        return Refused("Refused", str(cause))
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:  # the workflow has ended (or never was)
            return Closed(await outcome_of(client, workflow_id))
        return Unconfirmed(f"Temporal answered {exc.status.name if exc.status else 'an error'}: {exc.message}")
    except (TimeoutError, NoAnswer):
        return Unconfirmed(f"no answer within {timeout:g} s")
    return Applied(value)
