"""ApprovalSweepWorkflow: run by the `approval-sweep` Temporal Schedule every 20 seconds. It closes the gaps a crash
can leave between the database and Temporal: a committed request whose workflow was never started gets it, and a
decision that was received but not confirmed is sent again (see api/approvals/outbox.py)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.approval_sweep import resend_decisions, start_waiting_requests

SCHEDULE_ID = "approval-sweep"
EVERY = timedelta(seconds=20)
TIMEOUT = timedelta(seconds=120)
RETRY = RetryPolicy(maximum_attempts=3)


@workflow.defn
class ApprovalSweepWorkflow:
    @workflow.run
    async def run(self) -> dict[str, int]:
        started = await workflow.execute_activity(start_waiting_requests, start_to_close_timeout=TIMEOUT,
                                                  retry_policy=RETRY)
        resent = await workflow.execute_activity(resend_decisions, start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
        return {"started": len(started), "resent": resent}
