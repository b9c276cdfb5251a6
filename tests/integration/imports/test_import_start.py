"""A file past the in-request size goes to ImportWorkflow; when Temporal does not take the start (down, or not
connected at all), the dry run or the run answers 503 with its message and the import goes back to where it was
(UPLOADED or CHECKED) with nothing half-done, so the next try is taken instead of refused as still running."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.imports import service
from api.imports.models import ImportRowOutcome
from tests.conftest import auth, run_async
from tests.integration.imports.helpers import CLIENT_HEADERS, client_row, dry_run, uploaded, xlsx


async def _nowhere() -> Client:
    return await Client.connect("127.0.0.1:1", lazy=True)  # nothing listens there: every call is refused


@pytest.fixture(params=["refused", "not connected"])
def temporal_down(request: pytest.FixtureRequest, client: TestClient) -> Iterator[None]:
    """Temporal refuses the start (its address answers nothing) or the API has no Temporal client at all."""
    state: Any = client.app.state  # type: ignore[attr-defined]
    kept = state.temporal
    state.temporal = run_async(_nowhere()) if request.param == "refused" else None
    try:
        yield
    finally:
        state.temporal = kept


def _inline(client: TestClient, monkeypatch: pytest.MonkeyPatch, rows: int) -> None:
    monkeypatch.setattr(client.app.state.settings, "import_inline_rows", rows)  # type: ignore[attr-defined]


def _job(client: TestClient, job_id: int) -> dict[str, Any]:
    r = client.get(f"/api/imports/{job_id}", headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def _file() -> bytes:
    return xlsx([CLIENT_HEADERS, *(client_row(f"TS{i}", f"Start Test {i}") for i in range(3))])


@pytest.mark.usefixtures("temporal_down")
def test_a_dry_run_that_cannot_start_goes_back_to_uploaded(client: TestClient, db: Session,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _inline(client, monkeypatch, 1)
    job = uploaded(client, _file())
    for _ in range(2):  # the second try is taken (not "still running") and answered the same
        r = dry_run(client, job)
        assert r.status_code == 503 and r.json()["messages"] == [service.UNAVAILABLE]
        assert _job(client, job["id"])["status"] == "UPLOADED"
    assert db.scalar(select(func.count()).select_from(ImportRowOutcome)
                     .where(ImportRowOutcome.job_id == job["id"])) == 0


@pytest.mark.usefixtures("temporal_down")
def test_a_run_that_cannot_start_goes_back_to_checked(client: TestClient, db: Session,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _inline(client, monkeypatch, 1000)
    job = uploaded(client, _file())
    assert dry_run(client, job).status_code == 200  # checked in the request
    _inline(client, monkeypatch, 1)
    for _ in range(2):
        r = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin"))
        assert r.status_code == 503 and r.json()["messages"] == [service.UNAVAILABLE]
        assert _job(client, job["id"])["status"] == "CHECKED"
    assert db.scalar(select(func.count()).select_from(ImportRowOutcome).where(
        ImportRowOutcome.job_id == job["id"], ImportRowOutcome.phase == "RUN")) == 0
    _inline(client, monkeypatch, 1000)  # Temporal or not, a small file is then written in the request
    r = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin"))
    assert r.status_code == 200 and r.json()["results"]["status"] == "DONE", r.text
