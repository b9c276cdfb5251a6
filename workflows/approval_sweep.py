"""ApprovalSweepWorkflow: closes the gaps a crash can leave between the database and Temporal, every 20 seconds: a
committed request whose workflow was never started gets it, and a decision that was received but not confirmed is
sent again (see api/approvals/outbox.py).

It runs as one long-lived workflow per deployment (`approval-sweep@<task queue>`, started by the worker: see
workflows/sweep.py); each pass first asks the database whether there is anything to do (a local activity), so an
idle pass runs no activity task and starts nothing. Run without arguments, it makes one pass (what the 20-second
schedule of earlier versions ran)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.approval_sweep import approval_sweep_has_work, resend_decisions, start_waiting_requests
    from workflows.contracts.sweeps import APPROVAL_SWEEP, Sweep
    from workflows.sweep import Sweeping

TIMEOUT = timedelta(seconds=120)
CHECK_TIMEOUT = timedelta(seconds=30)
RETRY = RetryPolicy(maximum_attempts=3)


@workflow.defn(name=APPROVAL_SWEEP)
class ApprovalSweepWorkflow(Sweeping):
    WHAT = "starts the workflow of a committed request that has none, sends a decision not yet confirmed again"

    @workflow.run
    async def run(self, sweep: Sweep | None = None) -> dict[str, int]:
        if sweep is None:
            return await self._sweep()

        async def one_pass() -> str:
            if not await workflow.execute_local_activity(approval_sweep_has_work, start_to_close_timeout=CHECK_TIMEOUT,
                                                         retry_policy=RETRY):
                return "nothing to do"
            done = await self._sweep()
            return f"started {done['started']} request(s), sent {done['resent']} decision(s) again"

        await self.sweep_for_good(sweep, one_pass, [])

    async def _sweep(self) -> dict[str, int]:
        started = await workflow.execute_activity(start_waiting_requests, start_to_close_timeout=TIMEOUT,
                                                  retry_policy=RETRY)
        resent = await workflow.execute_activity(resend_decisions, start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
        return {"started": len(started), "resent": resent}
