"""PidWorkflow: one per lead and deployment (id `pid-lead-{leadId}@{taskQueue}`). Allocates the lead's PID once
its cost sheet is approved, renders and stores the sheet's PDF with it, and tells the sales person."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.pid import (
        AllocatePid,
        PidAllocated,
        PidPdf,
        allocate_pid,
        attach_pid_pdf,
        notify_pid,
    )

DB_TIMEOUT = timedelta(seconds=30)
RENDER_TIMEOUT = timedelta(minutes=3)  # an A2 page on a busy two-core machine
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                    maximum_interval=timedelta(seconds=30), maximum_attempts=30)


@dataclass
class PidInput:
    lead_id: int
    pcs_id: int | None = None  # None: the activity finds the lead's sheet


@dataclass
class PidResult:
    pid_number: str
    created: bool  # False: the lead already had it
    pdf: PidPdf | None


def pid_workflow_id(lead_id: int, task_queue: str) -> str:
    """Deployments sharing a Temporal namespace (the test databases do) each number their leads from 1: the task
    queue keeps one deployment's lead 7 from answering for another's. Runs started before their input carried the
    task queue (empty) keep the old id, so their histories replay."""
    return f"pid-lead-{lead_id}@{task_queue}" if task_queue else f"pid-lead-{lead_id}"


@workflow.defn
class PidWorkflow:
    @workflow.run
    async def run(self, data: PidInput) -> PidResult:
        allocated: PidAllocated = await workflow.execute_activity(
            allocate_pid, AllocatePid(lead_id=data.lead_id, pcs_id=data.pcs_id),
            start_to_close_timeout=DB_TIMEOUT, retry_policy=RETRY)
        pdf: PidPdf = await workflow.execute_activity(
            attach_pid_pdf, allocated.pid_id, start_to_close_timeout=RENDER_TIMEOUT, retry_policy=RETRY)
        await workflow.execute_activity(notify_pid, allocated.pid_id, start_to_close_timeout=DB_TIMEOUT,
                                        retry_policy=RETRY)
        return PidResult(pid_number=allocated.pid_number, created=allocated.created, pdf=pdf)
