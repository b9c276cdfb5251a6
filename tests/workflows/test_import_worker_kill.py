"""Killing the worker (SIGKILL) in the middle of a 10,000-row import and starting it again: the import finishes, every
row has its outcome exactly once and every record was written exactly once.

As in test_worker_kill, the worker runs as its own process (`python -m worker`) on a fresh database and task queue,
the API in this process on the same ones. The test holds an uncommitted client with the code of a row half-way
through the file, so that the worker is caught inside a batch (its earlier rows written in its open transaction,
the row's insert waiting on the unique code) at the moment it is killed."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.core.config import Settings
from api.core.db import make_engine
from api.core.embedded import _terminate, child_env, free_port
from api.imports import batches
from tests.conftest import Services, auth
from tests.integration.imports.helpers import CLIENT_HEADERS, client_row, csv_bytes, uploaded
from tests.workflows.test_worker_kill import Stack, blocked_on_lock, hold, wait_for

ROWS = 10_000
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CAUGHT = ROWS // 2 + 37  # the row whose client the test holds: inside a batch, not at its start


@pytest.fixture(scope="module")
def stack(services: Services) -> Iterator[Stack]:
    from api.main import create_app

    database_url = services.database("crm_import_kill")
    redis_url = services.redis_url.rsplit("/", 1)[0] + "/3"
    task_queue = f"import-kill-{uuid.uuid4().hex[:8]}"
    data_dir = services.data_dir / "import-kill"
    settings = Settings(database_url=database_url, redis_url=redis_url, temporal_address=services.temporal_address,
                        temporal_task_queue=task_queue, data_dir=data_dir, jwt_secret=os.environ["JWT_SECRET"],
                        app_url="http://testserver")
    env = child_env(DATABASE_URL=database_url, REDIS_URL=redis_url, TEMPORAL_ADDRESS=services.temporal_address,
                    TEMPORAL_TASK_QUEUE=task_queue, DATA_DIR=str(data_dir), WORKER_HEALTH_PORT=str(free_port()),
                    WORKER_SHUTDOWN_SECONDS="60", WORKER_METRICS_PORT="0", WORKER_SDK_METRICS_PORT="0")
    engine = make_engine(database_url)
    with TestClient(create_app(settings), raise_server_exceptions=False) as http:
        result = Stack(http=http, engine=engine, env=env, ids={})
        try:
            yield result
        finally:
            for proc in result.started:
                _terminate(proc)
            engine.dispose()


def test_a_worker_killed_mid_import_leaves_every_row_and_record_once(stack: Stack) -> None:
    # codes a digit first: no demo client's (theirs are letters), so every row creates a client
    codes = [f"{DIGITS[i // 1296]}{DIGITS[i // 36 % 36]}{DIGITS[i % 36]}" for i in range(ROWS)]
    data = csv_bytes([CLIENT_HEADERS, *(client_row(code, f"Kill Import {code}") for code in codes)])
    job = uploaded(stack.http, data, name="clients.csv")
    assert job["totalRows"] == ROWS
    # the dry run is another test's (test_import_workflow): here the job is taken as checked, with its settings
    with stack.engine.begin() as conn:
        conn.execute(text("update import_jobs set status = 'CHECKED' where id = :j"), {"j": job["id"]})
    stack.start_worker()
    caught = codes[CAUGHT - 2]  # row numbers count the header as 1
    lock = hold(stack, "insert into clients (client_code, client_name, legal_name, industry_id, address, country_id, "
                       "affiliate_id) select :code, 'Kill lock', 'Kill lock', industry_id, address, country_id, "
                       "affiliate_id from clients limit 1", code=caught)
    try:
        r = stack.http.post(f"/api/imports/{job['id']}/confirm", headers=auth(stack.http, "admin"))
        assert r.status_code == 200 and r.json()["results"]["status"] == "RUNNING", r.text
        wait_for(lambda: blocked_on_lock(stack, "insert into clients"), timeout=120,
                 what="a batch waits on the held client")
        committed = stack.scalar("select run_done from import_jobs where id = :j", j=job["id"])
        assert committed == (CAUGHT - 2) // batches.BATCH * batches.BATCH  # the batches before it, not this one
        stack.kill_worker()
        lock.rollback()
    finally:
        lock.close()
    stack.start_worker()
    wait_for(lambda: stack.scalar("select status from import_jobs where id = :j", j=job["id"]) == "DONE",
             timeout=180, what="the import finishes after the restart")

    outcomes = stack.rows("select count(*), count(distinct row_number), min(row_number), max(row_number), "
                          "count(*) filter (where status = 'CREATED') from import_row_outcomes "
                          "where job_id = :j and phase = 'RUN'", j=job["id"])
    assert outcomes == [(ROWS, ROWS, 2, ROWS + 1, ROWS)]
    clients = stack.rows("select count(*), count(distinct client_code) from clients where client_name like "
                         "'Kill Import %'")
    assert clients == [(ROWS, ROWS)]
    assert stack.scalar("select count(*) from clients where client_name = 'Kill lock'") == 0
    recorded = stack.rows("select count(*) from import_row_outcomes o join clients c on c.id = o.record_id "
                          "where o.job_id = :j and o.phase = 'RUN' and c.client_name = 'Kill Import ' || c.client_code",
                          j=job["id"])
    assert recorded == [(ROWS,)]  # each outcome names the client its row wrote
    counts = stack.scalar("select run_counts from import_jobs where id = :j", j=job["id"])
    assert counts == {"CREATED": ROWS, "UPDATED": 0, "UNCHANGED": 0, "REFUSED": 0}
    assert stack.scalar("select count(*) from audit_entries where subject = 'IMPORT' and subject_id = :j",
                        j=str(job["id"])) == 1
