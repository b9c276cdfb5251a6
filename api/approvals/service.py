"""Approval pipelines, requests (one Temporal workflow each), the approver queue and decisions."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Iterable
from typing import Any

import anyio.from_thread
from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session, aliased, joinedload
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ApplicationError

from api.approvals.models import (
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
from api.core.errors import AppError, Conflict, NotFound, ValidationFailed
from api.core.listing import ListParams, Page, apply_sort, like
from api.leads import service as leads_service
from api.leads.models import ONGOING, Lead, Stage
from api.pcs.models import ProjectCostSheet
from api.users.models import User
from workflows import approval_rules as rules

log = logging.getLogger(__name__)

PIPELINE_NOT_FOUND = "Approval pipeline not found."
REQUEST_NOT_FOUND = "Approval request not found."
NO_PIPELINE = "No approval pipeline is set up for this request. Please contact an administrator."
ALREADY_WAITING = "This lead already has a request waiting for approval."
UNAVAILABLE = "Approvals are unavailable right now. Please try again in a moment."
# How long a decision may wait for the workflow: without a worker an Update waits until one returns.
DECISION_TIMEOUT = 10.0
MODE_LABELS = {"ANY_USER": "Any User", "ANY_ORDER": "Any Order", "IN_SEQUENCE": "In Sequence",
               "SEVERAL_USER": "Several User"}

LEAD_ID = SearchAttributeKey.for_keyword("LeadId")
REQUEST_TYPE = SearchAttributeKey.for_keyword("RequestType")
REQUESTED_BY = SearchAttributeKey.for_keyword("RequestedBy")


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

def layers_of(session: Session, version: ApprovalPipelineVersion) -> list[rules.Layer]:
    """The version's layers with their approvers' names (for a workflow's input, or a timeline before one)."""
    people = _names(session, (i for layer in version.layers for i in layer["approvers"]))
    return [rules.Layer(name=layer["name"], mode=layer["mode"], min_approvals=layer.get("minApprovals", 1),
                        approvers=[rules.Approver(i, people.get(i, f"user {i}")) for i in layer["approvers"]])
            for layer in version.layers]


def request(*, session: Session, temporal: Client, settings: Settings, actor: User, lead_id: int,
            data: RequestIn) -> ApprovalRequest:
    """Ask for a stage change, hold, drop or close: one ApprovalRequest row and its workflow."""
    lead = leads_service.visible_or_404(session, actor, lead_id)
    if lead.status == "WAITING":
        raise Conflict(ALREADY_WAITING)
    if lead.status not in ONGOING:
        raise Conflict(f"A lead that is {leads_service.STATUS_LABELS[lead.status]} cannot be changed.")
    target = None
    if data.request_type == "CHANGE_LEAD_STAGE":
        target = session.get(Stage, data.target_stage_id) if data.target_stage_id else None
        if target is None or target.id == lead.stage_id or target.stage_name == "E7":
            raise ValidationFailed("Please choose the stage to move the lead to.")
        current = session.get(Stage, lead.stage_id)
        if current is not None and target.seq_number > current.seq_number:
            missing = leads_service.missing_fields(session, lead, target)
            if missing:
                raise ValidationFailed(f"Complete these fields before moving to {target.stage_name} "
                                       f"{target.stage_description}: {', '.join(missing)}.")
    version = find_version(session, action_type=data.request_type, sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(NO_PIPELINE)
    workflow_id = f"approval-lead-{lead.id}-{data.request_type.lower().replace('_', '-')}-{uuid.uuid4().hex[:8]}"
    row = ApprovalRequest(workflow_id=workflow_id, request_type=data.request_type, lead_id=lead.id,
                          requested_by=actor.id, target_stage_id=target.id if target else None,
                          from_stage_id=lead.stage_id, notes=(data.notes or "").strip() or None,
                          pipeline_version_id=version.id)
    session.add(row)
    leads_service.record_change(session, lead, actor, "status", lead.status, "WAITING")
    lead.status = "WAITING"
    layers = layers_of(session, version)
    session.commit()
    try:
        _start(temporal, settings, row, layers)
    except Exception as exc:
        log.exception("could not start the approval workflow %s", workflow_id)
        session.delete(row)
        lead.status = "NEW"
        session.commit()
        raise AppError(UNAVAILABLE, status=503) from exc
    return row


def _start(temporal: Client, settings: Settings, row: ApprovalRequest, layers: list[rules.Layer]) -> None:
    from workflows.approval import ApprovalInput, ApprovalWorkflow

    async def start() -> None:
        await temporal.start_workflow(
            ApprovalWorkflow.run,
            ApprovalInput(request_id=row.id, request_type=row.request_type, lead_id=row.lead_id,
                          requested_by=row.requested_by, layers=layers),
            id=row.workflow_id, task_queue=settings.temporal_task_queue,
            search_attributes=TypedSearchAttributes([
                SearchAttributePair(LEAD_ID, str(row.lead_id)), SearchAttributePair(REQUEST_TYPE, row.request_type),
                SearchAttributePair(REQUESTED_BY, str(row.requested_by))]))

    anyio.from_thread.run(start)


def request_pcs(*, session: Session, temporal: Client, settings: Settings, actor: User, lead: Lead,
                sheet: ProjectCostSheet) -> ApprovalRequest:
    """Submit a cost sheet: a PCS request on the sales person's PCS pipeline and its workflow. The lead's own
    status is left alone (a cost sheet approval runs beside the lead's requests); the sheet waits."""
    version = find_version(session, action_type="PCS", sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(NO_PIPELINE)
    workflow_id = f"approval-lead-{lead.id}-pcs-r{sheet.revision_batch}-{uuid.uuid4().hex[:8]}"
    row = ApprovalRequest(workflow_id=workflow_id, request_type="PCS", lead_id=lead.id, requested_by=actor.id,
                          from_stage_id=lead.stage_id, notes=sheet.remark or None, pipeline_version_id=version.id)
    session.add(row)
    session.flush()
    sheet.approval_request_id, sheet.requested_at, sheet.status = row.id, row.requested_at, "WAITING_FOR_APPROVAL"
    layers = layers_of(session, version)
    session.commit()
    try:
        _start(temporal, settings, row, layers)
    except Exception as exc:
        log.exception("could not start the approval workflow %s", workflow_id)
        sheet.approval_request_id, sheet.requested_at, sheet.status = None, None, "SAVED_AS_DRAFT"
        session.delete(row)
        session.commit()
        raise AppError(UNAVAILABLE, status=503) from exc
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
    stmt = (select(ApprovalRequest, Requester.fullname, ClientCompany.client_name, Lead.project_name,
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
            .where(ApprovalTask.approver_id == actor.id, ApprovalTask.status == "PENDING",
                   ApprovalRequest.status == "PENDING"))
    if params.search:
        term = like(params.search)
        stmt = stmt.where(or_(Lead.project_name.ilike(term), ClientCompany.client_name.ilike(term),
                              Requester.fullname.ilike(term), ApprovalRequest.request_type.ilike(term)))
    total = session.scalar(select(func.count()).select_from(stmt.with_only_columns(ApprovalRequest.id).subquery()))
    stmt = apply_sort(stmt, params.sort, params.desc, QUEUE_SORT, default=ApprovalRequest.requested_at,
                      tiebreak=ApprovalRequest.id.desc(), default_desc=True)
    rows = []
    for req, requester, client, project, cur, cur_desc, tgt, tgt_desc, layers, revision in session.execute(
            stmt.offset(params.offset).limit(params.limit)):
        current = f"{cur} {cur_desc}" if cur else None
        combined = f"{current} → {tgt} {tgt_desc}" if tgt else current
        if req.request_type == "PCS":
            combined = "Project cost sheet" + (f", revision {revision}" if revision is not None else "")
        layer = layers[req.current_layer]["name"] if req.current_layer < len(layers) else None
        rows.append(QueueRow(approval_id=req.id, request_type=req.request_type, requested_by_name=requester,
                             client_name=client, project_name=project, requested_at=req.requested_at,
                             notes=req.notes, combined_stage_descriptions=combined,
                             current_stage_description=current, lead_id=req.lead_id, layer_name=layer))
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


REFUSAL_STATUS = {rules.NOT_AN_APPROVER: 403, rules.NOTE_REQUIRED: 422, rules.NOTE_TOO_LONG: 422,
                  rules.UNKNOWN_ACTION: 422}


def decide(*, session: Session, temporal: Client, actor: User, approval_id: int, data: DecisionIn) -> TimelineOut:
    req = _request_for(session, actor, approval_id, decide=True)
    from workflows.approval import ApprovalWorkflow, DecideInput

    async def send() -> Any:
        handle = temporal.get_workflow_handle(req.workflow_id)
        return await asyncio.wait_for(handle.execute_update(
            ApprovalWorkflow.decide, DecideInput(actor.id, data.approvers_action, data.note)), DECISION_TIMEOUT)

    try:
        timeline = anyio.from_thread.run(send)
    except WorkflowUpdateFailedError as exc:
        cause = exc.cause
        message = cause.message if isinstance(cause, ApplicationError) else str(cause)
        raise AppError(message, status=REFUSAL_STATUS.get(message, 409)) from exc
    except Exception as exc:  # the workflow is closed (the request is finished), or no worker answered in time
        session.refresh(req)
        if req.status != "PENDING":
            raise Conflict(rules.finished_message(req.status)) from exc
        raise AppError(UNAVAILABLE, status=503) from exc
    return _timeline_out(session, req, timeline, None)


def timeline(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int) -> TimelineOut:
    req = _request_for(session, actor, approval_id, decide=False)
    from workflows.approval import ApprovalWorkflow

    async def ask() -> Any:
        return await temporal.get_workflow_handle(req.workflow_id).query(ApprovalWorkflow.timeline)

    try:
        live = anyio.from_thread.run(ask)
    except Exception as exc:
        raise AppError(UNAVAILABLE, status=503) from exc
    return _timeline_out(session, req, live, settings.temporal_ui_url)


def _timeline_out(session: Session, req: ApprovalRequest, live: Any, ui: str | None) -> TimelineOut:
    url = f"{ui.rstrip('/')}/namespaces/default/workflows/{req.workflow_id}" if ui else None
    return TimelineOut(
        approval_id=req.id, status=live.status, request_type=req.request_type, requested_at=req.requested_at,
        workflow_id=req.workflow_id, temporal_url=url,
        layers=[TimelineLayerOut(layer_name=layer.name, approval_type=MODE_LABELS.get(layer.mode, layer.mode),
                                 seq_no=layer.seq_no, min_approvals=layer.min_approvals, layer_status=layer.status,
                                 approvers=[TimelineApproverOut(id=a.id, username=a.name, action_type=a.action,
                                                                note=a.note, approved_at=a.decided_at)
                                            for a in layer.approvers])
                for layer in live.layers])
