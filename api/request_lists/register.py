"""The request registers (system/lead-approval, system/pcs-approval): every request ever made on a lead the caller
may see, searchable, filterable and sorted in SQL; one request with its timeline; a request made by an
administrator on behalf of the lead's sales person; and the withdrawal of a pending one.

Who sees which request: the requests on the leads they see (api.leads.visibility: everything for the whitelisted
roles, administrators and top management; a team leader their team's; a sales person their own), and the requests
they are an approver of (as the approver's queue and timeline already show them). The cost sheet register
(api.request_lists.pcs_register) lists the PCS requests with the same query."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from sqlalchemy import func, literal, or_
from sqlalchemy.dialects.postgresql import JSONPATH
from sqlalchemy.orm import Session, aliased

from api.approvals import decisions as approval_decisions
from api.approvals import outcomes, withdrawals
from api.approvals import service as approvals
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.approvals.schemas import OnBehalfIn, RegisterDetail, RegisterRow, RequestIn, RequestOut
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import NotFound
from api.core.listing import Listing, ListParams, Page, paged
from api.core.temporal import Client
from api.leads import requests as lead_requests
from api.leads import visibility as lead_visibility
from api.leads.models import Lead
from api.request_lists.rows import ClientCompany, Requester, Target, request_rows
from api.users.models import User

PCS = "PCS"
REQUEST_NOT_FOUND = "Approval request not found."

OnBehalf = aliased(User)
SalesPerson = aliased(User)

CRITERIA = {"requestType": ApprovalRequest.request_type, "status": ApprovalRequest.status,
            "requestedBy": ApprovalRequest.requested_by, "salesPersonId": Lead.sales_person_id,
            "leadId": ApprovalRequest.lead_id}
SORT = {"requestedAt": ApprovalRequest.requested_at, "decidedAt": ApprovalRequest.decided_at,
        "requestType": ApprovalRequest.request_type, "status": ApprovalRequest.status,
        "requestedByName": Requester.fullname, "salesPersonName": SalesPerson.fullname,
        "clientName": ClientCompany.client_name, "projectName": Lead.project_name, "approvalId": ApprovalRequest.id}
LISTING = Listing(sort=SORT, criteria=CRITERIA, default=ApprovalRequest.requested_at,
                  tiebreak=ApprovalRequest.id.desc(), default_desc=True, count_by=ApprovalRequest.id,
                  search=(Lead.project_name, ClientCompany.client_name, Requester.fullname, SalesPerson.fullname,
                          OnBehalf.fullname, ApprovalRequest.notes))


def _approver_of(user_id: int) -> Any:
    """The request's pipeline version lists the user among a layer's approvers."""
    return func.jsonb_path_exists(ApprovalPipelineVersion.layers, literal("$[*].approvers[*] ? (@ == $id)", JSONPATH),
                                  func.jsonb_build_object("id", user_id))


def _base(session: Session, actor: User, *, pcs: bool) -> Any:
    stmt = (request_rows(ApprovalRequest, Lead.project_name, ClientCompany.client_name, Lead.sales_person_id,
                         SalesPerson.fullname, Requester.fullname, OnBehalf.fullname, Target.stage_name,
                         Target.stage_description)
            .outerjoin(OnBehalf, OnBehalf.id == ApprovalRequest.on_behalf_of)
            .outerjoin(SalesPerson, SalesPerson.id == Lead.sales_person_id)
            .where(ApprovalRequest.request_type == PCS if pcs else ApprovalRequest.request_type != PCS))
    sales_ids = lead_visibility.visible_sales_ids(session, actor)
    if sales_ids is not None:
        stmt = stmt.where(or_(lead_visibility.in_scope(sales_ids), _approver_of(actor.id)))
    return stmt


def _day_start(day: date, zone: tzinfo) -> datetime:
    return datetime.combine(day, time.min, tzinfo=zone)


def _row(found: Any, revisions: dict[int, int]) -> RegisterRow:
    req, project, client, sales_id, sales_name, requester, on_behalf, stage, stage_description = found
    return RegisterRow(
        approval_id=req.id, request_type=req.request_type, request_type_label=outcomes.label_of(req.request_type),
        status=req.status,
        lead_id=req.lead_id, project_name=project, client_name=client, sales_person_id=sales_id,
        sales_person_name=sales_name, requested_by_id=req.requested_by, requested_by_name=requester,
        on_behalf_of_name=on_behalf, requested_at=req.requested_at, decided_at=req.decided_at,
        target_stage_name=f"{stage} {stage_description}" if stage else None, revision=revisions.get(req.id),
        notes=req.notes, withdrawing=req.status == "PENDING" and req.withdrawn_by is not None)


def page(*, session: Session, actor: User, params: ListParams, pcs: bool, approver_id: int | None = None,
         date_from: date | None = None, date_to: date | None = None, zone: tzinfo = UTC,
         revisions: Any = None) -> Page[RegisterRow]:
    """The requests of the register the caller sees; criteria requestType, status, requestedBy, salesPersonId,
    leadId; the approver (any layer) and the days requested (in `zone`, both ends included) apart.
    `revisions`, for the cost sheet register, names each request's revision (one call per page)."""
    stmt = _base(session, actor, pcs=pcs)
    if approver_id is not None:
        stmt = stmt.where(_approver_of(approver_id))
    if date_from is not None:
        stmt = stmt.where(ApprovalRequest.requested_at >= _day_start(date_from, zone))
    if date_to is not None:
        stmt = stmt.where(ApprovalRequest.requested_at < _day_start(date_to + timedelta(days=1), zone))
    rows, total = paged(session, stmt, params, LISTING, entities=False)
    named = revisions(session, [r[0].id for r in rows]) if revisions is not None else {}
    return Page(data=[_row(r, named) for r in rows], total_rows=total)


