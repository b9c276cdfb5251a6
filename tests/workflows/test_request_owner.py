"""A pending request whose lead a reassignment moved learns its new owner even when the API could not tell its
workflow at once: the approval sweep tells it (api/approvals/owners.py). The workflow then names the new owner in
`RequestedBy`, where an operator searching by them finds it, and nobody decides their own request as a delegate:
the rule follows the new owner."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.orm import sessionmaker
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from api.approvals import outbox, owners
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.core.config import get_settings
from tests import sealed
from tests.conftest import Services, run_async
from tests.workflows.test_approval_workflow import World, open_request
from tests.workflows.test_approval_workflow import world as world  # the fixture, re-exported
from tests.workflows.test_operator_view import found
from workflows.approval import ApprovalWorkflow
from workflows.contracts.approval import DecideInput
from workflows.contracts.search_attributes import REQUESTED_BY

pytestmark = pytest.mark.usefixtures("worker")


def test_the_sweep_tells_a_workflow_whose_request_it_is_now(services: Services, world: World) -> None:
    users, session = world.users, world.session
    request = open_request(world, [])
    version = session.get(ApprovalPipelineVersion, request.pipeline_version_id)
    assert version is not None
    version.layers = [{"name": "Check", "mode": "ANY_USER", "approvers": [users["approver1"].id]}]
    session.commit()
    args = outbox.start_args(session, request)  # what the API starts the workflow with: RequestedBy = 'sales1'
    queue = get_settings().temporal_task_queue
    lead = f"TaskQueue = '{queue}' AND CrmLeadId = {world.lead.id}"
    sessions = sessionmaker(bind=session.get_bind(), expire_on_commit=False)

    async def stamped() -> None:
        """Until the workflow's first step says it runs (a request not started yet is started with its owner)."""
        while True:
            session.expire_all()
            row = session.get(ApprovalRequest, request.id)
            if row is not None and row.started_at is not None:
                return
            await asyncio.sleep(0.1)

    async def scenario() -> dict[str, Any]:
        client = await sealed.connect(services.temporal_address)
        assert await outbox.start(client, queue, args)
        await asyncio.wait_for(stamped(), 15)
        handle = client.get_workflow_handle(request.workflow_id)
        seen: dict[str, Any] = {"before": (await handle.describe()).typed_search_attributes.get(REQUESTED_BY)}
        # a reassignment moves the lead to sales5 and commits; the API's call to the workflow never arrives
        row = session.get(ApprovalRequest, request.id)
        assert row is not None
        owners.changed(row, requested_by=users["sales5"].id, on_behalf_of=None)
        world.lead.sales_person_id = users["sales5"].id
        session.commit()
        seen["told"] = await owners.resend(client, sessions, older_than=timedelta(0))
        seen["after"] = (await handle.describe()).typed_search_attributes.get(REQUESTED_BY)
        seen["found"] = await found(client, f"RequestedBy = 'sales5' AND {lead}")
        metadata = await handle.query("__temporal_workflow_metadata", result_type=WorkflowMetadata)
        seen["details"] = str(metadata.current_details)
        seen["told again"] = await owners.resend(client, sessions, older_than=timedelta(0))
        # sales5 stands in for approver1: still never on their own request
        try:
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(
                users["approver1"].id, "APPROVED", acting_id=users["sales5"].id, acting_name="Sales 5"))
        except WorkflowUpdateFailedError as exc:
            seen["refused"] = exc.cause.type if isinstance(exc.cause, ApplicationError) else str(exc.cause)
        # and the request still waits for approver1, who decides it
        await handle.execute_update(ApprovalWorkflow.decide, DecideInput(users["approver1"].id, "APPROVED"))
        seen["result"] = await handle.result()
        return seen

    seen = run_async(scenario())
    assert (seen["before"], seen["after"]) == ("sales1", "sales5")
    assert seen["told"] == 1 and seen["told again"] == 0  # told once; the stamp is cleared
    assert seen["found"] == [request.workflow_id]
    # the Temporal UI's current details say so too (its summary, fixed at the start, keeps who asked)
    assert seen["details"].endswith("Reassigned: the request is now sales5's")
    assert seen["refused"] == "OwnRequest"
    assert seen["result"] == "APPROVED"
    session.expire_all()
    row = session.get(ApprovalRequest, request.id)
    assert row is not None and row.owner_changed_at is None and row.requested_by == users["sales5"].id
