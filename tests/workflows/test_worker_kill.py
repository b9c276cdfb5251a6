"""Killing the worker (SIGKILL: no shutdown, no cleanup) in the middle of a request and starting it again loses
no decision and applies no outcome twice; stopping it (SIGTERM, as a deploy does) lets the step in flight finish
within its grace.

The worker runs as its own process (`python -m worker`) on a fresh database and task queue, the API in this
process on the same ones. A test connection holds a Postgres lock so that the worker is caught inside an
activity (recording a decision, or applying the outcome) at the moment it is killed."""

from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, Engine, text

from api.approvals.decisions import RECEIVED
from api.core.config import Settings
from api.core.db import make_engine
from api.core.embedded import _terminate, child_env, free_port
from tests import sealed
from tests.conftest import ROOT, TEST_DATA, Services, auth, run_async


@dataclass
class Stack:
    http: TestClient
    engine: Engine
    env: dict[str, str]
    ids: dict[str, int]
    worker: subprocess.Popen[bytes] | None = None
    started: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start_worker(self) -> None:
        logs = (TEST_DATA / "kill-worker.log").open("ab")
        self.worker = subprocess.Popen([sys.executable, "-m", "worker"], env=self.env, stdout=logs,
                                       stderr=subprocess.STDOUT, cwd=ROOT)
        self.started.append(self.worker)

    def kill_worker(self) -> None:
        assert self.worker is not None and self.worker.poll() is None, "the worker is not running"
        os.kill(self.worker.pid, signal.SIGKILL)
        assert self.worker.wait(10) == -signal.SIGKILL

    def scalar(self, sql: str, **params: Any) -> Any:
        with self.engine.connect() as conn:
            return conn.execute(text(sql), params).scalar()

    def rows(self, sql: str, **params: Any) -> list[tuple[Any, ...]]:
        with self.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(sql), params)]


@pytest.fixture(scope="module")
def stack(services: Services) -> Iterator[Stack]:
    from api.main import create_app

    database_url = services.database("crm_kill")
    redis_url = services.redis_url.rsplit("/", 1)[0] + "/2"
    task_queue = f"kill-{uuid.uuid4().hex[:8]}"
    settings = Settings(database_url=database_url, redis_url=redis_url, temporal_address=services.temporal_address,
                        temporal_task_queue=task_queue, data_dir=services.data_dir / "kill",
                        jwt_secret=os.environ["JWT_SECRET"], app_url="http://testserver",
                        approval_decision_timeout=3)
    env = child_env(DATABASE_URL=database_url, REDIS_URL=redis_url, TEMPORAL_ADDRESS=services.temporal_address,
                    TEMPORAL_TASK_QUEUE=task_queue, DATA_DIR=str(services.data_dir / "kill"),
                    WORKER_HEALTH_PORT=str(free_port()), WORKER_SHUTDOWN_SECONDS="60",
                    WORKER_METRICS_PORT="0", WORKER_SDK_METRICS_PORT="0")
    engine = make_engine(database_url)
    ids = {name: int(i) for name, i in engine.connect().execute(text("select username, id from users")).all()}
    with TestClient(create_app(settings), raise_server_exceptions=False) as http:
        result = Stack(http=http, engine=engine, env=env, ids=ids)
        try:
            yield result
        finally:
            for proc in result.started:
                _terminate(proc)
            engine.dispose()


def wait_for(predicate: Callable[[], Any], timeout: float = 60, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"{what}: not met within {timeout}s")


def blocked_on_lock(stack: Stack, query_part: str) -> bool:
    """A worker's database session is waiting for the lock the test holds."""
    return bool(stack.scalar(
        "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' "
        "and pid <> pg_backend_pid() and query ilike :q", q=f"%{query_part}%"))


def hold(stack: Stack, sql: str, **params: Any) -> Connection:
    conn = stack.engine.connect()
    conn.begin()
    conn.execute(text(sql), params)
    return conn


