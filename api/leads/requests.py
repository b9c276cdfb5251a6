"""A lead's approval requests (stage change, hold, drop, close): the request call, the edit form's stage request,
and what a waiting lead waits for. The approval engine (api.approvals.service) keeps the request and starts its
workflow; the lead's rules are checked here."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from api.approvals import outcomes, routes
from api.approvals import service as approvals
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.approvals.pipelines import find_version
from api.approvals.route_schemas import RoutePreviewOut
from api.approvals.schemas import RequestIn, RequestOut
from api.core.config import Settings
from api.core.errors import Conflict, RequestPending, ValidationFailed
from api.core.temporal import Client
from api.core.uploads import Upload
from api.leads import editing as lead_editing
from api.leads import history as lead_history
from api.leads import moves as lead_moves
from api.leads import repository as repo
from api.leads import route_facts, stage_rules
from api.leads import visibility as lead_visibility
from api.leads.models import ONGOING, STATUS_LABELS, Lead, Stage
from api.leads.schemas import RouteRequestIn, WaitingFor
from api.users.models import User

TARGET_STATUS = {"HOLD_LEAD": "On Hold", "DROP_LEAD": "Dropped", "CLOSE_LEAD": "Closed"}
NO_APPROVAL_NEEDED = "Moving to {stage} needs no approval: the lead is moved there without a request."


def _checked(session: Session, lead: Lead, data: RequestIn) -> tuple[Stage | None, ApprovalPipelineVersion]:
    """What a request of the lead must pass before it is made (or its route previewed): the stage it asks for and
    the pipeline version it would run on."""
    pending = lead_moves.pending_request(session, lead.id, lead.status)
    if pending is not None:
        raise RequestPending(lead_moves.waiting_message(session, pending))
    if lead.status not in ONGOING:
        raise Conflict(f"A lead that is {STATUS_LABELS[lead.status]} cannot be changed.")
    target = None
    if data.request_type == "CHANGE_LEAD_STAGE":
        target = session.get(Stage, data.target_stage_id) if data.target_stage_id else None
        if target is None:
            raise ValidationFailed("Please choose the stage to move the lead to.")
        move = lead_moves.check_move(session, lead, target)
        if not move.allowed:
            raise ValidationFailed(move.reason or "Please choose the stage to move the lead to.")
        # the stage rules decide whether a move needs a request (stage-options shows the same answer per stage):
        # a move that needs none is not sent to approvers
        if not move.needs_approval:
            raise ValidationFailed(NO_APPROVAL_NEEDED.format(stage=stage_rules.label(target)))
    if data.request_type == "CLOSE_LEAD":
        problems = stage_rules.close_problems(session, lead)
        if problems:
            raise ValidationFailed(problems)
    version = find_version(session, action_type=data.request_type, sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(approvals.NO_PIPELINE)
    return target, version


def open_request(session: Session, *, actor: User, lead: Lead, data: RequestIn,
                 task_queue: str) -> tuple[ApprovalRequest, Any]:
    """Add a stage change, hold, drop or close request for the lead to the session (not committed): the lead
    waits, its history says so (and the request keeps the status it had). Someone other than the lead's sales
    person (an administrator, a team leader) asks on the sales person's behalf, whatever the way in (the lead page,
    a gated stage in the edit, the request register): the request records both. Returns the row and what starting
    its workflow takes."""
    target, version = _checked(session, lead, data)
    row = approvals.new_request(session, actor=actor, lead_id=lead.id, from_stage_id=lead.stage_id,
                                request_type=data.request_type, version=version, task_queue=task_queue,
                                target_stage_id=target.id if target else None,
                                notes=(data.notes or "").strip() or None, from_status=lead.status,
                                on_behalf_of=lead.sales_person_id if lead.sales_person_id != actor.id else None)
    lead_history.record(session, lead, actor, "status", lead.status, "WAITING")
    lead.status = "WAITING"
    session.flush()
    return row, approvals.start_args(session, row, version)


def route_preview(*, session: Session, actor: User, lead_id: int, data: RouteRequestIn) -> RoutePreviewOut:
    """The route the request would take if it were made now (the request dialog shows it before Confirm): the same
    checks as the request, the same route rules as the engine. With `edit`, on the lead as the edit form will save
    it (the wizard's gated step: saving makes the request)."""
    lead = lead_visibility.visible_or_404(session, actor, lead_id)
    target, version = _checked(session, lead, data)
    return routes.version_preview(session, query=outcomes.RouteQuery(data.request_type, lead.id,
                                                                       target.id if target else None), version=version,
                                  adjust=route_facts.as_edited(session, data.edit) if data.edit else None)


def request(*, session: Session, temporal: Client, settings: Settings, actor: User, lead_id: int,
            data: RequestIn) -> RequestOut:
    """Ask for a stage change, hold, drop or close: the request is committed, then its workflow started; the
    answer says to whom it went."""
    lead = lead_visibility.visible_or_404(session, actor, lead_id)
    row, args = open_request(session, actor=actor, lead=lead, data=data, task_queue=settings.temporal_task_queue)
    session.commit()
    approvals.start_now(session, temporal, settings, row, args)
    return RequestOut(approval_id=row.id, workflow_id=row.workflow_id, status=row.status,
                      message=approvals.sent_message(session, row, args))


def save_lead_edit(*, session: Session, storage: Any, temporal: Client, settings: Settings, actor: User,
                   lead_id: int, data: Any, uploads: dict[str, Upload]) -> lead_editing.Saved:
    """The lead edit form: its fields, files and stage; a stage that needs approval is asked for with the same
    request the request button makes, in the same transaction as the edit."""
    edit = lead_editing.apply_edit(session=session, storage=storage, actor=actor, lead_id=lead_id, data=data,
                                    uploads=uploads)
    approval_id, message, args, row = None, None, None, None
    if edit.gated is not None:
        current = session.get(Stage, edit.lead.stage_id)
        row, args = open_request(session, actor=actor, lead=edit.lead,
                                 data=RequestIn(request_type="CHANGE_LEAD_STAGE", target_stage_id=edit.gated.id),
                                 task_queue=settings.temporal_task_queue)
        first = args["arg"].layers[args.get("first", 0)]
        approval_id = row.id
        message = (f"Moving to {edit.gated.stage_name} {edit.gated.stage_description} needs approval: your request "
                   f"was sent to {approvals.names([a.name for a in first.approvers])}. The lead stays in "
                   f"{current.stage_name} {current.stage_description} until it is approved." if current else None)
    session.commit()
    if args is not None and row is not None:
        approvals.start_now(session, temporal, settings, row, args)
    return lead_editing.saved(edit, approval_id=approval_id, message=message)


def waiting_for(*, session: Session, lead_id: int, status: str) -> WaitingFor | None:
    """What a lead waits for: its pending request, the layer deciding now and the approvers still to decide.
    Only a WAITING lead has one (the detail page asks every 10 s: others cost no query)."""
    req = lead_moves.pending_request(session, lead_id, status)
    if req is None:
        return None
    version = session.get(ApprovalPipelineVersion, req.pipeline_version_id)
    layers = version.layers if version else []
    layer = layers[req.current_layer] if req.current_layer < len(layers) else None
    waiting = repo.waiting_approvers(session, req.id, req.current_layer)
    target = session.get(Stage, req.target_stage_id) if req.target_stage_id else None
    requester = session.get(User, req.requested_by)
    state = "STARTING" if req.started_at is None else \
        "PROCESSING" if any(status == "PROCESSING" for status, _ in waiting) else "PENDING"
    return WaitingFor(
        approval_id=req.id, request_type=req.request_type,
        request_type_label=outcomes.handler_for(req.request_type).label,
        target_stage_id=target.id if target else None,
        target_stage_name=f"{target.stage_name} {target.stage_description}" if target else None,
        target_status=TARGET_STATUS.get(req.request_type), layer_name=layer["name"] if layer else None,
        layer_seq=req.current_layer + 1, layer_count=len(layers), pending_approvers=[name for _, name in waiting],
        requested_at=req.requested_at, requested_by_name=requester.fullname if requester else None,
        notes=req.notes, state=state)
