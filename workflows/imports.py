"""ImportWorkflow: one per import and phase. Checks (DRY) or writes (RUN) the import's rows a batch at a time until
every row has its outcome. Each batch is one activity and one transaction that records its rows' outcomes; the activity
finds where the import stands from the database, so a retried batch or a restarted worker never does a row twice."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.imports import import_batch
    from workflows.contracts.imports import ImportBatch, ImportInput, ImportProgress

BATCH_TIMEOUT = timedelta(minutes=5)  # 500 rows on a busy two-core machine
# the batch heartbeats after each row: a worker killed mid-batch is noticed after this, and the batch tried again on
# the next worker (without it, only after BATCH_TIMEOUT); a slow row past it only starts a try that waits for the
# first one's lock on the job and then finds its rows done
HEARTBEAT = timedelta(seconds=10)
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                    maximum_interval=timedelta(seconds=30), maximum_attempts=50)
BATCHES_PER_RUN = 200  # then continue as new, so a history stays short


@workflow.defn
class ImportWorkflow:
    def __init__(self) -> None:
        self.progress = ImportProgress(done=0, total=0, finished=False)

    @workflow.run
    async def run(self, data: ImportInput) -> ImportProgress:
        for _ in range(BATCHES_PER_RUN):
            self.progress = await workflow.execute_activity(
                import_batch, ImportBatch(job_id=data.job_id, phase=data.phase),
                start_to_close_timeout=BATCH_TIMEOUT, heartbeat_timeout=HEARTBEAT, retry_policy=RETRY)
            if self.progress.finished:
                return self.progress
        workflow.continue_as_new(data)

    @workflow.query
    def where(self) -> ImportProgress:
        return self.progress
