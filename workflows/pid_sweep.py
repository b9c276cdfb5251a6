"""PidSweepWorkflow: the PID safety net (spec: "a periodic task runs every 20 seconds"). It starts the PidWorkflow
of any lead whose cost sheet is approved but has no PID yet: sheets approved before the approval workflow started
PIDs itself, imported ones, or an approval whose own start of the PID failed. Starting is idempotent (one workflow
id per lead), so a lead whose PID is already being generated is left to that run.

It runs as one long-lived workflow per deployment (`pid-sweep@<task queue>`, started by the worker: see
workflows/sweep.py), so it starts nothing but the PID workflows it finds work for. Run with the task queue alone,
it makes one pass and returns the leads it started (what the 20-second schedule of earlier versions ran)."""

from __future__ import annotations

import contextlib
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import WorkflowAlreadyStartedError

with workflow.unsafe.imports_passed_through():
    from workflows.activities.pid import pending_pid_leads
    from workflows.contracts.pid import PidInput, pid_workflow_id
    from workflows.contracts.search_attributes import CRM_LEAD_ID
    from workflows.contracts.sweeps import PID_SWEEP, Sweep
    from workflows.pid import PidWorkflow
    from workflows.sweep import Sweeping

TIMEOUT = timedelta(seconds=30)
RETRY = RetryPolicy(maximum_attempts=3)


@workflow.defn(name=PID_SWEEP)
class PidSweepWorkflow(Sweeping):
    WHAT = "starts the PID workflow of each lead whose cost sheet is approved and has no PID yet"

    @workflow.run
    async def run(self, task_queue: str = "", sweep: Sweep | None = None) -> list[int]:
        """`task_queue` names the deployment's PID workflows (empty: from a schedule made before it was passed)."""
        if sweep is None:
            leads: list[int] = await workflow.execute_activity(pending_pid_leads, start_to_close_timeout=TIMEOUT,
                                                               retry_policy=RETRY)
            return await self._start_pids(leads, task_queue)

        async def one_pass() -> str:
            # a local activity: an idle pass is one marker in the history, no activity task
            leads = await workflow.execute_local_activity(pending_pid_leads, start_to_close_timeout=TIMEOUT,
                                                          retry_policy=RETRY)
            started = await self._start_pids(leads, task_queue)
            return f"started the PID of lead {', '.join(map(str, started))}" if started else "nothing to do"

        await self.sweep_for_good(sweep, one_pass, [task_queue])

    async def _start_pids(self, leads: list[int], task_queue: str) -> list[int]:
        started = []
        for lead_id in leads:
            with contextlib.suppress(WorkflowAlreadyStartedError):
                await workflow.start_child_workflow(
                    PidWorkflow.run, PidInput(lead_id=lead_id), id=pid_workflow_id(lead_id, task_queue),
                    parent_close_policy=workflow.ParentClosePolicy.ABANDON,
                    static_summary=f"PID of lead {lead_id}, started by the PID sweep (approved, no PID yet)",
                    search_attributes=TypedSearchAttributes([SearchAttributePair(CRM_LEAD_ID, lead_id)]))
                started.append(lead_id)
        return started