def prepare(stack: Stack, name: str) -> tuple[int, int]:
    """A lead of sales1 and a hold request on it under a two-layer pipeline; returns (lead id, approval id)."""
    http, ids = stack.http, stack.ids
    if not stack.scalar("select count(*) from approval_pipelines where name = 'Kill test hold'"):
        r = http.post("/api/approval-pipelines", headers=auth(http, "admin"), json={
            "name": "Kill test hold", "pipelineActionType": "HOLD_LEAD", "salesPersons": [ids["sales1"]],
            "layers": [{"name": "Review", "mode": "ANY_ORDER", "approvers": [ids["approver1"], ids["approver2"]]},
                       {"name": "Sign-off", "mode": "ANY_USER", "approvers": [ids["tl1"]]}]})
        assert r.status_code == 200, r.text
    sales = auth(http, "sales1")
    client_id = http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
    lead = http.post("/api/leads", json={"clientId": client_id, "projectName": name}, headers=sales)
    assert lead.status_code == 200, lead.text
    lead_id = lead.json()["results"]["id"]
    r = http.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD", "notes": name},
                  headers=sales)
    assert r.status_code == 200, r.text
    approval_id = r.json()["results"]["approvalId"]
    wait_for(lambda: in_queue(stack, "approver1", approval_id), what="the request reaches the queue")
    return lead_id, approval_id


def in_queue(stack: Stack, user: str, approval_id: int) -> bool:
    rows = stack.http.get("/api/approval", headers=auth(stack.http, user)).json()["results"]["data"]
    return any(row["approvalId"] == approval_id for row in rows)


def decide(stack: Stack, user: str, approval_id: int, action: str = "APPROVED") -> Any:
    return stack.http.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": action, "note": "ok"},
                          headers=auth(stack.http, user))


def timeline(stack: Stack, approval_id: int) -> dict[str, Any]:
    r = stack.http.get(f"/api/approval/{approval_id}/timeline", headers=auth(stack.http, "sales1"))
    assert r.status_code == 200, r.text
    return r.json()["results"]


def ensure_worker(stack: Stack) -> None:
    if stack.worker is None or stack.worker.poll() is not None:
        stack.start_worker()


def kill_while_blocked(stack: Stack, lock_sql: str, waiting_query: str, user: str, approval_id: int,
                       blocked_for: float = 0, **params: Any) -> Any:
    """Hold a lock, send `user`'s approval, SIGKILL the worker while its activity waits for the lock, release
    the lock; returns the API's answer to the decision (given while no worker runs)."""
    lock = hold(stack, lock_sql, **params)
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pending = pool.submit(decide, stack, user, approval_id)
            wait_for(lambda: blocked_on_lock(stack, waiting_query), what="the activity waits for the lock")
            time.sleep(blocked_for)
            stack.kill_worker()
            lock.rollback()
            return pending.result(60)
    finally:
        lock.close()


def decisions(stack: Stack, approval_id: int) -> list[tuple[Any, ...]]:
    return stack.rows("select layer_index, approver_id, action from approval_decisions where request_id = :r "
                      "order by layer_index, approver_id", r=approval_id)


def assert_applied_once(stack: Stack, lead_id: int, approval_id: int) -> None:
    """Every decision once, the lead on hold once, the requester told once, each approver asked once."""
    ids = stack.ids
    assert decisions(stack, approval_id) == sorted([(0, ids["approver1"], "APPROVED"),
                                                    (0, ids["approver2"], "APPROVED"), (1, ids["tl1"], "APPROVED")])
    assert stack.scalar("select status from approval_requests where id = :r", r=approval_id) == "APPROVED"
    assert stack.scalar("select status from leads where id = :l", l=lead_id) == "HOLD"
    assert stack.rows("select old_value, new_value from lead_histories where lead_id = :l and field = 'status' "
                      "order by id", l=lead_id) == [("NEW", "WAITING"), ("WAITING", "HOLD")]
    assert stack.rows("select new_value from lead_histories where lead_id = :l and field = 'approval'",
                      l=lead_id) == [("Approved by Budi Santoso: ok",)]
    told = stack.rows("select user_id, message from notifications where notification_type = 'INFORMATION' "
                      "and link = :l", l=f"/leads/{lead_id}")
    assert len(told) == 1 and told[0][0] == ids["sales1"] and "has been approved" in told[0][1]
    asked = stack.rows("select user_id, count(*) from notifications where notification_type = 'APPROVAL' "
                       "and link = :l group by user_id order by user_id", l=f"/system/approval?request={approval_id}")
    assert asked == sorted((ids[u], 1) for u in ("approver1", "approver2", "tl1"))
    assert stack.scalar("select count(*) from approval_tasks where request_id = :r and status = 'PENDING'",
                        r=approval_id) == 0
    assert timeline(stack, approval_id)["status"] == "APPROVED"


