"""PidWorkflow on the real Temporal dev server with the real worker and database: twenty PCS approvals
finishing at once hand out twenty distinct PIDs, each with its stored PDF, history and one notification; a lead
started twice still gets one PID; generate-pid refuses a sheet that is not approved."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleIntervalSpec,
    ScheduleSpec,
    ScheduleState,
    WorkflowExecutionStatus,
)
from temporalio.service import RPCError, RPCStatusCode

from api.approvals.models import ApprovalRequest
from api.core.config import get_settings
from api.core.db import make_engine
from api.leads.models import LeadHistory, LeadProjectId
from api.notifications.models import Notification
from api.pcs.models import ProjectCostSheet
from api.users.models import User
from tests import sealed
from tests.conftest import Services, auth, run_async
from tests.integration.pcs.sheets import Sheet, make_sheet, remove
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import ApprovalInput, DecideInput
from workflows.contracts.approval_rules import Approver, Layer
from workflows.contracts.pid import PidInput, PidResult, pid_workflow_id
from workflows.contracts.search_attributes import CRM_LEAD_ID
from workflows.contracts.sweeps import PAUSE, Sweep, approval_sweep_id, pid_sweep_id, reminder_sweep_id
from workflows.pid import PidWorkflow
from workflows.pid_sweep import PidSweepWorkflow

pytestmark = pytest.mark.usefixtures("worker")
PID_FORMAT = re.compile(rf"^NDC-{datetime.now(UTC).year}-\d{{4}}$")


def pid_id(lead_id: int) -> str:
    return pid_workflow_id(lead_id, get_settings().temporal_task_queue)


@pytest.fixture
def session(database_url: str) -> Iterator[Session]:
    engine = make_engine(database_url)
    s = Session(engine, expire_on_commit=False)
    yield s
    s.close()
    engine.dispose()


@pytest.fixture
def sheets(session: Session) -> Iterator[list[Sheet]]:
    made: list[Sheet] = []
    yield made
    for sheet in made:
        remove(session, sheet)


def committed(session: Session, sheets: list[Sheet], **kwargs: Any) -> Sheet:
    made = make_sheet(session, **kwargs)
    session.commit()
    sheets.append(made)
    return made


def pids_of(session: Session, lead_id: int) -> list[LeadProjectId]:
    session.expire_all()
    return list(session.scalars(select(LeadProjectId).where(LeadProjectId.lead_id == lead_id)))


def wait_for(predicate: Any, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError("condition not met in time")


async def started_at_all(client: Client, workflow_id: str) -> bool:
    try:
        await client.get_workflow_handle(workflow_id).describe()
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    return True


async def wait_until_started(client: Client, workflow_id: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not await started_at_all(client, workflow_id):
        assert time.monotonic() < deadline, f"{workflow_id} was not started"
        await asyncio.sleep(0.2)


async def current_details(handle: Any) -> str:
    """What the UI shows as the workflow's current details (the SDK's built-in metadata query)."""
    metadata = await handle.query("__temporal_workflow_metadata", result_type=WorkflowMetadata)
    return str(metadata.current_details)


class TestConcurrentApprovals:
    def test_twenty_pcs_approvals_finishing_at_once_give_twenty_distinct_pids(
            self, services: Services, session: Session, sheets: list[Sheet]) -> None:
        approver = session.scalars(select(User).where(User.username == "approver1")).one()
        made = [committed(session, sheets, status="WAITING_FOR_APPROVAL", decided_layers=0) for _ in range(20)]
        layers = [Layer("Finance", "ANY_USER", [Approver(approver.id, approver.fullname)])]

        async def scenario() -> list[PidResult]:
            client = await sealed.connect(services.temporal_address)
            handles = []
            for m in made:
                assert m.request is not None
                handles.append(await client.start_workflow(
                    ApprovalWorkflow.run,
                    ApprovalInput(request_id=m.request.id, request_type="PCS", lead_id=m.lead.id,
                                  requested_by=m.lead.sales_person_id, layers=layers,
                                  task_queue=get_settings().temporal_task_queue, starts_pid=True),
                    id=m.request.workflow_id, task_queue=get_settings().temporal_task_queue))
            # every approver decision lands at once; each approval then starts its lead's PidWorkflow
            await asyncio.gather(*(h.execute_update(ApprovalWorkflow.decide, DecideInput(approver.id, "APPROVED"))
                                   for h in handles))
            assert await asyncio.gather(*(h.result() for h in handles)) == ["APPROVED"] * 20

            # each approval started its child before it ended
            return list(await asyncio.gather(*(client.get_workflow_handle_for(PidWorkflow.run, pid_id(m.lead.id))
                                               .result() for m in made)))

        results = run_async(scenario())
        numbers = [r.pid_number for r in results]
        assert len(set(numbers)) == 20, numbers
        assert all(PID_FORMAT.match(n) for n in numbers), numbers
        assert all(r.created for r in results)

        storage_root = services.data_dir / "storage"
        for m, result in zip(made, results, strict=True):
            rows = pids_of(session, m.lead.id)
            assert [r.pid_number for r in rows] == [result.pid_number]
            row = rows[0]
            assert row.pcs_id == m.sheet.id and row.pdf_file is not None
            stored = storage_root / "leads" / str(m.lead.id) / row.pdf_file["key"]
            assert stored.read_bytes().startswith(b"%PDF-") and stored.stat().st_size == row.pdf_file["size"]
            assert row.pdf_file["name"].startswith("PCS_") and row.pdf_file["name"].endswith(".pdf")
            history = {h.field: h.new_value for h in session.scalars(
                select(LeadHistory).where(LeadHistory.lead_id == m.lead.id))}
            assert history["project_id_number"] == row.pid_number
            assert history["pid_pdf_file"] == row.pdf_file["name"]
            told = list(session.scalars(select(Notification).where(
                Notification.user_id == m.lead.sales_person_id,
                Notification.link == f"/leads/{m.lead.id}/generate-pid")))
            assert len(told) == 1 and told[0].notification_type == "INFORMATION"
            assert row.pid_number in told[0].message
            request = session.get(ApprovalRequest, m.request.id if m.request else 0)
            assert request is not None and request.status == "APPROVED"

    def test_a_rejected_pcs_approval_starts_no_pid(self, services: Services, session: Session,
                                                   sheets: list[Sheet]) -> None:
        approver = session.scalars(select(User).where(User.username == "approver1")).one()
        m = committed(session, sheets, status="WAITING_FOR_APPROVAL", decided_layers=0)
        assert m.request is not None
        request = m.request

        async def scenario() -> str:
            client = await sealed.connect(services.temporal_address)
            handle = await client.start_workflow(
                ApprovalWorkflow.run,
                ApprovalInput(request_id=request.id, request_type="PCS", lead_id=m.lead.id,
                              requested_by=m.lead.sales_person_id,
                              layers=[Layer("Finance", "ANY_USER", [Approver(approver.id, approver.fullname)])],
                              task_queue=get_settings().temporal_task_queue),
                id=request.workflow_id, task_queue=get_settings().temporal_task_queue)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(approver.id, "REJECTED", "Too thin"))
            status = str(await handle.result())
            try:
                await client.get_workflow_handle(pid_id(m.lead.id)).describe()
                return "pid started"
            except Exception:
                return status

        assert run_async(scenario()) == "REJECTED"
        assert pids_of(session, m.lead.id) == []


class TestStartedTwice:
    def test_two_generate_calls_and_a_stray_second_run_give_one_pid(
            self, services: Services, live: TestClient, session: Session, sheets: list[Sheet]) -> None:
        m = committed(session, sheets)
        headers = auth(live, "sales1")
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda _: live.post(f"/api/leads/{m.lead.id}/generate-pid", headers=headers),
                                    range(2)))
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        assert {a.json()["results"]["workflowId"] for a in answers} == {pid_id(m.lead.id)}

        rows = wait_for(lambda: [r for r in pids_of(session, m.lead.id) if r.pdf_file])
        first = rows[0].pid_number

        def finished() -> Any:
            r = live.post(f"/api/leads/{m.lead.id}/generate-pid", headers=headers)
            return r if r.json()["results"]["status"] == "COMPLETED" else None

        again = wait_for(finished)
        assert again.status_code == 200

        async def stray() -> PidResult:  # a second run under another id (a replayed or duplicated start)
            client = await sealed.connect(services.temporal_address)
            return await client.execute_workflow(
                PidWorkflow.run, PidInput(lead_id=m.lead.id, pcs_id=m.sheet.id), id=f"pid-stray-{uuid.uuid4().hex}",
                task_queue=get_settings().temporal_task_queue)

        result = run_async(stray())
        assert result.pid_number == first and result.created is False
        assert [r.pid_number for r in pids_of(session, m.lead.id)] == [first]
        told = list(session.scalars(select(Notification).where(
            Notification.link == f"/leads/{m.lead.id}/generate-pid")))
        assert len(told) == 1

        overview = live.get(f"/api/leads/{m.lead.id}/project-ids", headers=headers).json()["results"]
        assert overview["approved"] is True and overview["canGenerate"] is False  # it has its PID
        assert [p["pidNumber"] for p in overview["projectIdNumbers"]] == [first]
        pdf_file = overview["projectIdNumbers"][0]["pdfFile"]
        assert overview["projectIdNumbers"][0]["pdfPending"] is False
        download = live.get(pdf_file["url"], headers=headers)
        assert download.status_code == 200 and download.content.startswith(b"%PDF-")
        assert len(download.content) == pdf_file["size"]
        assert live.get(pdf_file["url"], headers=auth(live, "sales4")).status_code == 404


class TestGenerateRefusals:
    def test_a_sheet_that_is_not_approved(self, live: TestClient, session: Session, sheets: list[Sheet]) -> None:
        for status in ("SAVED_AS_DRAFT", "WAITING_FOR_APPROVAL"):
            m = committed(session, sheets, status=status, decided_layers=0)
            r = live.post(f"/api/leads/{m.lead.id}/generate-pid", headers=auth(live, "sales1"))
            assert r.status_code == 409
            assert r.json()["messages"] == ["The project cost sheet must be approved before a PID is generated."]
            r = live.post("/api/frontend-scheduler/process/pid", data={"leadId": str(m.lead.id)},
                          headers=auth(live, "sales1"))
            assert r.status_code == 409
        assert pids_of(session, sheets[0].lead.id) == []

    def test_who_may_ask(self, live: TestClient, session: Session, sheets: list[Sheet]) -> None:
        m = committed(session, sheets)
        url = f"/api/leads/{m.lead.id}/generate-pid"
        assert live.post(url).status_code == 401
        assert live.post(url, headers=auth(live, "approver1")).status_code == 403  # no leads edit
        assert live.post(url, headers=auth(live, "sales4")).status_code == 404  # not their lead
        team_leader = live.post(url, headers=auth(live, "tl1"))  # sees the lead, is not its sales person
        assert team_leader.status_code == 403
        assert team_leader.json()["messages"] == ["Only the lead's sales person can generate its PID."]
        assert live.post("/api/leads/987654321/generate-pid", headers=auth(live, "sales1")).status_code == 404


class TestScheduler:
    def test_lists_approved_leads_without_pid_and_processes_them(self, live: TestClient, session: Session,
                                                                 sheets: list[Sheet]) -> None:
        approved = committed(session, sheets)
        draft = committed(session, sheets, status="SAVED_AS_DRAFT")
        others = committed(session, sheets, sales="sales4")

        def pending(user: str) -> list[int]:
            r = live.get("/api/frontend-scheduler", headers=auth(live, user))
            assert r.status_code == 200, r.text
            return r.json()["results"]["leadIdsPidNotGenerated"]

        mine = pending("sales1")
        assert approved.lead.id in mine and draft.lead.id not in mine and others.lead.id not in mine
        assert others.lead.id in pending("admin")

        r = live.post("/api/frontend-scheduler/process/pid", data={"leadId": str(approved.lead.id)},
                      files={"file": ("x.pdf", b"%PDF-1.7 client render", "application/pdf")},
                      headers=auth(live, "sales1"))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["workflowId"] == pid_id(approved.lead.id)
        wait_for(lambda: [p for p in pids_of(session, approved.lead.id) if p.pdf_file])
        assert approved.lead.id not in pending("sales1")
        sheet = session.get(ProjectCostSheet, approved.sheet.id)
        assert sheet is not None and sheet.status == "APPROVED"


class TestPeriodicSweep:
    def test_the_sweep_gives_a_pid_to_an_approved_sheet_that_has_none(self, services: Services, session: Session,
                                                                      sheets: list[Sheet]) -> None:
        from workflows.pid_sweep import PidSweepWorkflow

        lead_id = committed(session, sheets).lead.id  # approved, and no PID workflow was ever started for it
        assert pids_of(session, lead_id) == []

        async def sweep() -> list[int]:
            client = await sealed.connect(services.temporal_address)
            started: list[int] = await client.execute_workflow(
                PidSweepWorkflow.run, get_settings().temporal_task_queue, id=f"pid-sweep-test-{uuid.uuid4().hex[:6]}",
                task_queue=get_settings().temporal_task_queue)
            await client.get_workflow_handle(pid_id(lead_id)).result()
            return started

        assert lead_id in run_async(sweep())
        pids = pids_of(session, lead_id)
        assert len(pids) == 1 and PID_FORMAT.match(pids[0].pid_number) and pids[0].pdf_file
        assert lead_id not in run_async(sweep())  # nothing left to do for it

    def test_the_worker_replaces_the_twenty_second_schedule_by_one_long_lived_sweep(self, services: Services) -> None:
        from worker.sweeps import ensure_sweeps, legacy_schedule_id

        queue = f"sweep-{uuid.uuid4().hex[:6]}"  # no worker polls it: the sweeps are started, never run here

        async def scenario() -> dict[str, Any]:
            client = await sealed.connect(services.temporal_address)
            # the schedule an older worker made, paused by an operator
            old = await client.create_schedule(legacy_schedule_id("pid-sweep", queue), Schedule(
                action=ScheduleActionStartWorkflow(PidSweepWorkflow.run, queue, id=f"pid-sweep-{queue}",
                                                   task_queue=queue),
                spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=timedelta(seconds=20))]),
                state=ScheduleState(paused=True)))
            await ensure_sweeps(client, queue)
            await ensure_sweeps(client, queue)  # a restarted worker finds the sweeps running and leaves them
            seen: dict[str, Any] = {"schedules": [s.id async for s in await client.list_schedules()]}
            try:
                await old.describe()
            except RPCError as exc:
                seen["old schedule"] = exc.status
            for sweep_id in (pid_sweep_id(queue), approval_sweep_id(queue), reminder_sweep_id(queue)):
                runs = [w async for w in client.list_workflows(f"WorkflowId = '{sweep_id}'")]
                handle = client.get_workflow_handle(sweep_id)
                history = await handle.fetch_history()
                started = history.events[0].workflow_execution_started_event_attributes
                hints = [str, Sweep] if sweep_id == pid_sweep_id(queue) else [Sweep]
                described = await handle.describe()
                seen[sweep_id] = (len(runs), described.status,
                                  await client.data_converter.decode(started.input.payloads, hints),
                                  await described.static_summary())
                await handle.terminate("test over")
            return seen

        seen = run_async(scenario())
        assert seen["old schedule"] == RPCStatusCode.NOT_FOUND
        assert legacy_schedule_id("approval-sweep", queue) not in seen["schedules"]
        runs, status, args, summary = seen[pid_sweep_id(queue)]
        assert (runs, status) == (1, WorkflowExecutionStatus.RUNNING)
        assert args == [queue, Sweep(paused=True)]  # the operator's pause is kept
        assert summary.startswith(f"PID sweep of {queue}: every 20 s")
        runs, status, args, summary = seen[approval_sweep_id(queue)]
        assert (runs, status, args) == (1, WorkflowExecutionStatus.RUNNING, [Sweep(paused=False)])
        assert summary.startswith(f"Approval sweep of {queue}: every 20 s")
        runs, status, args, summary = seen[reminder_sweep_id(queue)]
        assert (runs, status, args) == (1, WorkflowExecutionStatus.RUNNING, [Sweep(paused=False)])
        assert summary.startswith(f"Reminder sweep of {queue}: every 20 s")

    def test_the_long_lived_sweep_passes_every_few_seconds_pauses_and_continues_as_new(
            self, services: Services, session: Session, sheets: list[Sheet]) -> None:
        queue = get_settings().temporal_task_queue
        sweep_id = f"pid-sweep-test-{uuid.uuid4().hex[:6]}"
        first = committed(session, sheets).lead.id  # approved, no PID workflow ever started for it

        async def scenario() -> dict[str, Any]:
            client = await sealed.connect(services.temporal_address)
            handle = await client.start_workflow(PidSweepWorkflow.run, args=[queue, Sweep(every_seconds=0.5, passes=4)],
                                                 id=sweep_id, task_queue=queue)
            seen: dict[str, Any] = {}
            try:
                await wait_until_started(client, pid_id(first))
                await client.get_workflow_handle(pid_id(first)).result()
                described = await client.get_workflow_handle(pid_id(first)).describe()
                seen["pid"] = (described.typed_search_attributes.get(CRM_LEAD_ID), await described.static_summary())
                await handle.execute_update(PAUSE, True)  # answers once no pass is running
                seen["paused"] = await current_details(handle)
                second = await asyncio.to_thread(committed, session, sheets)
                await asyncio.sleep(2)  # four intervals: a running sweep would have found it
                seen["while paused"] = await started_at_all(client, pid_id(second.lead.id))
                await handle.execute_update(PAUSE, False)
                await wait_until_started(client, pid_id(second.lead.id))
                await client.get_workflow_handle(pid_id(second.lead.id)).result()
                seen["resumed"] = await current_details(handle)
                first_run = client.get_workflow_handle(sweep_id, run_id=handle.first_execution_run_id)
                deadline = time.monotonic() + 15
                while (await first_run.describe()).status == WorkflowExecutionStatus.RUNNING \
                        and time.monotonic() < deadline:
                    await asyncio.sleep(0.3)
                seen["first run"] = (await first_run.describe()).status
                seen["timers of the first run"] = sum(e.HasField("timer_fired_event_attributes")
                                                      for e in (await first_run.fetch_history()).events)
            finally:
                await handle.terminate("test over")
            return seen

        seen = run_async(scenario())
        assert seen["pid"] == (first, f"PID of lead {first}, started by the PID sweep (approved, no PID yet)")
        assert seen["paused"].startswith("**Paused**")
        assert seen["while paused"] is False
        assert seen["resumed"].startswith("Every 0.5 s: starts the PID workflow of each lead whose cost sheet is "
                                          "approved and has no PID yet")
        assert len(pids_of(session, first)) == 1
        # four passes per run here (720 in a deployment): one run, then a fresh one, not a workflow per pass
        assert seen["first run"] == WorkflowExecutionStatus.CONTINUED_AS_NEW
        assert seen["timers of the first run"] == 4
