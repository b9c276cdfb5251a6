"""Temporal Schedules the worker makes sure exist when it starts (created once; an older action is brought up to
date)."""

from __future__ import annotations

import logging

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleHandle,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
    ScheduleUpdate,
    ScheduleUpdateInput,
)

from workflows import approval_sweep, pid_sweep

log = logging.getLogger(__name__)


def pid_sweep_id(task_queue: str) -> str:
    """One schedule per task queue, so deployments sharing a Temporal namespace don't share a sweep."""
    return f"{pid_sweep.SCHEDULE_ID}-{task_queue}"


def approval_sweep_id(task_queue: str) -> str:
    return f"{approval_sweep.SCHEDULE_ID}-{task_queue}"


async def ensure_schedules(client: Client, task_queue: str) -> None:
    """Create the deployment's schedules, or bring an existing one's action up to date (its state, paused or not,
    is left as it is)."""
    for schedule_id, action, every in (
            (pid_sweep_id(task_queue),
             ScheduleActionStartWorkflow(pid_sweep.PidSweepWorkflow.run, task_queue, id=pid_sweep_id(task_queue),
                                         task_queue=task_queue), pid_sweep.EVERY),
            (approval_sweep_id(task_queue),
             ScheduleActionStartWorkflow(approval_sweep.ApprovalSweepWorkflow.run, id=approval_sweep_id(task_queue),
                                         task_queue=task_queue), approval_sweep.EVERY)):
        try:
            await client.create_schedule(schedule_id, Schedule(
                action=action, spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=every)]),
                policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP)))
            log.info("created schedule %s (every %s)", schedule_id, every)
        except ScheduleAlreadyRunningError:
            await _update_action(client, client.get_schedule_handle(schedule_id), action)
        except Exception:  # the sweeps are a safety net: approvals must not wait for them
            log.exception("could not create schedule %s", schedule_id)


async def _update_action(client: Client, handle: ScheduleHandle, action: ScheduleActionStartWorkflow) -> None:
    async def update(given: ScheduleUpdateInput) -> ScheduleUpdate | None:
        schedule = given.description.schedule
        current = schedule.action
        # described, its arguments are payloads
        if (isinstance(current, ScheduleActionStartWorkflow)
                and await client.data_converter.decode(list(current.args)) == list(action.args)):
            return None
        schedule.action = action
        return ScheduleUpdate(schedule=schedule)

    try:
        await handle.update(update)
    except Exception:
        log.exception("could not update schedule %s", handle.id)
