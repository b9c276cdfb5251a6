"""Temporal Schedules the worker makes sure exist when it starts (created once, left alone afterwards)."""

from __future__ import annotations

import logging

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
)

from workflows import approval_sweep, pid_sweep

log = logging.getLogger(__name__)


def pid_sweep_id(task_queue: str) -> str:
    """One schedule per task queue, so deployments sharing a Temporal namespace don't share a sweep."""
    return f"{pid_sweep.SCHEDULE_ID}-{task_queue}"


def approval_sweep_id(task_queue: str) -> str:
    return f"{approval_sweep.SCHEDULE_ID}-{task_queue}"


async def ensure_schedules(client: Client, task_queue: str) -> None:
    for schedule_id, run, every in (
            (pid_sweep_id(task_queue), pid_sweep.PidSweepWorkflow.run, pid_sweep.EVERY),
            (approval_sweep_id(task_queue), approval_sweep.ApprovalSweepWorkflow.run, approval_sweep.EVERY)):
        try:
            await client.create_schedule(schedule_id, Schedule(
                action=ScheduleActionStartWorkflow(run, id=schedule_id, task_queue=task_queue),
                spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=every)]),
                policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP)))
            log.info("created schedule %s (every %s)", schedule_id, every)
        except ScheduleAlreadyRunningError:
            pass
        except Exception:  # the sweeps are a safety net: approvals must not wait for them
            log.exception("could not create schedule %s", schedule_id)
