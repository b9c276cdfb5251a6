"""The API's one way to Temporal: connect, start the workflows, send decisions, ask for timelines. Workflows are
named by their contracts (`workflows.contracts`), never imported: the API does not depend on the worker's code."""

from __future__ import annotations

import asyncio
import email.parser
import email.policy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import anyio.from_thread
from temporalio.client import Client, Interceptor, WorkflowExecutionStatus
from temporalio.common import (
    SearchAttributePair,
    TypedSearchAttributes,
    WorkflowIDConflictPolicy,
    WorkflowIDReusePolicy,
)
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from api.core import payloads, sealing, tracing
from api.core.config import get_settings
from api.core.logs import RequestIdInterceptor
from workflows.contracts import approval as approval_contract
from workflows.contracts import mail as mail_contract
from workflows.contracts import pid as pid_contract
from workflows.contracts.approval_rules import RequestState, pending_approvers
from workflows.contracts.search_attributes import (
    CRM_LEAD_ID,
    PENDING_APPROVERS,
    REQUEST_STATUS,
    REQUEST_TYPE,
    REQUESTED_BY,
)


async def connect(address: str, namespace: str, attempts: int = 30,
                  interceptors: Sequence[Interceptor] | None = None, keys: str | None = None) -> Client:
    """A client of the namespace, retried once a second while the server is unreachable or still starting; the API's
    interceptors unless the caller (the worker) names its own. Every payload it sends is sealed with the payload
    keys (api/core/sealing.py; the settings' unless `keys` are given)."""
    payloads.install()  # dataclass payloads convert without working out their type hints each time
    if interceptors is None:
        # the request id of the call that starts or updates a workflow travels into it (api.core.logs)
        # and, when tracing is on, the trace of the call (api.core.tracing)
        interceptors = [RequestIdInterceptor(), *tracing.temporal_interceptors()]
    converter = sealing.data_converter(keys or get_settings().payload_keys())
    for attempt in range(attempts):
        try:
            return await Client.connect(address, namespace=namespace, interceptors=interceptors,
                                        data_converter=converter)
        except (RuntimeError, RPCError):  # the bridge's "Failed client connect", or a server not serving yet
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(1)
    raise AssertionError("unreachable")


def start_workflow(client: Client, workflow: str, arg: Any, *, workflow_id: str, task_queue: str,
                   **kwargs: Any) -> str:
    """Start a workflow (by its type name) from sync code in the request thread pool; returns the run id."""

    async def _start() -> str:
        handle = await client.start_workflow(
            workflow, arg, id=workflow_id, task_queue=task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE, **kwargs,
        )
        return handle.result_run_id or ""

    return anyio.from_thread.run(_start)


# -- mail ------------------------------------------------------------------------------------------------------

def send_mail(client: Client, data: mail_contract.SendMailInput, *, workflow_id: str, task_queue: str) -> str:
    """Start the SendMailWorkflow of one prepared message (sync code)."""
    headers = email.parser.HeaderParser(policy=email.policy.default).parsestr(data.raw)
    summary = f"Mail ({data.purpose}) to {headers.get('To', '?')}: {headers.get('Subject', '')}"
    return start_workflow(client, mail_contract.SEND_MAIL, data, workflow_id=workflow_id, task_queue=task_queue,
                          static_summary=summary[:200])


def send_password_reset_mail(client: Client, data: mail_contract.PasswordResetMailInput, *, workflow_id: str,
                             task_queue: str) -> str:
    """Start the PasswordResetMailWorkflow of one forgot-password request (sync code)."""
    return start_workflow(client, mail_contract.PASSWORD_RESET_MAIL, data, workflow_id=workflow_id,
                          task_queue=task_queue, static_summary=f"Password reset mail for '{data.username[:60]}'")


def send_sign_in_code_mail(client: Client, data: mail_contract.SignInCodeMailInput, *, workflow_id: str,
                           task_queue: str) -> str:
    """Start the SignInCodeMailWorkflow of one sign-in from a new device (sync code)."""
    return start_workflow(client, mail_contract.SIGN_IN_CODE_MAIL, data, workflow_id=workflow_id,
                          task_queue=task_queue, static_summary="Sign-in code mail")


