"""Approval pipelines, requests (one Temporal workflow each), the approver queue and decisions."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio.from_thread
from sqlalchemy import func, or_, select, text
from sqlalchemy.orm import Session, aliased, joinedload
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from api.approvals import outbox
from api.approvals.models import (
    ApprovalDecision,
    ApprovalPipeline,
    ApprovalPipelineSales,
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.approvals.schemas import (
    DecisionIn,
    LayerOut,
    PersonOut,
    PickableUser,
    PipelineIn,
    PipelineOut,
    QueueRow,
    RequestIn,
    TimelineApproverOut,
    TimelineLayerOut,
    TimelineOut,
)
from api.clients.models import Client as ClientCompany
from api.core.config import Settings
from api.core.errors import AppError, Conflict, NotFound, RequestPending, ValidationFailed
from api.core.listing import ListParams, Page, apply_sort, like
from api.leads import service as leads_service
from api.leads.models import ONGOING, Lead, Stage
from api.leads.schemas import WaitingFor
from api.pcs.models import ProjectCostSheet
from api.users.models import User
from workflows import approval_rules as rules

log = logging.getLogger(__name__)

PIPELINE_NOT_FOUND = "Approval pipeline not found."
REQUEST_NOT_FOUND = "Approval request not found."
NO_PIPELINE = "No approval pipeline is set up for this request. Please contact an administrator."
UNAVAILABLE = "Approvals are unavailable right now. Please try again in a moment."
RECEIVED = "Your decision was received and will be applied shortly."
STARTING = "This request is still being sent to its approvers. Please try again in a moment."
MODE_LABELS = {"ANY_USER": "Any User", "ANY_ORDER": "Any Order", "IN_SEQUENCE": "In Sequence",
               "SEVERAL_USER": "Several User"}

TYPE_LABELS = {"CHANGE_LEAD_STAGE": "Stage change", "HOLD_LEAD": "Hold", "DROP_LEAD": "Drop",
               "CLOSE_LEAD": "Close", "PCS": "Cost sheet"}
TARGET_STATUS = {"HOLD_LEAD": "On Hold", "DROP_LEAD": "Dropped", "CLOSE_LEAD": "Closed"}


class RefusedDecision(AppError):
    """A decision the rules refuse; its type names the rule and decides the status."""

    def __init__(self, refusal: rules.Refusal):
        super().__init__(refusal.message, status=rules.REFUSAL_STATUS.get(refusal.type, 409))
        self.type = refusal.type


class PipelineOverlap(Conflict):
    type = "PipelineOverlap"


class RequestStarting(Conflict):
    type = "RequestStarting"


# -- pipelines ------------------------------------------------------------------------------------------------

def _names(session: Session, ids: Iterable[int]) -> dict[int, str]:
    """Full names of these users, in one query."""
    wanted = set(ids)
    return dict(session.execute(select(User.id, User.fullname).where(User.id.in_(wanted))).tuples().all()) \
        if wanted else {}


def _user_ids(version: ApprovalPipelineVersion) -> set[int]:
    return {*version.sales_person_ids, *(i for layer in version.layers for i in layer["approvers"])}


def _version(session: Session, pipeline: ApprovalPipeline) -> ApprovalPipelineVersion:
    version = session.scalars(select(ApprovalPipelineVersion).where(
        ApprovalPipelineVersion.pipeline_id == pipeline.id,
        ApprovalPipelineVersion.version == pipeline.current_version)).one()
    return version


def pipeline_out(pipeline: ApprovalPipeline, version: ApprovalPipelineVersion, names: dict[int, str]) -> PipelineOut:
    def people(ids: list[int]) -> list[PersonOut]:
        return [PersonOut(id=i, fullname=names[i]) for i in ids if i in names]

    return PipelineOut(
        id=pipeline.id, name=pipeline.name, pipeline_action_type=pipeline.action_type, version=version.version,
        is_active=pipeline.is_active, sales_persons=people(version.sales_person_ids),
        layers=[LayerOut(name=layer["name"], mode=layer["mode"], min_approvals=layer.get("minApprovals", 1),
                         approvers=people(layer["approvers"])) for layer in version.layers],
        updated_at=pipeline.updated_at)


def _pipeline_out(session: Session, pipeline: ApprovalPipeline) -> PipelineOut:
    version = _version(session, pipeline)
    return pipeline_out(pipeline, version, _names(session, _user_ids(version)))


def pickable_users(*, session: Session) -> list[PickableUser]:
    stmt = select(User).where(User.is_active.is_(True)).options(joinedload(User.role)).order_by(User.fullname)
    return [PickableUser(id=u.id, fullname=u.fullname, role_name=u.role.name, role_description=u.role.description)
            for u in session.scalars(stmt)]


def list_pipelines(*, session: Session, pcs: bool) -> list[PipelineOut]:
    """Every active pipeline with its current version: two queries whatever the number of pipelines."""
    stmt = (select(ApprovalPipeline, ApprovalPipelineVersion)
            .join(ApprovalPipelineVersion, (ApprovalPipelineVersion.pipeline_id == ApprovalPipeline.id)
                  & (ApprovalPipelineVersion.version == ApprovalPipeline.current_version))
            .where(ApprovalPipeline.is_active.is_(True)))
    stmt = stmt.where(ApprovalPipeline.action_type == "PCS") if pcs else stmt.where(
        ApprovalPipeline.action_type != "PCS")
    rows = session.execute(stmt.order_by(ApprovalPipeline.name)).tuples().all()
    names = _names(session, {i for _, version in rows for i in _user_ids(version)})
    return [pipeline_out(pipeline, version, names) for pipeline, version in rows]


def get_pipeline(*, session: Session, pipeline_id: int) -> PipelineOut:
    pipeline = session.get(ApprovalPipeline, pipeline_id)
    if pipeline is None or not pipeline.is_active:
        raise NotFound(PIPELINE_NOT_FOUND)
    return _pipeline_out(session, pipeline)


@dataclass
class Overlap:
    sales_person_id: int | None
    sales_person_name: str | None
    pipeline_id: int
    pipeline_name: str

    @property
    def message(self) -> str:
        if self.sales_person_id is None:
            return (f"The pipeline '{self.pipeline_name}' already applies to every sales person of this action "
                    "type: name the sales persons this one is for, or change that pipeline.")
        return f"{self.sales_person_name} is already covered by the pipeline '{self.pipeline_name}'."


def overlaps(*, session: Session, data: PipelineIn) -> list[Overlap]:
    """Active pipelines of the same action type that already cover a sales person this one would (at most one
    pipeline per action type and sales person; one that names nobody covers everyone not named elsewhere)."""
    others = (select(ApprovalPipeline).where(ApprovalPipeline.action_type == data.pipeline_action_type,
                                             ApprovalPipeline.is_active.is_(True))
              .order_by(ApprovalPipeline.id))
    if data.id:
        others = others.where(ApprovalPipeline.id != data.id)
    wanted = list(dict.fromkeys(data.sales_persons))
    if not wanted:
        named = select(ApprovalPipelineSales.pipeline_id).where(
            ApprovalPipelineSales.pipeline_id == ApprovalPipeline.id).exists()
        return [Overlap(None, None, p.id, p.name) for p in session.scalars(others.where(~named))]
    rows = session.execute(select(ApprovalPipelineSales.user_id, User.fullname, ApprovalPipeline.id,
                                  ApprovalPipeline.name)
                           .join(ApprovalPipeline, ApprovalPipeline.id == ApprovalPipelineSales.pipeline_id)
                           .join(User, User.id == ApprovalPipelineSales.user_id)
                           .where(ApprovalPipelineSales.user_id.in_(wanted),
                                  ApprovalPipeline.id.in_(others.with_only_columns(ApprovalPipeline.id)))
                           .order_by(User.fullname)).tuples()
    return [Overlap(user_id, name, pipeline_id, pipeline_name) for user_id, name, pipeline_id, pipeline_name in rows]


def save_pipeline(*, session: Session, actor: User, data: PipelineIn) -> PipelineOut:
    """Create a pipeline, or save a new version of it (running requests keep the version they started on)."""
    errors = []
    if not data.name.strip():
        errors.append("Please enter the pipeline name.")
    user_ids = {u for layer in data.layers for u in layer.approvers} | set(data.sales_persons)
    known = set(session.scalars(select(User.id).where(User.id.in_(user_ids), User.is_active.is_(True))))
    if user_ids - known:
        errors.append("Every approver and sales person must be an active user.")
    errors += rules.validate_layers([rules.Layer(name=layer.name, mode=layer.mode, min_approvals=layer.min_approvals,
                                                 approvers=[rules.Approver(a, "") for a in layer.approvers])
                                     for layer in data.layers])
    if errors:
        raise ValidationFailed(errors)
    # one writer at a time per action type, so two overlapping pipelines cannot be saved side by side
    session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
                    {"key": f"approval-pipeline:{data.pipeline_action_type}"})
    clash = overlaps(session=session, data=data)
    if clash:
        raise PipelineOverlap([c.message for c in clash])
    if data.id:
        pipeline = session.get(ApprovalPipeline, data.id)
        if pipeline is None or not pipeline.is_active:
            raise NotFound(PIPELINE_NOT_FOUND)
        pipeline.current_version += 1
        pipeline.name = data.name.strip()
        pipeline.action_type = data.pipeline_action_type
    else:
        pipeline = ApprovalPipeline(name=data.name.strip(), action_type=data.pipeline_action_type, current_version=1)
        session.add(pipeline)
    session.flush()
    session.add(ApprovalPipelineVersion(
        pipeline_id=pipeline.id, version=pipeline.current_version, created_by=actor.id,
        sales_person_ids=list(dict.fromkeys(data.sales_persons)),
        layers=[{"name": layer.name.strip(), "mode": layer.mode, "minApprovals": layer.min_approvals,
                 "approvers": layer.approvers} for layer in data.layers]))
    session.query(ApprovalPipelineSales).filter(ApprovalPipelineSales.pipeline_id == pipeline.id).delete()
    session.add_all([ApprovalPipelineSales(pipeline_id=pipeline.id, user_id=u)
                     for u in dict.fromkeys(data.sales_persons)])
    session.commit()
    return _pipeline_out(session, pipeline)


def delete_pipeline(*, session: Session, pipeline_id: int) -> None:
    pipeline = session.get(ApprovalPipeline, pipeline_id)
    if pipeline is None or not pipeline.is_active:
        raise NotFound(PIPELINE_NOT_FOUND)
    pipeline.is_active = False
    session.commit()


def find_version(session: Session, *, action_type: str, sales_person_id: int) -> ApprovalPipelineVersion | None:
    """The pipeline for this sales person (named in its list), else one that lists nobody (applies to all)."""
    assigned = select(ApprovalPipelineSales.pipeline_id).where(ApprovalPipelineSales.user_id == sales_person_id)
    anyone = ~select(ApprovalPipelineSales.pipeline_id).where(
        ApprovalPipelineSales.pipeline_id == ApprovalPipeline.id).exists()
    for condition in (ApprovalPipeline.id.in_(assigned), anyone):
        pipeline = session.scalars(select(ApprovalPipeline).where(
            ApprovalPipeline.action_type == action_type, ApprovalPipeline.is_active.is_(True), condition)
            .order_by(ApprovalPipeline.id)).first()
        if pipeline is not None:
            return _version(session, pipeline)
    return None


# -- requests -------------------------------------------------------------------------------------------------

layers_of = outbox.layers_of


def _new_request(session: Session, *, actor: User, lead: Lead, request_type: str, version: ApprovalPipelineVersion,
                 **fields: Any) -> ApprovalRequest:
    """A request row with its deterministic workflow id (its own id comes first from the sequence)."""
    request_id = session.scalar(select(func.nextval("approval_requests_id_seq")))
    assert request_id is not None
    row = ApprovalRequest(id=request_id, request_type=request_type, lead_id=lead.id, requested_by=actor.id,
                          pipeline_version_id=version.id, from_stage_id=lead.stage_id,
                          workflow_id=outbox.workflow_id_for(lead_id=lead.id, request_type=request_type,
                                                             request_id=request_id), **fields)
    session.add(row)
    return row


def open_request(session: Session, *, actor: User, lead: Lead, data: RequestIn) -> tuple[ApprovalRequest, Any]:
    """Add a stage change, hold, drop or close request for the lead to the session (not committed): the lead
    waits, its history says so. Returns the row and what starting its workflow takes."""
    pending = leads_service.repo.pending_request(session, lead.id) if lead.status == "WAITING" else None
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
    version = find_version(session, action_type=data.request_type, sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(NO_PIPELINE)
    row = _new_request(session, actor=actor, lead=lead, request_type=data.request_type, version=version,
                       target_stage_id=target.id if target else None, notes=(data.notes or "").strip() or None)
    leads_service.record_change(session, lead, actor, "status", lead.status, "WAITING")
    lead.status = "WAITING"
    session.flush()
    return row, outbox.start_args(session, row, layers_of(session, version))


def start_now(temporal: Client, settings: Settings, args: Any) -> None:
    """Start a committed request's workflow; when that fails or takes too long the approval sweep starts it
    (the request is kept either way, so the caller is never told it failed)."""
    async def go() -> None:
        await asyncio.wait_for(outbox.start(temporal, settings.temporal_task_queue, args),
                               settings.approval_start_timeout)

    try:
        anyio.from_thread.run(go)
    except Exception:
        log.warning("approval workflow %s not started now; the approval sweep will start it", args["id"],
                    exc_info=True)


def request(*, session: Session, temporal: Client, settings: Settings, actor: User, lead_id: int,
            data: RequestIn) -> ApprovalRequest:
    """Ask for a stage change, hold, drop or close: the request is committed, then its workflow started."""
    lead = leads_service.visible_or_404(session, actor, lead_id)
    row, args = open_request(session, actor=actor, lead=lead, data=data)
    session.commit()
    start_now(temporal, settings, args)
    return row


def request_pcs(*, session: Session, temporal: Client, settings: Settings, actor: User, lead: Lead,
                sheet: ProjectCostSheet) -> ApprovalRequest:
    """Submit a cost sheet: a PCS request on the sales person's PCS pipeline and its workflow. The lead's own
    status is left alone (a cost sheet approval runs beside the lead's requests); the sheet waits."""
    version = find_version(session, action_type="PCS", sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(NO_PIPELINE)
    row = _new_request(session, actor=actor, lead=lead, request_type="PCS", version=version,
                       notes=sheet.remark or None)
    session.flush()
    sheet.approval_request_id, sheet.requested_at, sheet.status = row.id, datetime.now(UTC), "WAITING_FOR_APPROVAL"
    args = outbox.start_args(session, row, layers_of(session, version))
    session.commit()
    start_now(temporal, settings, args)
    return row


# -- the queue and decisions ------------------------------------------------------------------------------------

Requester = aliased(User)
Target = aliased(Stage)
Current = aliased(Stage)
QUEUE_SORT = {"requestedAt": ApprovalRequest.requested_at, "requestType": ApprovalRequest.request_type,
              "requestedByName": Requester.fullname, "clientName": ClientCompany.client_name,
              "projectName": Lead.project_name}


def queue(*, session: Session, actor: User, params: ListParams) -> Page[QueueRow]:
    """The requests waiting for the actor's decision."""
    stmt = (select(ApprovalRequest, ApprovalTask.status, Requester.fullname, ClientCompany.client_name,
                   Lead.project_name,
                   Current.stage_name, Current.stage_description, Target.stage_name, Target.stage_description,
                   ApprovalPipelineVersion.layers, ProjectCostSheet.revision_batch)
            .join(ApprovalTask, ApprovalTask.request_id == ApprovalRequest.id)
            .join(ApprovalPipelineVersion, ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id)
            .join(Requester, Requester.id == ApprovalRequest.requested_by)
            .outerjoin(Lead, Lead.id == ApprovalRequest.lead_id)
            .outerjoin(ClientCompany, ClientCompany.id == Lead.client_id)
            .outerjoin(Current, Current.id == Lead.stage_id)
            .outerjoin(Target, Target.id == ApprovalRequest.target_stage_id)
            .outerjoin(ProjectCostSheet, ProjectCostSheet.approval_request_id == ApprovalRequest.id)
            .where(ApprovalTask.approver_id == actor.id, ApprovalTask.status.in_(("PENDING", "PROCESSING")),
                   ApprovalRequest.status == "PENDING"))
    if params.search:
        term = like(params.search)
        stmt = stmt.where(or_(Lead.project_name.ilike(term), ClientCompany.client_name.ilike(term),
                              Requester.fullname.ilike(term), ApprovalRequest.request_type.ilike(term)))
    total = session.scalar(select(func.count()).select_from(stmt.with_only_columns(ApprovalRequest.id).subquery()))
    stmt = apply_sort(stmt, params.sort, params.desc, QUEUE_SORT, default=ApprovalRequest.requested_at,
                      tiebreak=ApprovalRequest.id.desc(), default_desc=True)
    rows = []
    for req, task_status, requester, client, project, cur, cur_desc, tgt, tgt_desc, layers, revision in \
            session.execute(
            stmt.offset(params.offset).limit(params.limit)):
        current = f"{cur} {cur_desc}" if cur else None
        combined = f"{current} → {tgt} {tgt_desc}" if tgt else current
        if req.request_type == "PCS":
            combined = "Project cost sheet" + (f", revision {revision}" if revision is not None else "")
        layer = layers[req.current_layer]["name"] if req.current_layer < len(layers) else None
        rows.append(QueueRow(approval_id=req.id, request_type=req.request_type, requested_by_name=requester,
                             client_name=client, project_name=project, requested_at=req.requested_at,
                             notes=req.notes, combined_stage_descriptions=combined,
                             current_stage_description=current, lead_id=req.lead_id, layer_name=layer,
                             current_stage=current, target_stage=f"{tgt} {tgt_desc}" if tgt else None,
                             processing=task_status == "PROCESSING"))
    return Page[QueueRow](data=rows, total_rows=int(total or 0))


def _request_for(session: Session, actor: User, approval_id: int, *, decide: bool) -> ApprovalRequest:
    """A request the actor approves (any layer) or, to read it, one they requested or whose lead they see."""
    found = session.execute(select(ApprovalRequest, ApprovalPipelineVersion.layers)
                            .outerjoin(ApprovalPipelineVersion,
                                       ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id)
                            .where(ApprovalRequest.id == approval_id)).first()
    if found is None:
        raise NotFound(REQUEST_NOT_FOUND)
    req, layers = found
    if actor.id in {a for layer in layers or [] for a in layer["approvers"]}:
        return req
    if not decide:
        try:
            leads_service.visible_or_404(session, actor, req.lead_id)
            return req
        except NotFound:
            pass
    raise NotFound(REQUEST_NOT_FOUND)


def save_lead_edit(*, session: Session, storage: Any, temporal: Client, settings: Settings, actor: User,
                   lead_id: int, data: Any, uploads: dict[str, tuple[str, bytes]]) -> Any:
    """The lead edit form: its fields, files and stage; a stage that needs approval is asked for with the same
    request the request button makes, in the same transaction as the edit."""
    edit = leads_service.apply_edit(session=session, storage=storage, actor=actor, lead_id=lead_id, data=data,
                                    uploads=uploads)
    approval_id, message, args = None, None, None
    if edit.gated is not None:
        current = session.get(Stage, edit.lead.stage_id)
        row, args = open_request(session, actor=actor, lead=edit.lead,
                                 data=RequestIn(request_type="CHANGE_LEAD_STAGE", target_stage_id=edit.gated.id))
        first = args["arg"].layers[0]
        approval_id = row.id
        message = (f"Moving to {edit.gated.stage_name} {edit.gated.stage_description} needs approval: your request "
                   f"was sent to {', '.join(a.name for a in first.approvers)}. The lead stays in "
                   f"{current.stage_name} {current.stage_description} until it is approved." if current else None)
    session.commit()
    if args is not None:
        start_now(temporal, settings, args)
    return leads_service.update_result(session, edit, approval_id=approval_id, message=message)


def _my_task(session: Session, req: ApprovalRequest, actor: User) -> ApprovalTask | None:
    return session.scalars(select(ApprovalTask).where(
        ApprovalTask.request_id == req.id, ApprovalTask.approver_id == actor.id,
        ApprovalTask.layer_index == req.current_layer).with_for_update()).first()


def _decided(session: Session, req: ApprovalRequest, actor: User) -> bool:
    return session.scalar(select(ApprovalDecision.id).where(
        ApprovalDecision.request_id == req.id, ApprovalDecision.approver_id == actor.id).limit(1)) is not None


@dataclass
class DecisionAnswer:
    timeline: TimelineOut
    confirmed: bool  # False: received, made durable, and applied by the workflow (or the sweep) shortly


def decide(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int,
           data: DecisionIn) -> DecisionAnswer:
    """Send an approver's decision to the request's workflow. The decision is made durable first (the task turns
    PROCESSING), so a call that cannot be confirmed in time answers 'received' and the sweep finishes it."""
    from workflows.approval import ApprovalWorkflow, DecideInput

    req = _request_for(session, actor, approval_id, decide=True)
    note_problem = rules.note_refusal(data.approvers_action, data.note)
    task = _my_task(session, req, actor)
    if task is not None and task.status == "PROCESSING":
        session.rollback()
        return DecisionAnswer(_processing_timeline(session, req), False)
    if (task is None or task.status != "PENDING") and _decided(session, req, actor):
        raise RefusedDecision(rules.Refusal("AlreadyDecided", rules.ALREADY_DECIDED))
    if req.status != "PENDING":
        raise RefusedDecision(rules.Refusal("RequestFinished", rules.finished_message(req.status)))
    if note_problem is not None:
        raise RefusedDecision(note_problem)
    if req.started_at is None and task is None:
        raise RequestStarting(STARTING)
    durable = task is not None and task.status == "PENDING"
    if durable:
        assert task is not None
        task.status, task.submitted_action, task.submitted_note = "PROCESSING", data.approvers_action, data.note
        task.submitted_at = datetime.now(UTC)
    layer = req.current_layer
    session.commit()

    async def send() -> Any:
        handle = temporal.get_workflow_handle(req.workflow_id)
        return await asyncio.wait_for(handle.execute_update(
            ApprovalWorkflow.decide, DecideInput(actor.id, data.approvers_action, data.note),
            id=outbox.update_id_for(request_id=req.id, layer_index=layer, approver_id=actor.id)),
            settings.approval_decision_timeout)

    try:
        live = anyio.from_thread.run(send)
    except WorkflowUpdateFailedError as exc:
        cause = exc.cause
        refusal = rules.Refusal(cause.type or "Refused", cause.message) if isinstance(cause, ApplicationError) \
            else rules.Refusal("Refused", str(cause))
        if durable:
            outbox.settle_refused(session, request_id=req.id, layer_index=layer, approver_id=actor.id, reason=None)
        raise RefusedDecision(refusal) from exc
    except Exception as exc:  # no answer in time (no worker, Temporal unreachable): the decision is kept
        if not durable:
            raise AppError(UNAVAILABLE, status=503) from exc
        log.warning("decision on %s not confirmed in time; the approval sweep will send it again", req.workflow_id,
                    exc_info=True)
        session.expire_all()
        return DecisionAnswer(_processing_timeline(session, req), False)
    out = _timeline_out(session, req, live, settings.temporal_ui_url)
    if out.needs_attention:
        out.processing, out.message = True, RECEIVED
        return DecisionAnswer(out, False)
    return DecisionAnswer(out, True)


def _processing_timeline(session: Session, req: ApprovalRequest) -> TimelineOut:
    """The request's timeline from the database, its PROCESSING decisions shown as such."""
    out = recorded_timeline(session, req)
    out.processing, out.message = True, RECEIVED
    return out


def recorded_timeline(session: Session, req: ApprovalRequest, ui: str | None = None) -> TimelineOut:
    """The timeline as the database records it (decisions, tasks): when the workflow cannot be asked."""
    version = session.get(ApprovalPipelineVersion, req.pipeline_version_id)
    layers = layers_of(session, version) if version else []
    decisions = {(d.layer_index, d.approver_id): d for d in session.scalars(
        select(ApprovalDecision).where(ApprovalDecision.request_id == req.id))}
    processing = set(session.execute(select(ApprovalTask.layer_index, ApprovalTask.approver_id).where(
        ApprovalTask.request_id == req.id, ApprovalTask.status == "PROCESSING")).tuples())
    out_layers = []
    for index, layer in enumerate(layers):
        mine = [d for (i, _), d in decisions.items() if i == index]
        if any(d.action == "REJECTED" for d in mine):
            status = "REJECTED"
        elif index < req.current_layer or req.status == "APPROVED":
            status = "APPROVED"
        elif index == req.current_layer and req.status == "PENDING":
            status = "PENDING"
        else:
            status = "WAITING"
        out_layers.append(TimelineLayerOut(
            layer_name=layer.name, approval_type=MODE_LABELS.get(layer.mode, layer.mode), seq_no=index + 1,
            min_approvals=layer.min_approvals, layer_status=status,
            approvers=[TimelineApproverOut(
                id=a.id, username=a.name,
                action_type=decisions[(index, a.id)].action if (index, a.id) in decisions else None,
                note=decisions[(index, a.id)].note if (index, a.id) in decisions else None,
                approved_at=decisions[(index, a.id)].decided_at.isoformat() if (index, a.id) in decisions else None,
                processing=(index, a.id) in processing)
                for a in layer.approvers]))
    return TimelineOut(approval_id=req.id, status=req.status, request_type=req.request_type,
                       requested_at=req.requested_at, workflow_id=req.workflow_id, temporal_url=_ui_url(ui, req),
                       layers=out_layers, processing=bool(processing), needs_attention=False, message=None)


def _ui_url(ui: str | None, req: ApprovalRequest) -> str | None:
    return f"{ui.rstrip('/')}/namespaces/default/workflows/{req.workflow_id}" if ui else None


def timeline(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int) -> TimelineOut:
    req = _request_for(session, actor, approval_id, decide=False)
    from workflows.approval import ApprovalWorkflow

    async def ask() -> Any:
        return await asyncio.wait_for(
            temporal.get_workflow_handle(req.workflow_id).query(ApprovalWorkflow.timeline), 5)

    try:
        live = anyio.from_thread.run(ask)
    except Exception:  # not started yet, or Temporal unreachable: what the database recorded
        return recorded_timeline(session, req, settings.temporal_ui_url)
    return _timeline_out(session, req, live, settings.temporal_ui_url)


def _timeline_out(session: Session, req: ApprovalRequest, live: Any, ui: str | None) -> TimelineOut:
    url = _ui_url(ui, req)
    processing = set(session.execute(select(ApprovalTask.layer_index, ApprovalTask.approver_id).where(
        ApprovalTask.request_id == req.id, ApprovalTask.status == "PROCESSING")).tuples())
    return TimelineOut(
        approval_id=req.id, status=live.status, request_type=req.request_type, requested_at=req.requested_at,
        workflow_id=req.workflow_id, temporal_url=url,
        layers=[TimelineLayerOut(layer_name=layer.name, approval_type=MODE_LABELS.get(layer.mode, layer.mode),
                                 seq_no=layer.seq_no, min_approvals=layer.min_approvals, layer_status=layer.status,
                                 approvers=[TimelineApproverOut(id=a.id, username=a.name, action_type=a.action,
                                                                note=a.note, approved_at=a.decided_at,
                                                                processing=a.action is None
                                                                and (layer.seq_no - 1, a.id) in processing)
                                            for a in layer.approvers])
                for layer in live.layers],
        processing=bool(processing), needs_attention=bool(getattr(live, "needs_attention", False)), message=None)


def waiting_for(*, session: Session, lead_id: int) -> WaitingFor | None:
    """What a lead waits for: its pending request, the layer deciding now and the approvers still to decide."""
    req = leads_service.repo.pending_request(session, lead_id)
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
