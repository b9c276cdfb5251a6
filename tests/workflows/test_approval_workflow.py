"""ApprovalWorkflow on a real Temporal server with a real worker and database: every mode, refusals,
concurrent decisions, a worker restart mid-request, and outcomes applied exactly once."""

from __future__ import annotations

import asyncio
import concurrent.futures
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from temporalio.client import WorkflowUpdateFailedError
from temporalio.service import RPCError, RPCStatusCode

from api.approvals import queue
from api.approvals.models import (
    ApprovalDecision,
    ApprovalPipeline,
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.clients.models import Client as ClientCompany
from api.core.config import get_settings
from api.core.db import make_engine
from api.leads.models import Lead, LeadHistory, Stage
from api.notifications.models import Notification
from api.users.models import User
from tests import sealed
from tests.conftest import Services, run_async
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import ApprovalInput, DecideInput, WithdrawInput
from workflows.contracts.approval_rules import Approver, Layer

pytestmark = pytest.mark.usefixtures("worker")


@dataclass
class World:
    session: Session
    users: dict[str, User]
    lead: Lead
    stages: dict[str, Stage]


@pytest.fixture
def world(database_url: str) -> Iterator[World]:
    engine = make_engine(database_url)
    session = Session(engine, expire_on_commit=False)
    users = {u.username: u for u in session.scalars(select(User))}
    stages = {s.stage_name: s for s in session.scalars(select(Stage))}
    client = session.scalars(select(ClientCompany).limit(1)).one()
    lead = Lead(project_name=f"Workflow lead {uuid.uuid4().hex[:6]}", client_id=client.id,
                sales_person_id=users["sales1"].id, stage_id=stages["E1"].id, status="NEW")
    session.add(lead)
    session.commit()
    yield World(session=session, users=users, lead=lead, stages=stages)
    session.rollback()
    session.execute(delete(Notification).where(Notification.link.like(f"%{lead.id}%")))
    session.execute(delete(Lead).where(Lead.id == lead.id))
    session.commit()
    session.close()
    engine.dispose()


def approver(world: World, username: str) -> Approver:
    user = world.users[username]
    return Approver(user.id, user.fullname)


def open_request(world: World, layers: list[Layer], request_type: str = "CHANGE_LEAD_STAGE",
                 target: str = "E2") -> ApprovalRequest:
    pipeline = ApprovalPipeline(name="Test pipeline", action_type=request_type)
    world.session.add(pipeline)
    world.session.flush()
    version = ApprovalPipelineVersion(pipeline_id=pipeline.id, version=1, layers=[], sales_person_ids=[])
    world.session.add(version)
    world.session.flush()
    request = ApprovalRequest(workflow_id=f"approval-test-{uuid.uuid4().hex}", request_type=request_type,
                              lead_id=world.lead.id, requested_by=world.lead.sales_person_id,
                              target_stage_id=world.stages[target].id, from_stage_id=world.lead.stage_id,
                              pipeline_version_id=version.id)
    world.session.add(request)
    world.session.commit()
    return request


async def start(services: Services, world: World, request: ApprovalRequest, layers: list[Layer]) -> Any:
    client = await sealed.connect(services.temporal_address)
    return await client.start_workflow(
        ApprovalWorkflow.run,
        ApprovalInput(request_id=request.id, request_type=request.request_type, lead_id=world.lead.id,
                      requested_by=request.requested_by, layers=layers),
        id=request.workflow_id, task_queue=get_settings().temporal_task_queue)


def refresh(world: World) -> None:
    world.session.expire_all()


def decisions(world: World, request: ApprovalRequest) -> list[tuple[int, int, str]]:
    refresh(world)
    return sorted((d.layer_index, d.approver_id, d.action) for d in world.session.scalars(
        select(ApprovalDecision).where(ApprovalDecision.request_id == request.id)))


def stage_moves(world: World) -> int:
    return len(list(world.session.scalars(select(LeadHistory).where(
        LeadHistory.lead_id == world.lead.id, LeadHistory.field == "stage"))))


class TestModes:
    def test_any_user_settled_by_one_and_the_lead_moves(self, services: Services, world: World) -> None:
        layers = [Layer("Check", "ANY_USER", [approver(world, "approver1"), approver(world, "approver2")])]
        request = open_request(world, layers)

        async def scenario() -> str:
            handle = await start(services, world, request, layers)
            timeline = await handle.execute_update(ApprovalWorkflow.decide, DecideInput(world.users["approver2"].id,
                                                                                         "APPROVED"))
            assert timeline.status == "APPROVED" and timeline.layers[0].status == "APPROVED"
            return str(await handle.result())

        assert run_async(scenario()) == "APPROVED"
        refresh(world)
        lead = world.session.get(Lead, world.lead.id)
        assert lead is not None and lead.stage_id == world.stages["E2"].id
        assert stage_moves(world) == 1
        req = world.session.get(ApprovalRequest, request.id)
        assert req is not None and req.status == "APPROVED"
        info = world.session.scalars(select(Notification).where(
            Notification.user_id == world.users["sales1"].id, Notification.notification_type == "INFORMATION",
            Notification.link == f"/leads/{world.lead.id}")).all()
        assert len(info) == 1 and "has been approved" in info[0].message

    def test_any_order_needs_all_and_in_sequence_refuses_out_of_turn(self, services: Services,
                                                                     world: World) -> None:
        a1, a2, tl = approver(world, "approver1"), approver(world, "approver2"), approver(world, "tl1")
        layers = [Layer("Review", "ANY_ORDER", [a1, a2]), Layer("Sign-off", "IN_SEQUENCE", [tl, a1])]
        request = open_request(world, layers)

        async def scenario() -> str:
            handle = await start(services, world, request, layers)
            t = await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a2.id, "APPROVED"))
            assert t.current_layer == 0 and t.layers[0].status == "PENDING"
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            with pytest.raises(WorkflowUpdateFailedError) as refused:
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            assert refused.value.cause.message == "It is not your turn yet: waiting for Budi Santoso."
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(tl.id, "APPROVED"))
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED", "ok"))
            return str(await handle.result())

        assert run_async(scenario()) == "APPROVED"
        assert len(decisions(world, request)) == 4

    def test_several_user_settles_at_its_minimum(self, services: Services, world: World) -> None:
        people = [approver(world, n) for n in ("approver1", "approver2", "tl1")]
        layers = [Layer("Board", "SEVERAL_USER", people, min_approvals=2)]
        request = open_request(world, layers, request_type="HOLD_LEAD")

        async def scenario() -> str:
            handle = await start(services, world, request, layers)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(people[0].id, "APPROVED"))
            assert (await handle.query(ApprovalWorkflow.timeline)).status == "PENDING"
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(people[2].id, "APPROVED"))
            return str(await handle.result())

        assert run_async(scenario()) == "APPROVED"
        refresh(world)
        lead = world.session.get(Lead, world.lead.id)
        assert lead is not None and lead.status == "HOLD"
        tasks = world.session.scalars(select(ApprovalTask).where(ApprovalTask.request_id == request.id)).all()
        assert {t.approver_id: t.status for t in tasks} == {people[0].id: "DONE", people[2].id: "DONE",
                                                            people[1].id: "CANCELLED"}

    def test_a_rejection_in_the_middle_layer_ends_the_request(self, services: Services, world: World) -> None:
        a1, a2, tl = approver(world, "approver1"), approver(world, "approver2"), approver(world, "tl1")
        layers = [Layer("1", "ANY_USER", [tl]), Layer("2", "ANY_ORDER", [a1, a2]), Layer("3", "ANY_USER", [tl])]
        request = open_request(world, layers, request_type="DROP_LEAD")

        async def scenario() -> str:
            handle = await start(services, world, request, layers)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(tl.id, "APPROVED"))
            with pytest.raises(WorkflowUpdateFailedError) as no_note:
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "REJECTED", " "))
            assert no_note.value.cause.message == "A description is required to reject."
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "REJECTED", "No budget"))
            timeline = await handle.query(ApprovalWorkflow.timeline)
            assert [layer.status for layer in timeline.layers] == ["APPROVED", "REJECTED", "WAITING"]
            return str(await handle.result())

        assert run_async(scenario()) == "REJECTED"
        refresh(world)
        lead = world.session.get(Lead, world.lead.id)
        assert lead is not None and lead.status == "NEW"

    def test_validator_refusals(self, services: Services, world: World) -> None:
        a1 = approver(world, "approver1")
        layers = [Layer("1", "ANY_ORDER", [a1, approver(world, "approver2")])]
        request = open_request(world, layers)

        async def scenario() -> list[str]:
            handle = await start(services, world, request, layers)
            messages = []
            for decision in (DecideInput(world.users["sales2"].id, "APPROVED"),
                             DecideInput(a1.id, "REJECTED", "x" * 1025)):
                with pytest.raises(WorkflowUpdateFailedError) as refused:
                    await handle.execute_update(ApprovalWorkflow.decide, decision)
                messages.append(refused.value.cause.message)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            with pytest.raises(WorkflowUpdateFailedError) as twice:
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            messages.append(twice.value.cause.message)
            await handle.execute_update(ApprovalWorkflow.decide,
                                        DecideInput(world.users["approver2"].id, "APPROVED"))
            await handle.result()
            with pytest.raises(Exception) as finished:
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            messages.append(type(finished.value).__name__)
            return messages

        assert run_async(scenario()) == ["You are not an approver of the current layer.",
                                   "The description cannot exceed 1024 characters.",
                                   "You have already decided on this layer.", "RPCError"]