# 0: killed at once, the Update only admitted; 12: after the worker heartbeated the workflow task for the long
# local activity, so the Update is accepted in history and replayed by the next worker.
@pytest.mark.parametrize("blocked_for", [0, 12])
def test_killed_while_a_decision_is_recorded(stack: Stack, blocked_for: float) -> None:
    ensure_worker(stack)
    lead_id, approval_id = prepare(stack, f"Kill during a decision {blocked_for}")

    answer = kill_while_blocked(stack, "lock table approval_decisions in exclusive mode", "approval_decisions",
                                "approver1", approval_id, blocked_for)
    # not confirmed in time, but kept: the approver is told it was received, never that it failed
    assert answer.status_code == 202 and answer.json()["results"]["message"] == RECEIVED
    assert decisions(stack, approval_id) == []  # the killed worker's transaction never committed

    stack.start_worker()
    # the decision was not lost: the restarted worker takes it up and records it once
    wait_for(lambda: decisions(stack, approval_id), what="the decision is recorded after the restart")
    assert decisions(stack, approval_id) == [(0, stack.ids["approver1"], "APPROVED")]
    assert timeline(stack, approval_id)["layers"][0]["approvers"][0]["actionType"] == "APPROVED"
    again = decide(stack, "approver1", approval_id)  # the approver tries again anyway
    assert again.status_code == 409 and again.json()["messages"] == ["You have already decided on this layer."]
    assert again.json()["type"] == "AlreadyDecided"

    assert decide(stack, "approver2", approval_id).status_code == 200
    final = decide(stack, "tl1", approval_id)
    assert final.status_code == 200 and final.json()["results"]["status"] == "APPROVED"
    wait_for(lambda: stack.scalar("select status from leads where id = :l", l=lead_id) == "HOLD",
             what="the lead is on hold")
    assert_applied_once(stack, lead_id, approval_id)


def test_killed_while_the_outcome_is_applied(stack: Stack) -> None:
    ensure_worker(stack)
    lead_id, approval_id = prepare(stack, "Kill during the outcome")
    assert decide(stack, "approver1", approval_id).status_code == 200
    assert decide(stack, "approver2", approval_id).status_code == 200
    wait_for(lambda: in_queue(stack, "tl1", approval_id), what="the second layer is queued")

    # FOR NO KEY UPDATE lets the decision's inserts through (their foreign keys only share-lock the request) and
    # stops the outcome's SELECT ... FOR UPDATE of the request
    answer = kill_while_blocked(stack, "select id from approval_requests where id = :r for no key update",
                                "for update", "tl1", approval_id, r=approval_id)
    assert answer.status_code == 202 and answer.json()["results"]["message"] == RECEIVED
    assert stack.scalar("select status from approval_requests where id = :r", r=approval_id) == "PENDING"
    assert stack.scalar("select status from leads where id = :l", l=lead_id) == "WAITING"

    stack.start_worker()
    wait_for(lambda: stack.scalar("select status from leads where id = :l", l=lead_id) == "HOLD",
             what="the outcome is applied after the restart")
    assert_applied_once(stack, lead_id, approval_id)
    again = decide(stack, "tl1", approval_id)
    assert again.status_code == 409 and again.json()["messages"] == ["You have already decided on this layer."]
    late = decide(stack, "approver1", approval_id)  # decided on layer 1 long ago: the same one answer
    assert late.status_code == 409 and late.json()["type"] == "AlreadyDecided"


