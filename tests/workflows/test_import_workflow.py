"""ImportWorkflow on the real Temporal dev server with the real worker and database: a file past the in-request size
(IMPORT_INLINE_ROWS, made small here) is checked and written by the workflow, a batch per activity; the progress is
read from the API as it goes, every row has exactly one outcome per phase, and the undo takes the whole import back."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.core.db import make_engine
from api.imports import batches
from api.imports.models import ImportRowOutcome
from tests.conftest import auth
from tests.integration.imports.helpers import CLIENT_HEADERS, client_row, dry_run, uploaded, xlsx

pytestmark = pytest.mark.usefixtures("worker")
INLINE = 100  # the API's in-request size for this test: past it, the workflow
ROWS = batches.BATCH + 50  # two batches, so the progress is seen between them
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _wait(client: TestClient, job_id: int, status: str, seen: list[float]) -> dict[str, Any]:
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        job = client.get(f"/api/imports/{job_id}", headers=auth(client, "admin")).json()["results"]
        seen.append(job["run"]["percent"] if status == "DONE" else job["dryRun"]["percent"])
        if job["status"] == status:
            return job  # type: ignore[no-any-return]
        time.sleep(0.5)
    raise AssertionError(f"import {job_id} did not reach {status}")


@pytest.fixture
def small_inline(live: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The API checks and writes at most INLINE rows in the request (its IMPORT_INLINE_ROWS setting)."""
    monkeypatch.setattr(live.app.state.settings, "import_inline_rows", INLINE)  # type: ignore[attr-defined]


@pytest.mark.usefixtures("small_inline")
def test_a_large_file_is_checked_and_written_by_the_workflow_each_row_once(live: TestClient,
                                                                           database_url: str) -> None:
    codes = [f"W{DIGITS[i // 36]}{DIGITS[i % 36]}" for i in range(ROWS)]
    data = xlsx([CLIENT_HEADERS, *(client_row(code, f"Workflow Import {code}") for code in codes)])
    job = uploaded(live, data)
    assert job["totalRows"] == ROWS
    checking = dry_run(live, job).json()["results"]
    assert checking["status"] == "CHECKING"
    seen: list[float] = []
    checked = _wait(live, job["id"], "CHECKED", seen)
    assert checked["dryRun"]["counts"]["REFUSED"] == 0 and checked["dryRun"]["done"] == ROWS
    assert live.post(f"/api/imports/{job['id']}/confirm", headers=auth(live, "admin")).status_code == 200
    progress: list[float] = []
    done = _wait(live, job["id"], "DONE", progress)
    assert progress == sorted(progress) and done["run"]["percent"] == 100.0
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            for phase in ("DRY", "RUN"):
                counted = session.execute(select(ImportRowOutcome.row_number, func.count()).where(
                    ImportRowOutcome.job_id == job["id"], ImportRowOutcome.phase == phase)
                    .group_by(ImportRowOutcome.row_number)).all()
                assert len(counted) == ROWS and {n for _, n in counted} == {1}
    finally:
        engine.dispose()
    r = live.post(f"/api/imports/{job['id']}/undo", headers=auth(live, "admin"))
    assert r.status_code == 200, r.text
