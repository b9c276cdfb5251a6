"""PidSweepWorkflow: run by the `pid-sweep` Temporal Schedule every 20 seconds (spec: "a periodic task runs
every 20 seconds"). It starts the PidWorkflow of any lead whose cost sheet is approved but has no PID yet: sheets
approved before the approval workflow started PIDs itself, or imported ones. Starting is idempotent (one
workflow id per lead), so a lead whose PID is already being generated is left to that run."""

from __future__ import annotations

import contextlib
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import WorkflowAlreadyStartedError

with workflow.unsafe.imports_passed_through():
    from workflows.activities.pid import pending_pid_leads
    from workflows.contracts.pid import PidInput, pid_workflow_id
    from workflows.pid import PidWorkflow

SCHEDULE_ID = "pid-sweep"
EVERY = timedelta(seconds=20)


@workflow.defn
class PidSweepWorkflow:
    @workflow.run
    async def run(self, task_queue: str = "") -> list[int]:  # empty: from a schedule made before it was passed
        leads: list[int] = await workflow.execute_activity(
            pending_pid_leads, start_to_close_timeout=timedelta(seconds=30),
            retry_policy=RetryPolicy(maximum_attempts=3))
        started = []
        for lead_id in leads:
            with contextlib.suppress(WorkflowAlreadyStartedError):
                await workflow.start_child_workflow(PidWorkflow.run, PidInput(lead_id=lead_id),
                                                    id=pid_workflow_id(lead_id, task_queue),
                                                    parent_close_policy=workflow.ParentClosePolicy.ABANDON)
                started.append(lead_id)
        return started
