"""Approval requests on a lead (one Temporal workflow each): the request call, the edit form's stage request,
the cost sheet's submission, and what a waiting lead waits for."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

import anyio.from_thread
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.approvals import outbox
from api.approvals.models import (
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.approvals.pipelines import find_version
from api.approvals.schemas import (
    RequestIn,
)
from api.core.config import Settings
from api.core.errors import Conflict, RequestPending, ValidationFailed
from api.core.uploads import Upload
from api.leads import service as leads_service
from api.leads import stage_rules
from api.leads.models import ONGOING, Lead, Stage
from api.leads.schemas import WaitingFor
from api.pcs.models import ProjectCostSheet
from api.users.models import User
from workflows.contracts.approval import workflow_id_for

log = logging.getLogger(__name__)

NO_PIPELINE = "No approval pipeline is set up for this request. Please contact an administrator."
UNAVAILABLE = "Approvals are unavailable right now. Please try again in a moment."
TYPE_LABELS = {"CHANGE_LEAD_STAGE": "Stage change", "HOLD_LEAD": "Hold", "DROP_LEAD": "Drop",
               "CLOSE_LEAD": "Close", "PCS": "Cost sheet"}
TARGET_STATUS = {"HOLD_LEAD": "On Hold", "DROP_LEAD": "Dropped", "CLOSE_LEAD": "Closed"}





def _new_request(session: Session, *, actor: User, lead: Lead, request_type: str, version: ApprovalPipelineVersion,
                 task_queue: str, **fields: Any) -> ApprovalRequest:
    """A request row with its deterministic workflow id (its own id comes first from the sequence)."""
    request_id = session.scalar(select(func.nextval("approval_requests_id_seq")))
    assert request_id is not None
    row = ApprovalRequest(id=request_id, request_type=request_type, lead_id=lead.id, requested_by=actor.id,
                          pipeline_version_id=version.id, from_stage_id=lead.stage_id,
                          workflow_id=workflow_id_for(lead_id=lead.id, request_type=request_type, request_id=request_id,
                                                      task_queue=task_queue),
                          **fields)
    session.add(row)
    return row


def open_request(session: Session, *, actor: User, lead: Lead, data: RequestIn,
                 task_queue: str) -> tuple[ApprovalRequest, Any]:
    """Add a stage change, hold, drop or close request for the lead to the session (not committed): the lead
    waits, its history says so. Returns the row and what starting its workflow takes."""
    pending = leads_service.pending_request(session, lead.id, lead.status)
    if pending is not None:
        raise RequestPending(leads_service.waiting_message(session, pending))
    if lead.status not in ONGOING:
        raise Conflict(f"A lead that is {leads_service.STATUS_LABELS[lead.status]} cannot be changed.")
    target = None
    if data.request_type == "CHANGE_LEAD_STAGE":
        target = session.get(Stage, data.target_stage_id) if data.target_stage_id else None
        if target is None:
            raise ValidationFailed("Please choose the stage to move the lead to.")
        move = leads_service.check_move(session, lead, target)
        if not move.allowed:
            raise ValidationFailed(move.reason or "Please choose the stage to move the lead to.")
    if data.request_type == "CLOSE_LEAD":
        problems = stage_rules.close_problems(session, lead)
        if problems:
            raise ValidationFailed(problems)
    version = find_version(session, action_type=data.request_type, sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(NO_PIPELINE)
    row = _new_request(session, actor=actor, lead=lead, request_type=data.request_type, version=version,
                       task_queue=task_queue,
                       target_stage_id=target.id if target else None, notes=(data.notes or "").strip() or None)
    leads_service.record_change(session, lead, actor, "status", lead.status, "WAITING")
    lead.status = "WAITING"
    session.flush()
    return row, outbox.start_args(session, row, outbox.layers_of(session, version))


def start_now(session: Session, temporal: Client, settings: Settings, row: ApprovalRequest, args: Any) -> None:
    """Start a committed request's workflow and say so on the row (a decision may then be sent at once); when
    the start fails or takes too long the approval sweep starts it (the request is kept either way, so the caller
    is never told it failed)."""
    async def go() -> None:
        await asyncio.wait_for(outbox.start(temporal, settings.temporal_task_queue, args),
                               settings.approval_start_timeout)

    try:
        anyio.from_thread.run(go)
    except Exception:
        log.warning("approval workflow %s not started now; the approval sweep will start it", args["id"],
                    exc_info=True)
        return
    row.started_at = row.started_at or datetime.now(UTC)
    session.commit()


def request(*, session: Session, temporal: Client, settings: Settings, actor: User, lead_id: int,
            data: RequestIn) -> ApprovalRequest:
    """Ask for a stage change, hold, drop or close: the request is committed, then its workflow started."""
    lead = leads_service.visible_or_404(session, actor, lead_id)
    row, args = open_request(session, actor=actor, lead=lead, data=data, task_queue=settings.temporal_task_queue)
    session.commit()
    start_now(session, temporal, settings, row, args)
    return row


def request_pcs(*, session: Session, temporal: Client, settings: Settings, actor: User, lead: Lead,
                sheet: ProjectCostSheet) -> ApprovalRequest:
    """Submit a cost sheet: a PCS request on the sales person's PCS pipeline and its workflow. The lead's own
    status is left alone (a cost sheet approval runs beside the lead's requests); the sheet waits."""
    version = find_version(session, action_type="PCS", sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(NO_PIPELINE)
    row = _new_request(session, actor=actor, lead=lead, request_type="PCS", version=version,
                       task_queue=settings.temporal_task_queue,
                       notes=sheet.remark or None)
    session.flush()
    sheet.approval_request_id, sheet.requested_at, sheet.status = row.id, datetime.now(UTC), "WAITING_FOR_APPROVAL"
    args = outbox.start_args(session, row, outbox.layers_of(session, version))
    session.commit()
    start_now(session, temporal, settings, row, args)
    return row


def save_lead_edit(*, session: Session, storage: Any, temporal: Client, settings: Settings, actor: User,
                   lead_id: int, data: Any, uploads: dict[str, Upload]) -> Any:
    """The lead edit form: its fields, files and stage; a stage that needs approval is asked for with the same
    request the request button makes, in the same transaction as the edit."""
    edit = leads_service.apply_edit(session=session, storage=storage, actor=actor, lead_id=lead_id, data=data,
                                    uploads=uploads)
    approval_id, message, args, row = None, None, None, None
    if edit.gated is not None:
        current = session.get(Stage, edit.lead.stage_id)
        row, args = open_request(session, actor=actor, lead=edit.lead,
                                 data=RequestIn(request_type="CHANGE_LEAD_STAGE", target_stage_id=edit.gated.id),
                                 task_queue=settings.temporal_task_queue)
        first = args["arg"].layers[0]
        approval_id = row.id
        message = (f"Moving to {edit.gated.stage_name} {edit.gated.stage_description} needs approval: your request "
                   f"was sent to {', '.join(a.name for a in first.approvers)}. The lead stays in "
                   f"{current.stage_name} {current.stage_description} until it is approved." if current else None)
    session.commit()
    if args is not None and row is not None:
        start_now(session, temporal, settings, row, args)
    return leads_service.update_result(session, edit, approval_id=approval_id, message=message)


def waiting_for(*, session: Session, lead_id: int, status: str) -> WaitingFor | None:
    """What a lead waits for: its pending request, the layer deciding now and the approvers still to decide.
    Only a WAITING lead has one (the detail page asks every 10 s: others cost no query)."""
    req = leads_service.pending_request(session, lead_id, status)
    if req is None:
        return None
    version = session.get(ApprovalPipelineVersion, req.pipeline_version_id)
    layers = version.layers if version else []
    layer = layers[req.current_layer] if req.current_layer < len(layers) else None
    waiting = session.execute(
        select(ApprovalTask.status, User.fullname).join(User, User.id == ApprovalTask.approver_id)
        .where(ApprovalTask.request_id == req.id, ApprovalTask.layer_index == req.current_layer,
               ApprovalTask.status.in_(("PENDING", "PROCESSING"))).order_by(User.fullname)).tuples().all()
    target = session.get(Stage, req.target_stage_id) if req.target_stage_id else None
    requester = session.get(User, req.requested_by)
    state = "STARTING" if req.started_at is None else \
        "PROCESSING" if any(status == "PROCESSING" for status, _ in waiting) else "PENDING"
    return WaitingFor(
        approval_id=req.id, request_type=req.request_type,
        request_type_label=TYPE_LABELS.get(req.request_type, req.request_type),
        target_stage_id=target.id if target else None,
        target_stage_name=f"{target.stage_name} {target.stage_description}" if target else None,
        target_status=TARGET_STATUS.get(req.request_type), layer_name=layer["name"] if layer else None,
        layer_seq=req.current_layer + 1, layer_count=len(layers), pending_approvers=[name for _, name in waiting],
        requested_at=req.requested_at, requested_by_name=requester.fullname if requester else None,
        notes=req.notes, state=state)