def test_stopped_while_the_outcome_is_applied_it_finishes_the_step_first(stack: Stack) -> None:
    """SIGTERM while the final decision's outcome waits for a lock: the worker stops polling but lets the step in
    flight finish once the lock goes, then exits cleanly; the outcome is applied once, by that worker."""
    ensure_worker(stack)
    lead_id, approval_id = prepare(stack, "Stop during the outcome")
    assert decide(stack, "approver1", approval_id).status_code == 200
    assert decide(stack, "approver2", approval_id).status_code == 200
    wait_for(lambda: in_queue(stack, "tl1", approval_id), what="the second layer is queued")
    worker = stack.worker
    assert worker is not None
    lock = hold(stack, "select id from approval_requests where id = :r for no key update", r=approval_id)
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pending = pool.submit(decide, stack, "tl1", approval_id)
            wait_for(lambda: blocked_on_lock(stack, "for update"), what="the outcome waits for the lock")
            worker.send_signal(signal.SIGTERM)
            time.sleep(1)
            assert worker.poll() is None, "the worker left with a step in flight"
            lock.rollback()
            pending.result(60)
    finally:
        lock.close()
    assert worker.wait(60) == 0
    # applied by the stopping worker itself: no other worker ran
    assert stack.scalar("select status from leads where id = :l", l=lead_id) == "HOLD"
    assert_applied_once(stack, lead_id, approval_id)


def test_a_decision_while_no_worker_runs_is_received_then_applied(stack: Stack) -> None:
    """Worker down: the approver hears 'received', the queue and timeline show it processing, and once a worker
    runs again the decision is applied once: what the approver was told is what happens."""
    ensure_worker(stack)
    lead_id, approval_id = prepare(stack, "Decision without a worker")
    stack.kill_worker()

    answer = decide(stack, "approver1", approval_id)
    assert answer.status_code == 202, answer.text
    body = answer.json()["results"]
    assert body["processing"] is True and body["message"] == RECEIVED
    assert body["layers"][0]["approvers"][0]["processing"] is True
    row = next(r for r in stack.http.get("/api/approval", headers=auth(stack.http, "approver1")).json()["results"]
               ["data"] if r["approvalId"] == approval_id)
    assert row["processing"] is True
    waiting = stack.http.get(f"/api/leads/{lead_id}", headers=auth(stack.http, "sales1")).json()["results"]
    assert waiting["waitingFor"]["state"] == "PROCESSING"
    assert decide(stack, "approver1", approval_id).status_code == 202  # a second click: the same answer
    assert decisions(stack, approval_id) == []

    stack.start_worker()
    wait_for(lambda: decisions(stack, approval_id), what="the decision is applied once a worker runs")
    assert decisions(stack, approval_id) == [(0, stack.ids["approver1"], "APPROVED")]
    wait_for(lambda: stack.scalar("select status from approval_tasks where request_id = :r and approver_id = :a",
                                  r=approval_id, a=stack.ids["approver1"]) == "DONE", what="the task is done")
    assert decide(stack, "approver2", approval_id).status_code == 200
    assert decide(stack, "tl1", approval_id).json()["results"]["status"] == "APPROVED"
    assert_applied_once(stack, lead_id, approval_id)


