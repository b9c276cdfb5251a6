"""The approval engine's client: start a request's workflow, send its updates (an approver's decision, a withdrawal,
a new owner) with a typed verdict (updates.py), read its live timeline. The workflow is named by its contract
(workflows.contracts.approval), never imported."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio.client import Client
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from api.core.temporal import updates
from api.core.temporal.client import start_once
from workflows.contracts import approval as contract
from workflows.contracts.approval_rules import RequestState, pending_approvers
from workflows.contracts.search_attributes import (
    CRM_LEAD_ID,
    PENDING_APPROVERS,
    REQUEST_STATUS,
    REQUEST_TYPE,
    REQUESTED_BY,
)


@dataclass(frozen=True)
class Shown:
    """What the Temporal UI shows of a workflow from its start: a one-line summary (what it is for) and details
    (markdown). What it waits on now, the workflow says itself (its current details)."""

    summary: str
    details: str = ""


def search_attributes(data: contract.ApprovalInput, requester: str) -> TypedSearchAttributes:
    """What a request's workflow is found by in the Temporal UI (the workflow keeps the approvers and the status
    current as it goes): `CrmLeadId = 151`, `RequestedBy = 'sales1'`, `PendingApprovers = 'approver1'`, ..."""
    # a route decided on conditions starts where the API expects it (the workflow corrects it if its facts changed)
    pending = [a.username or str(a.id) for a in pending_approvers(
        RequestState(layers=data.layers, current=data.first_layer))] if data.layers else []
    return TypedSearchAttributes([
        SearchAttributePair(CRM_LEAD_ID, data.lead_id), SearchAttributePair(REQUEST_TYPE, data.request_type),
        SearchAttributePair(REQUESTED_BY, requester or str(data.requested_by)),
        SearchAttributePair(PENDING_APPROVERS, pending), SearchAttributePair(REQUEST_STATUS, "PENDING")])


async def start(client: Client, data: contract.ApprovalInput, *, workflow_id: str, task_queue: str,
                requester: str = "", shown: Shown | None = None) -> bool:
    """Start a request's ApprovalWorkflow; False when it was started already (its id is never reused). `requester`
    is the requester's username."""
    return await start_once(client, contract.WORKFLOW, data, workflow_id=workflow_id, task_queue=task_queue,
                            search_attributes=search_attributes(data, requester),
                            static_summary=shown.summary if shown else None,
                            static_details=shown.details if shown else None)


async def decide(client: Client, workflow_id: str, decision: contract.DecideInput, *, update_id: str,
                 timeout: float) -> updates.UpdateResult[contract.Timeline]:
    """An approver's decision, as the workflow's `decide` update; applied, it answers the timeline after it."""
    return await updates.execute(client, workflow_id, contract.DECIDE, decision, update_id=update_id,
                                 timeout=timeout, result_type=contract.Timeline)


async def withdraw(client: Client, workflow_id: str, data: contract.WithdrawInput, *, update_id: str,
                   timeout: float) -> updates.UpdateResult[contract.Timeline]:
    """Withdraw a pending request with the workflow's `withdraw` update; applied, it answers the timeline after it."""
    return await updates.execute(client, workflow_id, contract.WITHDRAW, data, update_id=update_id, timeout=timeout,
                                 result_type=contract.Timeline)


async def change_owner(client: Client, workflow_id: str, data: contract.OwnerInput, *, update_id: str,
                       timeout: float) -> updates.UpdateResult[None]:
    """Tell a pending request's workflow whose request it is now (its `owner` update: the `RequestedBy` search
    attribute follows)."""
    return await updates.execute(client, workflow_id, contract.OWNER, data, update_id=update_id, timeout=timeout)


async def timeline_of(client: Client, workflow_id: str) -> contract.Timeline:
    """The request's live timeline (the workflow's `timeline` query)."""
    return await client.get_workflow_handle(workflow_id).query(contract.TIMELINE, result_type=contract.Timeline)