# -- approvals -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shown:
    """What the Temporal UI shows of a workflow from its start: a one-line summary (what it is for) and details
    (markdown). What it waits on now, the workflow says itself (its current details)."""

    summary: str
    details: str = ""


def approval_search_attributes(data: approval_contract.ApprovalInput, requester: str) -> TypedSearchAttributes:
    """What a request's workflow is found by in the Temporal UI (the workflow keeps the approvers and the status
    current as it goes): `CrmLeadId = 151`, `RequestedBy = 'sales1'`, `PendingApprovers = 'approver1'`, ..."""
    pending = [a.username or str(a.id) for a in pending_approvers(RequestState(layers=data.layers))] \
        if data.layers else []
    return TypedSearchAttributes([
        SearchAttributePair(CRM_LEAD_ID, data.lead_id), SearchAttributePair(REQUEST_TYPE, data.request_type),
        SearchAttributePair(REQUESTED_BY, requester or str(data.requested_by)),
        SearchAttributePair(PENDING_APPROVERS, pending), SearchAttributePair(REQUEST_STATUS, "PENDING")])


async def start_approval(client: Client, data: approval_contract.ApprovalInput, *, workflow_id: str,
                         task_queue: str, requester: str = "", shown: Shown | None = None) -> bool:
    """Start a request's ApprovalWorkflow; False when it was started already (its id is never reused). `requester`
    is the requester's username."""
    try:
        await client.start_workflow(approval_contract.WORKFLOW, data, id=workflow_id, task_queue=task_queue,
                                    search_attributes=approval_search_attributes(data, requester),
                                    static_summary=shown.summary if shown else None,
                                    static_details=shown.details if shown else None,
                                    id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE)
    except WorkflowAlreadyStartedError:
        return False
    return True


async def decide(client: Client, workflow_id: str, decision: approval_contract.DecideInput, *,
                 update_id: str) -> approval_contract.Timeline:
    """Send an approver's decision as the workflow's `decide` update; answers the timeline after it."""
    return await client.get_workflow_handle(workflow_id).execute_update(
        approval_contract.DECIDE, decision, id=update_id, result_type=approval_contract.Timeline)


async def withdraw(client: Client, workflow_id: str, data: approval_contract.WithdrawInput, *,
                   update_id: str) -> approval_contract.Timeline:
    """Withdraw a pending request with the workflow's `withdraw` update; answers the timeline after it."""
    return await client.get_workflow_handle(workflow_id).execute_update(
        approval_contract.WITHDRAW, data, id=update_id, result_type=approval_contract.Timeline)


async def change_owner(client: Client, workflow_id: str, data: approval_contract.OwnerInput, *,
                       update_id: str) -> None:
    """Tell a pending request's workflow whose request it is now (its `owner` update: the `RequestedBy` search
    attribute follows)."""
    await client.get_workflow_handle(workflow_id).execute_update(approval_contract.OWNER, data, id=update_id)


async def approval_timeline(client: Client, workflow_id: str) -> approval_contract.Timeline:
    """The request's live timeline (the workflow's `timeline` query)."""
    return await client.get_workflow_handle(workflow_id).query(
        approval_contract.TIMELINE, result_type=approval_contract.Timeline)


# -- PID -------------------------------------------------------------------------------------------------------

async def start_pid(client: Client, data: pid_contract.PidInput, *, task_queue: str) -> tuple[str, str]:
    """Start the lead's PidWorkflow, or find the one running or finished: its workflow id and status name."""
    wid = pid_contract.pid_workflow_id(data.lead_id, task_queue)
    try:
        handle = await client.start_workflow(
            pid_contract.WORKFLOW, data, id=wid, task_queue=task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            search_attributes=TypedSearchAttributes([SearchAttributePair(CRM_LEAD_ID, data.lead_id)]),
            static_summary=f"PID of lead {data.lead_id}, asked on the Generate PID screen")
    except WorkflowAlreadyStartedError:  # finished successfully before: that run is the answer
        handle = client.get_workflow_handle(wid)
    described = await handle.describe()
    status: WorkflowExecutionStatus | None = described.status
    return wid, status.name if status else "RUNNING"