def test_a_decision_the_sweep_sends_again(stack: Stack) -> None:
    """The Update never reached a worker and the server forgot it: the sweep sends the kept decision again."""


    from api.approvals import outbox
    from api.core.db import make_session_factory

    ensure_worker(stack)
    lead_id, approval_id = prepare(stack, "Decision sent again")
    # what a decide call leaves when it dies right after making the decision durable
    with stack.engine.begin() as conn:
        conn.execute(text("update approval_tasks set status = 'PROCESSING', submitted_action = 'APPROVED', "
                          "submitted_note = 'kept', submitted_at = now() where request_id = :r and approver_id = :a"),
                     {"r": approval_id, "a": stack.ids["approver1"]})

    async def sweep() -> int:
        client = await sealed.connect(stack.http.app.state.settings.temporal_address)  # type: ignore[attr-defined]
        return await outbox.resend_decisions(client, make_session_factory(stack.engine),
                                             older_than=outbox.timedelta(0))

    assert run_async(sweep()) == 1
    assert decisions(stack, approval_id) == [(0, stack.ids["approver1"], "APPROVED")]
    assert run_async(sweep()) == 0  # nothing left to send; sending again would not decide twice anyway
    assert stack.scalar("select status from approval_tasks where request_id = :r and approver_id = :a",
                        r=approval_id, a=stack.ids["approver1"]) == "DONE"
    del lead_id


def test_a_received_decision_the_workflow_no_longer_takes_is_told_who_won(stack: Stack) -> None:
    """An approver was told "received"; meanwhile another approver's rejection ended the request. When the sweep
    sends the kept decision, the workflow has closed: the approver's bell says what became of it, naming who decided
    (not "the request was already decided."), and the task leaves the queue."""
    from api.approvals import outbox
    from api.core.db import make_session_factory

    ensure_worker(stack)
    _, approval_id = prepare(stack, "Decision that lost")
    rejected = stack.http.put(f"/api/approval/{approval_id}/handle-hold", headers=auth(stack.http, "approver2"),
                              json={"approversAction": "REJECTED", "note": "Not now"})
    assert rejected.status_code == 200, rejected.text
    wait_for(lambda: stack.scalar("select status from approval_requests where id = :r", r=approval_id) == "REJECTED",
             what="the request ends")
    with stack.engine.begin() as conn:  # what approver1's "received" call left
        conn.execute(text("update approval_tasks set status = 'PROCESSING', submitted_action = 'APPROVED', "
                          "submitted_at = now() where request_id = :r and approver_id = :a"),
                     {"r": approval_id, "a": stack.ids["approver1"]})

    async def sweep() -> int:
        client = await sealed.connect(stack.http.app.state.settings.temporal_address)  # type: ignore[attr-defined]
        return await outbox.resend_decisions(client, make_session_factory(stack.engine),
                                             older_than=outbox.timedelta(0))

    assert run_async(sweep()) == 1
    told = stack.scalar("select message from notifications where user_id = :u and message like :m order by id desc "
                        "limit 1", u=stack.ids["approver1"], m="Your decision on %")
    assert told is not None and told.endswith("could not be applied: Already decided: rejected by Maya Kusuma."), told
    assert stack.scalar("select status from approval_tasks where request_id = :r and approver_id = :a",
                        r=approval_id, a=stack.ids["approver1"]) == "CANCELLED"
    assert decisions(stack, approval_id) == [(0, stack.ids["approver2"], "REJECTED")]


