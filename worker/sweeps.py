"""The deployment's safety nets, each one long-lived workflow the worker makes sure runs when it starts: the PID
sweep (`pid-sweep@<task queue>`), the approval sweep (`approval-sweep@<task queue>`) and the reminder sweep
(`reminder-sweep@<task queue>`), see workflows/sweep.py.

Earlier versions ran them from 20-second Temporal Schedules (`pid-sweep-<task queue>`, `approval-sweep-<task
queue>`), which started about 4,300 workflows a day each: the worker deletes those schedules and starts the
long-lived sweep in their place, paused if the schedule was (an operator's pause is kept)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

from api.core import temporal
from api.core.config import get_settings
from workflows.approval_sweep import ApprovalSweepWorkflow
from workflows.contracts.sweeps import PAUSE, Sweep, approval_sweep_id, pid_sweep_id, reminder_sweep_id
from workflows.pid_sweep import PidSweepWorkflow
from workflows.reminder_sweep import ReminderSweepWorkflow

log = logging.getLogger(__name__)


def legacy_schedule_id(sweep: str, task_queue: str) -> str:
    """The 20-second schedule an earlier version made for `sweep` ('pid-sweep' or 'approval-sweep')."""
    return f"{sweep}-{task_queue}"


async def ensure_sweeps(client: Client, task_queue: str) -> None:
    """Start the deployment's sweeps unless they run already (a running sweep, paused or not, is left as it is), in
    place of the schedules of earlier versions."""
    for name, workflow_id, run, args, summary in (
            ("pid-sweep", pid_sweep_id(task_queue), PidSweepWorkflow.run, [task_queue],
             f"PID sweep of {task_queue}: every 20 s, starts the PID of each approved cost sheet that has none"),
            ("approval-sweep", approval_sweep_id(task_queue), ApprovalSweepWorkflow.run, [],
             f"Approval sweep of {task_queue}: every 20 s, starts a committed request's missing workflow and "
             "sends an unconfirmed decision again"),
            ("reminder-sweep", reminder_sweep_id(task_queue), ReminderSweepWorkflow.run, [],
             f"Reminder sweep of {task_queue}: every 20 s, tells the reminder of each schedule due within a minute "
             "and not reminded")):
        try:
            paused = await _retire_schedule(client, legacy_schedule_id(name, task_queue))
            await client.start_workflow(
                run, args=[*args, Sweep(paused=paused)], id=workflow_id, task_queue=task_queue,
                id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE, static_summary=summary)
        except Exception:  # the sweeps are a safety net: approvals must not wait for them
            log.exception("could not start the sweep %s", workflow_id)


async def _retire_schedule(client: Client, schedule_id: str) -> bool:
    """Delete an earlier version's schedule, if there is one; answers whether it was paused."""
    handle = client.get_schedule_handle(schedule_id)
    try:
        described = await handle.describe()
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    await handle.delete()
    log.info("deleted the schedule %s (its sweep now runs as one long-lived workflow)", schedule_id)
    return described.schedule.state.paused


async def set_paused(client: Client, workflow_id: str, paused: bool) -> None:
    """Pause (True) or resume (False) a sweep; answers once no pass is running. The product's client seals the
    call: Temporal's CLI, without the payload key, is refused (worker/sealing.py)."""
    await client.get_workflow_handle(workflow_id).execute_update(PAUSE, paused)


def main(argv: list[str]) -> int:
    """`python -m worker.sweeps pause|resume pid-sweep|approval-sweep|reminder-sweep` (of the configured queue)."""
    parser = argparse.ArgumentParser(prog="python -m worker.sweeps", description="Pause or resume a sweep.")
    parser.add_argument("action", choices=["pause", "resume"])
    parser.add_argument("sweep", choices=["pid-sweep", "approval-sweep", "reminder-sweep"])
    args = parser.parse_args(argv)
    settings = get_settings()
    ids = {"pid-sweep": pid_sweep_id, "approval-sweep": approval_sweep_id, "reminder-sweep": reminder_sweep_id}
    workflow_id = ids[args.sweep](settings.temporal_task_queue)

    async def run() -> None:
        assert settings.temporal_address, "TEMPORAL_ADDRESS is not set"
        client = await temporal.connect(settings.temporal_address, settings.temporal_namespace, attempts=1)
        await set_paused(client, workflow_id, args.action == "pause")

    asyncio.run(run())
    print(f"{workflow_id}: {'paused' if args.action == 'pause' else 'resumed'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
