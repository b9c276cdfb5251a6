"""ApprovalWorkflow's route on Temporal's time-skipping test server with its real activities on the test database: a
layer whose conditions fail is skipped and one whose conditions hold is kept, the skipped layer's clock never runs
while the kept one's does, a decision sent before the route is decided waits for it, and the history (with its
routing step) replays under the strict sandbox. Histories recorded before conditions existed replay in
tests/workflows/test_sealing.py (TestEarlierHistories) and after every workflow test (tests/histories.py)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, text, update
from sqlalchemy.orm import Session
from temporalio.client import WorkflowUpdateFailedError, WorkflowUpdateStage
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Replayer

from api.approvals.models import ApprovalRequest
from api.leads.models import Lead, LeadHistory
from tests import sealed
from tests.workflows.test_approval_deadlines import HOUR, run, start, tasks, told, worker
from tests.workflows.test_approval_workflow import World, approver, decisions, open_request
from tests.workflows.test_approval_workflow import world as world  # the fixture, re-exported
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import ApprovalInput, DecideInput
from workflows.contracts.approval_routes import Condition
from workflows.contracts.approval_rules import Deadline, Layer

BIG = Condition("GP", ">=", 1e9)
SMALL = Condition("GP", "<", 1e9)


def test_a_layer_skipped_by_its_condition_and_a_layer_kept(world: World) -> None:
    world.session.execute(update(Lead).where(Lead.id == world.lead.id).values(total_gross_profit=800_000_000))
    world.session.commit()
    big, small, last = approver(world, "topmanager"), approver(world, "approver1"), approver(world, "approver2")
    layers = [Layer("Big deals", "ANY_USER", [big], deadline=Deadline(1, "HOURS"), conditions=[BIG]),
              Layer("Small deals", "ANY_USER", [small], deadline=Deadline(2, "HOURS"), conditions=[SMALL]),
              Layer("Sign-off", "ANY_USER", [last])]
    request = open_request(world, layers, request_type="HOLD_LEAD")

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, world, request, layers)
            timeline = await handle.query(ApprovalWorkflow.timeline)
            while timeline.current_layer == 0:  # the route is decided by the workflow's first step
                await env.sleep(timedelta(seconds=1))
                timeline = await handle.query(ApprovalWorkflow.timeline)
            assert [(x.status, x.skipped) for x in timeline.layers] == \
                [("SKIPPED", "GP 800 M < 1 B"), ("PENDING", None), ("WAITING", None)]
            assert timeline.layers[0].conditions == ["GP >= 1 B"]
            # the skipped layer's approver was never asked, and cannot decide
            try:
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(big.id, "APPROVED"))
                raise AssertionError("a skipped layer's approver decided")
            except WorkflowUpdateFailedError as refused:
                assert "not an approver of the current layer" in str(refused.cause)
            # the kept layer's clock runs (its 2 hours), the skipped one's hour never reminded anyone
            await env.sleep(2 * HOUR + timedelta(minutes=5))
            assert len(told(world, "approver1", request, "Reminder:")) == 1
            assert told(world, "topmanager", request, "Reminder:") == []
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(small.id, "APPROVED"))
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(last.id, "APPROVED"))
            assert await handle.result() == "APPROVED"
            history = await handle.fetch_history()
        # the route was decided once, by an activity whose answer the history keeps: it replays without the database
        await Replayer(workflows=[ApprovalWorkflow], data_converter=sealed.converter()).replay_workflow(history)

    run(test)
    assert "topmanager" not in tasks(world, request)
    assert decisions(world, request) == [(1, world.users["approver1"].id, "APPROVED"),
                                         (2, world.users["approver2"].id, "APPROVED")]
    world.session.expire_all()
    kept = world.session.get(ApprovalRequest, request.id)
    assert kept is not None and kept.skipped_layers == [{"layer": 0, "reason": "GP 800 M < 1 B"}]
    assert "0" not in (kept.clocks or {}) and "1" in kept.clocks
    assert world.session.scalars(select(LeadHistory.new_value).where(
        LeadHistory.lead_id == world.lead.id, LeadHistory.field == "approval")).all()[:1] == \
        ["Layer 'Big deals' skipped: GP 800 M < 1 B"]


def test_a_decision_sent_before_the_route_is_decided_waits_for_it(world: World) -> None:
    """An approver may decide before the routing step has answered (the request opened from the register as soon as
    it was made): the decision is not refused, it waits for the route and is checked against it. Someone the route
    the API expects does not ask is refused at once."""
    world.session.execute(update(Lead).where(Lead.id == world.lead.id).values(total_gross_profit=800_000_000))
    world.session.commit()
    big, last = approver(world, "topmanager"), approver(world, "approver1")
    layers = [Layer("Big deals", "ANY_USER", [big], conditions=[BIG]), Layer("Sign-off", "ANY_USER", [last])]
    request = open_request(world, layers, request_type="HOLD_LEAD")
    holder = Session(world.session.get_bind())  # the request's row locked: the routing step waits on it
    holder.execute(text("select id from approval_requests where id = :r for update"), {"r": request.id})

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await env.client.start_workflow(
                ApprovalWorkflow.run,
                ApprovalInput(request_id=request.id, request_type=request.request_type, lead_id=world.lead.id,
                              requested_by=request.requested_by, layers=layers, time_zone="Asia/Jakarta",
                              first_layer=1),
                id=request.workflow_id, task_queue=queue)
            try:
                await handle.execute_update(ApprovalWorkflow.decide, DecideInput(big.id, "APPROVED"))
                raise AssertionError("the approver of a layer the expected route skips decided")
            except WorkflowUpdateFailedError as refused:
                assert "not an approver of the current layer" in str(refused.cause)
            early = await handle.start_update(ApprovalWorkflow.decide, DecideInput(last.id, "APPROVED"),
                                              wait_for_stage=WorkflowUpdateStage.ACCEPTED)
            assert tasks(world, request) == {}  # accepted while nobody is asked yet: the route is not decided
            holder.rollback()
            timeline = await early.result()
            assert timeline.status == "APPROVED"
            assert [(x.status, x.skipped) for x in timeline.layers] == \
                [("SKIPPED", "GP 800 M < 1 B"), ("APPROVED", None)]
            assert await handle.result() == "APPROVED"

    try:
        run(test)
    finally:
        holder.close()
    assert decisions(world, request) == [(1, world.users["approver1"].id, "APPROVED")]


def test_a_request_without_conditions_takes_no_routing_step(world: World) -> None:
    """A pipeline without conditions runs as before: no routing activity in its history (old histories replay)."""
    layers = [Layer("Check", "ANY_USER", [approver(world, "approver1")])]
    request = open_request(world, layers, request_type="HOLD_LEAD")

    async def test(env: WorkflowEnvironment, queue: str) -> None:
        async with worker(env.client, queue):
            handle = await start(env, queue, world, request, layers)
            await handle.execute_update(ApprovalWorkflow.decide,
                                        DecideInput(world.users["approver1"].id, "APPROVED"))
            assert await handle.result() == "APPROVED"
            history = await handle.fetch_history()
        markers = [e.marker_recorded_event_attributes.details for e in history.events
                   if e.HasField("marker_recorded_event_attributes")]
        assert not any(b"route_approval_request" in str(m).encode() for m in markers)
        assert "route_approval_request" not in str(history.to_json())

    run(test)
    world.session.expire_all()
    kept = world.session.get(ApprovalRequest, request.id)
    assert kept is not None and kept.skipped_layers is None