def test_a_request_whose_workflow_did_not_start_after_its_commit(stack: Stack, monkeypatch: Any) -> None:
    """A crash between the commit and the workflow start: the request is kept (the caller is not told it failed),
    the sweep starts its one workflow, and it completes with one history of it."""


    from api.approvals import outbox
    from api.core.db import make_session_factory

    ensure_worker(stack)
    sales = auth(stack.http, "sales1")
    client_id = stack.http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
    lead_id = stack.http.post("/api/leads", json={"clientId": client_id, "projectName": "Start lost"},
                              headers=sales).json()["results"]["id"]
    prepare(stack, "Pipeline for the start test")  # makes sure the hold pipeline exists
    # no worker from here until this test's sweep has run: the worker's own sweep would start the request once it is
    # START_AFTER old, which a busy machine reaches before the test sweeps, and the test would prove nothing
    stack.kill_worker()

    async def crash(*args: Any, **kwargs: Any) -> bool:
        raise ConnectionError("the API process died right after its commit")

    monkeypatch.setattr(outbox, "start", crash)
    r = stack.http.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD"}, headers=sales)
    monkeypatch.undo()
    assert r.status_code == 200, r.text
    approval_id = r.json()["results"]["approvalId"]
    assert stack.scalar("select started_at from approval_requests where id = :r", r=approval_id) is None
    assert stack.scalar("select status from leads where id = :l", l=lead_id) == "WAITING"
    lead = stack.http.get(f"/api/leads/{lead_id}", headers=sales).json()["results"]
    assert lead["waitingFor"]["state"] == "STARTING"

    async def sweep() -> list[str]:
        client = await sealed.connect(stack.http.app.state.settings.temporal_address)  # type: ignore[attr-defined]
        return await outbox.start_waiting(client, make_session_factory(stack.engine),
                                          stack.http.app.state.settings.temporal_task_queue,  # type: ignore
                                          older_than=outbox.timedelta(0))

    workflow_id = stack.scalar("select workflow_id from approval_requests where id = :r", r=approval_id)
    # the sweep also starts the seeded requests the killed worker had not swept yet: this test looks at its own
    assert workflow_id in run_async(sweep())
    assert workflow_id not in run_async(sweep())  # started once: a second sweep does not start it again
    assert stack.scalar("select started_at from approval_requests where id = :r", r=approval_id) is not None
    ensure_worker(stack)
    wait_for(lambda: in_queue(stack, "approver1", approval_id), what="the swept request reaches the queue")
    assert decide(stack, "approver1", approval_id).status_code == 200
    assert decide(stack, "approver2", approval_id).status_code == 200
    assert decide(stack, "tl1", approval_id).status_code == 200
    assert_applied_once(stack, lead_id, approval_id)


def test_a_step_failing_past_its_retries_needs_attention_and_is_written_later(stack: Stack) -> None:
    """Retries are bounded: a database step that keeps failing flags the request (NeedsAttention in Temporal, the
    timeline in the app) instead of retrying for ever inside the Update; once the cause is gone the workflow
    writes what it kept, and nothing is lost or doubled."""


    ensure_worker(stack)
    lead_id, approval_id = prepare(stack, "Failing step")
    workflow_id = stack.scalar("select workflow_id from approval_requests where id = :r", r=approval_id)
    with stack.engine.begin() as conn:  # the decision's insert fails for this request, as a broken step would
        conn.execute(text(
            "create or replace function refuse_decision() returns trigger language plpgsql as $$ begin "
            f"if new.request_id = {approval_id} then raise exception 'disk full'; end if; return new; end $$; "
            "create trigger refuse_decision before insert on approval_decisions for each row "
            "execute function refuse_decision()"))
    try:
        answer = decide(stack, "approver1", approval_id)
        assert answer.status_code == 202 and answer.json()["results"]["message"] == RECEIVED

        async def flagged() -> bool:
            client = await sealed.connect(stack.http.app.state.settings.temporal_address)  # type: ignore
            query = f'NeedsAttention = true AND WorkflowId = "{workflow_id}"'
            found = [w.id async for w in client.list_workflows(query)]
            return found == [workflow_id]

        wait_for(lambda: run_async(flagged()), timeout=60, what="the request is flagged for operations")
        assert timeline(stack, approval_id)["needsAttention"] is True
        assert decisions(stack, approval_id) == []
    finally:
        with stack.engine.begin() as conn:
            conn.execute(text("drop trigger if exists refuse_decision on approval_decisions"))
    wait_for(lambda: decisions(stack, approval_id), timeout=60, what="the kept decision is written once it can be")
    wait_for(lambda: not run_async(flagged()), timeout=20, what="the flag is cleared")
    assert timeline(stack, approval_id)["needsAttention"] is False
    assert decide(stack, "approver2", approval_id).status_code == 200
    assert decide(stack, "tl1", approval_id).json()["results"]["status"] == "APPROVED"
    assert_applied_once(stack, lead_id, approval_id)