class TestReliability:
    def test_two_approvers_at_the_same_moment_give_one_outcome(self, services: Services, world: World) -> None:
        a1, a2 = approver(world, "approver1"), approver(world, "approver2")
        layers = [Layer("Either", "ANY_USER", [a1, a2]), Layer("Final", "ANY_USER", [approver(world, "tl1")])]
        request = open_request(world, layers)

        async def scenario() -> list[Any]:
            handle = await start(services, world, request, layers)
            return list(await asyncio.gather(
                handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED")),
                handle.execute_update(ApprovalWorkflow.decide, DecideInput(a2.id, "APPROVED")),
                return_exceptions=True))

        results = run_async(scenario())
        assert sum(isinstance(r, WorkflowUpdateFailedError) for r in results) == 1
        assert len([d for d in decisions(world, request) if d[0] == 0]) == 1
        tasks = world.session.scalars(select(ApprovalTask).where(ApprovalTask.request_id == request.id,
                                                                 ApprovalTask.layer_index == 1)).all()
        assert [t.approver_id for t in tasks] == [world.users["tl1"].id]

    def test_a_worker_restart_mid_request_loses_nothing_and_applies_once(self, services: Services,
                                                                         world: World) -> None:
        from worker.main import build_worker

        a1, tl = approver(world, "approver1"), approver(world, "tl1")
        layers = [Layer("1", "ANY_USER", [a1]), Layer("2", "ANY_USER", [tl])]
        request = open_request(world, layers)
        queue_name = f"restart-{uuid.uuid4().hex[:8]}"

        async def scenario() -> str:
            client = await sealed.connect(services.temporal_address)
            with concurrent.futures.ThreadPoolExecutor(4) as pool:
                first = build_worker(client, queue_name, pool)
                async with first:
                    handle = await client.start_workflow(
                        ApprovalWorkflow.run,
                        ApprovalInput(request.id, request.request_type, world.lead.id, request.requested_by, layers),
                        id=request.workflow_id, task_queue=queue_name)
                    await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
                # the worker is gone; the request waits in Temporal with its first decision
                update = asyncio.ensure_future(
                    handle.execute_update(ApprovalWorkflow.decide, DecideInput(tl.id, "APPROVED")))
                await asyncio.sleep(1)
                assert not update.done()
                second = build_worker(client, queue_name, pool)
                async with second:
                    await update
                    return str(await handle.result())

        assert run_async(scenario()) == "APPROVED"
        assert decisions(world, request) == [(0, a1.id, "APPROVED"), (1, tl.id, "APPROVED")]
        assert stage_moves(world) == 1
        # a retried outcome activity changes nothing
        assert queue.finish(world.session, request_id=request.id, status="APPROVED", decided_by=tl.id) is False
        refresh(world)
        assert stage_moves(world) == 1


