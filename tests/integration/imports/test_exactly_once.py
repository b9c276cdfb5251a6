"""A batch that fails before its commit (a worker killed mid-batch) and is tried again writes each row once: its rows'
outcomes and records go with its transaction, and the next try starts after the last row committed."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.imports import batches
from api.imports.models import ImportJob, ImportRowOutcome
from tests.integration.imports.helpers import CLIENT_HEADERS, client_row, dry_run, uploaded, xlsx


def test_a_batch_retried_after_a_crash_writes_every_row_once(client: TestClient, db: Session) -> None:
    data = xlsx([CLIENT_HEADERS, *(client_row(f"Q{i:02d}", f"Quorum {i}") for i in range(12))])
    job = uploaded(client, data)
    assert dry_run(client, job).status_code == 200
    db.get(ImportJob, job["id"]).status = "RUNNING"  # type: ignore[union-attr]
    db.commit()

    first = batches.run_batch(db, job_id=job["id"], phase="RUN", limit=5)
    db.commit()
    assert first.done == 5
    crashed = db.begin_nested()
    batches.run_batch(db, job_id=job["id"], phase="RUN", limit=5)
    crashed.rollback()  # the worker died before the commit: the batch's rows and outcomes are gone
    while not batches.run_batch(db, job_id=job["id"], phase="RUN", limit=5).finished:
        db.commit()
    db.commit()
    again = batches.run_batch(db, job_id=job["id"], phase="RUN", limit=5)  # a retry after the end does nothing
    db.commit()

    assert again.done == 12 and again.finished
    numbers = db.scalars(select(ImportRowOutcome.row_number).where(ImportRowOutcome.job_id == job["id"],
                                                                   ImportRowOutcome.phase == "RUN")).all()
    assert sorted(numbers) == list(range(2, 14))
    assert db.scalar(select(func.count()).select_from(Client).where(Client.client_name.like("Quorum %"))) == 12
    finished = db.get(ImportJob, job["id"])
    assert finished is not None and finished.status == "DONE" and finished.run_counts["CREATED"] == 12
