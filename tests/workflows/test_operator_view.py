"""What an operator sees of a request in the Temporal UI: its summary and details from the start, what it waits on
now (current details), and search attributes to find it by (its lead as a number, the requester's username, the
approvers still to act, its status), kept current as the layers advance."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import pytest
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowHandle

from api.approvals import outbox
from api.approvals.models import ApprovalPipelineVersion
from api.core.config import get_settings
from tests import sealed
from tests.conftest import Services, run_async
from tests.workflows.test_approval_workflow import World, open_request
from tests.workflows.test_approval_workflow import world as world  # the fixture, re-exported
from workflows.approval import ApprovalWorkflow
from workflows.approval_sweep import ApprovalSweepWorkflow
from workflows.contracts.approval import DecideInput
from workflows.contracts.search_attributes import (
    CRM_LEAD_ID,
    PENDING_APPROVERS,
    REQUEST_STATUS,
    REQUEST_TYPE,
    REQUESTED_BY,
)
from workflows.contracts.sweeps import Sweep

pytestmark = pytest.mark.usefixtures("worker")


async def current_details(handle: WorkflowHandle[Any, Any]) -> str:
    """The workflow's current details, as the UI asks for them (the SDK's built-in metadata query)."""
    metadata = await handle.query("__temporal_workflow_metadata", result_type=WorkflowMetadata)
    return str(metadata.current_details)


async def found(client: Client, query: str, timeout: float = 15) -> list[str]:
    """The workflow ids a list query finds, once visibility has caught up (it is eventually consistent)."""
    deadline = time.monotonic() + timeout
    while True:
        ids = [w.id async for w in client.list_workflows(query)]
        if ids or time.monotonic() > deadline:
            return ids
        await asyncio.sleep(0.3)


async def gone(client: Client, query: str, workflow_id: str, timeout: float = 15) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if workflow_id not in [w.id async for w in client.list_workflows(query)]:
            return True
        await asyncio.sleep(0.3)
    return False


def test_an_operator_reads_what_a_request_is_for_and_what_it_waits_on(services: Services, world: World) -> None:
    users = world.users
    request = open_request(world, [])
    version = world.session.get(ApprovalPipelineVersion, request.pipeline_version_id)
    assert version is not None
    version.layers = [
        {"name": "Check", "mode": "ANY_USER", "approvers": [users["approver1"].id, users["approver2"].id]},
        {"name": "Finance", "mode": "IN_SEQUENCE", "approvers": [users["tl1"].id, users["tl2"].id]}]
    world.session.commit()
    args = outbox.start_args(world.session, request)  # what the API starts the workflow with
    lead_id, project = world.lead.id, world.lead.project_name
    queue = get_settings().temporal_task_queue

    # this deployment's lead: other tests' databases (copies of one template) number their leads the same, and their
    # workflows run on the same Temporal server under their own task queues
    lead = f"TaskQueue = '{queue}' AND CrmLeadId = {lead_id}"

    async def scenario() -> dict[str, Any]:
        client = await sealed.connect(services.temporal_address)
        assert await outbox.start(client, queue, args)
        handle = client.get_workflow_handle(request.workflow_id)
        seen: dict[str, Any] = {}
        described = await handle.describe()
        seen["summary"], seen["details"] = await described.static_summary(), await described.static_details()
        seen["attributes"] = described.typed_search_attributes
        seen["waiting"] = await current_details(handle)
        # "everything waiting on approver1" is one query; the lead is a number
        seen["by approver1"] = await found(client, f"PendingApprovers = 'approver1' AND {lead}")
        seen["by requester"] = await found(
            client, f"RequestedBy = 'sales1' AND RequestType = 'CHANGE_LEAD_STAGE' AND {lead}")

        await handle.execute_update(ApprovalWorkflow.decide, DecideInput(users["approver2"].id, "APPROVED"))
        seen["after the first layer"] = await current_details(handle)
        seen["approver1 let go"] = await gone(
            client, f"PendingApprovers = 'approver1' AND {lead}", request.workflow_id)
        seen["by tl1"] = await found(client, f"PendingApprovers = 'tl1' AND {lead}")
        seen["by tl2 (not their turn)"] = [w.id async for w in client.list_workflows(
            f"PendingApprovers = 'tl2' AND {lead}")]

        await handle.execute_update(ApprovalWorkflow.decide, DecideInput(users["tl1"].id, "APPROVED"))
        await handle.execute_update(ApprovalWorkflow.decide, DecideInput(users["tl2"].id, "APPROVED"))
        assert await handle.result() == "APPROVED"
        seen["approved"] = await found(client, f"RequestStatus = 'APPROVED' AND {lead}")
        seen["at the end"] = (await handle.describe()).typed_search_attributes
        return seen

    seen = run_async(scenario())
    sales = users["sales1"]
    assert seen["summary"].startswith(f"Lead {lead_id} · Stage change: move '{project}'")
    assert seen["summary"].endswith(f"· by {sales.fullname} (sales1)")
    assert f"**Request #{request.id}**" in seen["details"]
    assert "1. **Check** (Any User)" in seen["details"] and "2. **Finance** (In Sequence)" in seen["details"]
    assert f"{users['tl1'].fullname} (tl1), {users['tl2'].fullname} (tl2)" in seen["details"]

    attributes = seen["attributes"]
    assert attributes.get(CRM_LEAD_ID) == lead_id
    assert attributes.get(REQUEST_TYPE) == "CHANGE_LEAD_STAGE"
    assert attributes.get(REQUESTED_BY) == "sales1"
    assert list(attributes.get(PENDING_APPROVERS)) == ["approver1", "approver2"]
    assert attributes.get(REQUEST_STATUS) == "PENDING"

    assert seen["waiting"] == (f"Waiting on layer 1 of 2, **Check** (ANY_USER): any one of: "
                               f"{users['approver1'].fullname} (approver1), {users['approver2'].fullname} (approver2)")
    assert seen["by approver1"] == [request.workflow_id]
    assert seen["by requester"] == [request.workflow_id]

    assert seen["after the first layer"] == (f"Waiting on layer 2 of 2, **Finance** (IN_SEQUENCE): each in turn: "
                                             f"{users['tl1'].fullname} (tl1) now, then {users['tl2'].fullname} (tl2)")
    assert seen["approver1 let go"]
    assert seen["by tl1"] == [request.workflow_id]
    assert seen["by tl2 (not their turn)"] == []

    assert seen["approved"] == [request.workflow_id]
    assert seen["at the end"].get(REQUEST_STATUS) == "APPROVED"
    assert not seen["at the end"].get(PENDING_APPROVERS)  # an empty list unsets it: nobody is left to act


def test_the_approval_sweep_is_one_workflow_that_continues_as_new(services: Services) -> None:
    """Its passes run inside one workflow (a local check of the database each, the sweep's activities only when it
    finds work), and a fresh run replaces it after its passes (720 in a deployment, 3 here)."""
    sweep_id = f"approval-sweep-test-{uuid.uuid4().hex[:6]}"

    async def scenario() -> tuple[Any, int, int, str]:
        client = await sealed.connect(services.temporal_address)
        handle = await client.start_workflow(ApprovalSweepWorkflow.run, Sweep(every_seconds=0.3, passes=3),
                                             id=sweep_id, task_queue=get_settings().temporal_task_queue)
        try:
            first = client.get_workflow_handle(sweep_id, run_id=handle.first_execution_run_id)
            deadline = time.monotonic() + 20
            while (await first.describe()).status == WorkflowExecutionStatus.RUNNING and time.monotonic() < deadline:
                await asyncio.sleep(0.3)
            events = (await first.fetch_history()).events
            checks = sum(e.HasField("marker_recorded_event_attributes")
                         and e.marker_recorded_event_attributes.marker_name == "core_local_activity" for e in events)
            timers = sum(e.HasField("timer_fired_event_attributes") for e in events)
            return (await first.describe()).status, checks, timers, await current_details(handle)
        finally:
            await handle.terminate("test over")

    status, checks, timers, details = run_async(scenario())
    assert (status, checks, timers) == (WorkflowExecutionStatus.CONTINUED_AS_NEW, 3, 3)
    assert details.startswith("Every 0.3 s: starts the workflow of a committed request that has none")