class TestWithdraw:
    def test_withdraw_ends_the_request_and_refuses_later_decisions(self, services: Services, world: World) -> None:
        """The withdraw update settles the request as WITHDRAWN once (the outcome handler gives the lead back its
        status) and the run ends with it: a decision or a second withdrawal afterwards finds no workflow to ask
        (the API refuses them from the request's status)."""
        a1, a2 = approver(world, "approver1"), approver(world, "approver2")
        layers = [Layer("Check", "ANY_ORDER", [a1, a2])]
        request = open_request(world, layers, request_type="HOLD_LEAD")
        lead = world.session.get(Lead, world.lead.id)
        assert lead is not None
        lead.status, request.from_status = "WAITING", "NEW"
        request.withdrawn_by, request.withdraw_reason = world.users["admin"].id, "Raised by mistake"
        world.session.commit()

        async def scenario() -> str:
            handle = await start(services, world, request, layers)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(a1.id, "APPROVED"))
            timeline = await handle.execute_update(ApprovalWorkflow.withdraw,
                                                   WithdrawInput(world.users["admin"].id))
            assert timeline.status == "WITHDRAWN" and timeline.layers[0].status == "WITHDRAWN"
            result = str(await handle.result())
            for late in (handle.execute_update(ApprovalWorkflow.decide, DecideInput(a2.id, "APPROVED")),
                         handle.execute_update(ApprovalWorkflow.withdraw, WithdrawInput(world.users["admin"].id))):
                with pytest.raises(RPCError) as gone:
                    await late
                assert gone.value.status == RPCStatusCode.NOT_FOUND
            return result

        assert run_async(scenario()) == "WITHDRAWN"
        refresh(world)
        req = world.session.get(ApprovalRequest, request.id)
        assert req is not None and req.status == "WITHDRAWN" and req.decided_at is not None
        lead = world.session.get(Lead, world.lead.id)
        assert lead is not None and lead.status == "NEW"
        assert decisions(world, request) == [(0, a1.id, "APPROVED")]
        tasks = world.session.scalars(select(ApprovalTask).where(ApprovalTask.request_id == request.id)).all()
        assert {t.status for t in tasks} <= {"DONE", "CANCELLED"}
