"""PidWorkflow: one per lead and deployment (id `pid-lead-{leadId}@{taskQueue}`). Allocates the lead's PID once
its cost sheet is approved, renders and stores the sheet's PDF with it, and tells the sales person."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.pid import allocate_pid, attach_pid_pdf, notify_pid
    from workflows.contracts.pid import AllocatePid, PidAllocated, PidInput, PidPdf, PidResult

DB_TIMEOUT = timedelta(seconds=30)
RENDER_TIMEOUT = timedelta(minutes=3)  # an A2 page on a busy two-core machine
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                    maximum_interval=timedelta(seconds=30), maximum_attempts=30)


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