def visible_request(session: Session, actor: User, approval_id: int, *, pcs: bool) -> ApprovalRequest:
    """A request of the register the caller sees, or 404."""
    found = session.scalars(_base(session, actor, pcs=pcs).where(ApprovalRequest.id == approval_id)
                            .with_only_columns(ApprovalRequest)).first()
    if found is None:
        raise NotFound(REQUEST_NOT_FOUND)
    return found


def row_of(session: Session, actor: User, approval_id: int, *, pcs: bool, revisions: Any = None) -> RegisterRow:
    found = session.execute(_base(session, actor, pcs=pcs).where(ApprovalRequest.id == approval_id)).first()
    if found is None:
        raise NotFound(REQUEST_NOT_FOUND)
    return _row(found, revisions(session, [approval_id]) if revisions is not None else {})


def detail(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int, pcs: bool,
           may_withdraw: bool, revisions: Any = None, policy: PolicyStore | None = None) -> RegisterDetail:
    """A request with its timeline (live from its workflow, or as recorded)."""
    row = row_of(session, actor, approval_id, pcs=pcs, revisions=revisions)
    line = approval_decisions.timeline(session=session, temporal=temporal, settings=settings, actor=actor,
                                       approval_id=approval_id, policy=policy)
    return RegisterDetail(request=row, timeline=line, can_withdraw=may_withdraw and row.status == "PENDING")


def request_on_behalf(*, session: Session, temporal: Client, settings: Settings, actor: User,
                      data: OnBehalfIn) -> RequestOut:
    """A stage change, hold, drop or close made by the actor for the lead's sales person: the same rules and
    gates as when the sales person asks (api.leads.requests), both people recorded."""
    lead = lead_visibility.visible_or_404(session, actor, data.lead_id)
    fields = RequestIn(request_type=data.request_type, target_stage_id=data.target_stage_id, notes=data.notes)
    row, args = lead_requests.open_request(session, actor=actor, lead=lead, data=fields,
                                           task_queue=settings.temporal_task_queue)
    session.commit()
    approvals.start_now(session, temporal, settings, row, args)
    return RequestOut(approval_id=row.id, workflow_id=row.workflow_id, status=row.status,
                      message=approvals.sent_message(session, row, args))


def withdraw(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int, pcs: bool,
             reason: str) -> bool:
    """Withdraw a pending request of the register (api.approvals.withdrawals); True when already applied."""
    request = visible_request(session, actor, approval_id, pcs=pcs)
    return withdrawals.withdraw(session=session, temporal=temporal, settings=settings, actor=actor, request=request,
                                reason=reason)
