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

from workflows.pid_sweep import EVERY, SCHEDULE_ID, PidSweepWorkflow

log = logging.getLogger(__name__)


def pid_sweep_id(task_queue: str) -> str:
    """One schedule per task queue, so deployments sharing a Temporal namespace don't share a sweep."""
    return f"{SCHEDULE_ID}-{task_queue}"


async def ensure_schedules(client: Client, task_queue: str) -> None:
    schedule_id = pid_sweep_id(task_queue)
    try:
        await client.create_schedule(schedule_id, Schedule(
            action=ScheduleActionStartWorkflow(PidSweepWorkflow.run, id=schedule_id, task_queue=task_queue),
            spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=EVERY)]),
            policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP)))
        log.info("created schedule %s (every %s)", schedule_id, EVERY)
    except ScheduleAlreadyRunningError:
        pass
    except Exception:  # the sweep is a safety net: approvals must not wait for it
        log.exception("could not create schedule %s", schedule_id)
