"""The import's activity: one batch of rows checked or written in one transaction (api.imports.batches)."""

from __future__ import annotations

from temporalio import activity
from temporalio.exceptions import ApplicationError

from api.core.errors import NotFound
from api.imports import batches
from workflows.activities.db import sessions
from workflows.contracts.imports import ImportBatch, ImportProgress


@activity.defn
def import_batch(data: ImportBatch) -> ImportProgress:
    """The next batch of the import's phase; idempotent: the rows already done are skipped."""
    with sessions()() as session:
        try:
            progress = batches.run_batch(session, job_id=data.job_id, phase=data.phase, beat=activity.heartbeat)
        except NotFound as exc:  # the import is gone: retrying will not bring it back
            raise ApplicationError(str(exc), type="NotFound", non_retryable=True) from exc
        session.commit()
    return ImportProgress(done=progress.done, total=progress.total, finished=progress.finished)
