"""The cost sheet side of the approval engine: what a PCS request is called, what its outcome does to the
sheet and the lead, and the approval flow (timeline) of a revision read from the recorded decisions."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.approvals import outcomes, pipelines, routes
from api.approvals import service as approvals
from api.approvals import timeline as timelines
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.approvals.pipelines import MODE_LABELS, find_version
from api.approvals.route_schemas import RoutePreviewOut, SheetRouteIn
from api.core.config import Settings
from api.core.errors import Conflict
from api.core.temporal import Client
from api.leads import history as lead_history
from api.leads import outcomes as lead_outcomes
from api.leads import route_facts as lead_facts
from api.leads import visibility as lead_visibility
from api.leads.models import Lead
from api.pcs import repository as repo
from api.pcs.models import ProjectCostSheet
from api.pcs.schemas import FlowApprover, FlowLayer
from api.users.models import User
from workflows.contracts.approval import WITHDRAWN
from workflows.contracts.approval_routes import Facts, describe

REQUEST_TYPE = "PCS"
DRAFT = "SAVED_AS_DRAFT"
LABEL = "Cost sheet"


def subject(session: Session, request: ApprovalRequest) -> outcomes.Subject:
    """'approve the cost sheet of 'Project' (Client), revision N', on the lead as the lead requests name it."""
    lead = lead_outcomes.subject(session, request)
    what = f"'{lead.project}' ({lead.client})" if lead.client is not None else f"lead #{request.lead_id}"
    revision = repo.revision_of_request(session, request.id)
    return replace(lead, description=f"approve the cost sheet of {what}"
                   + (f", revision {revision}" if revision is not None else ""))


def queue_label(revision: int | None) -> str:
    """What the approver queue shows in place of a stage change."""
    return "Project cost sheet" + (f", revision {revision}" if revision is not None else "")


def finish(session: Session, request: ApprovalRequest, status: str, actor: User | None, verdict: str) -> str:
    """The PCS handler of the approval engine: the sheet changes (the lead's status was never WAITING for it), the
    outcome goes into the lead's history, and the requester's notification leads to the sheet."""
    apply_outcome(session, request, status, actor)
    lead_outcomes.record_outcome(session, request, actor, LABEL, verdict)
    return f"/leads/{request.lead_id}/project-cost-sheet"


def apply_outcome(session: Session, request: ApprovalRequest, status: str, actor: User | None) -> None:
    """The sheet becomes APPROVED or REJECTED (once), or back to draft when its request is withdrawn; an approval
    copies its totals to the lead. Runs inside the approval engine's finish, under its lock on the request row."""
    sheet = repo.sheet_of_request(session, request.id, for_update=True)
    if sheet is None or sheet.status != "WAITING_FOR_APPROVAL":
        return
    sheet.status = status = DRAFT if status == WITHDRAWN else status
    lead = session.get(Lead, sheet.lead_id)
    if lead is None or actor is None:
        return
    lead_history.record(session, lead, actor, "pcsStatus", "WAITING_FOR_APPROVAL",
                                f"{status} (revision {sheet.revision_batch})")
    if status != "APPROVED":
        return
    for attr, field, value in (("total_revenue", "totalRevenue", sheet.total_revenue),
                               ("total_gross_profit", "totalGrossProfit", sheet.gross_profit),
                               ("gross_profit_margin", "grossProfitMargin", sheet.gross_profit_margin)):
        old = getattr(lead, attr)
        if old != value:
            lead_history.record(session, lead, actor, field, old, value)
            setattr(lead, attr, value)


def request_pcs(*, session: Session, temporal: Client, settings: Settings, actor: User, lead: Lead,
                sheet: ProjectCostSheet) -> ApprovalRequest:
    """Submit a cost sheet: a PCS request on the sales person's PCS pipeline and its workflow. The lead's own
    status is left alone (a cost sheet approval runs beside the lead's requests); the sheet waits."""
    version = find_version(session, action_type=REQUEST_TYPE, sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(approvals.NO_PIPELINE)
    row = approvals.new_request(session, actor=actor, lead_id=lead.id, from_stage_id=lead.stage_id,
                                request_type=REQUEST_TYPE, version=version, task_queue=settings.temporal_task_queue,
                                notes=sheet.remark or None)
    session.flush()
    sheet.approval_request_id, sheet.requested_at, sheet.status = row.id, datetime.now(UTC), "WAITING_FOR_APPROVAL"
    args = approvals.start_args(session, row, version)
    session.commit()
    approvals.start_now(session, temporal, settings, row, args)
    return row


def route_preview(*, session: Session, actor: User, data: SheetRouteIn) -> RoutePreviewOut:
    """The route the cost sheet's submit would take now, on the sheet's figures as the form holds them."""
    lead = lead_visibility.visible_or_404(session, actor, data.lead_id)
    version = find_version(session, action_type=REQUEST_TYPE, sales_person_id=lead.sales_person_id)
    if version is None:
        raise Conflict(approvals.NO_PIPELINE)

    def as_sent(found: Facts) -> Facts:
        return replace(found, sheet_total=found.sheet_total if data.total_revenue is None else data.total_revenue,
                       gp=found.gp if data.gross_profit is None else data.gross_profit,
                       gp_margin=found.gp_margin if data.gross_profit_margin is None else data.gross_profit_margin)

    return routes.version_preview(session, query=outcomes.RouteQuery(REQUEST_TYPE, lead.id), version=version,
                                  adjust=as_sent)


def queue_labels(session: Session, request_ids: list[int]) -> dict[int, str]:
    """What the approver queue shows for these PCS requests in place of a stage change."""
    revisions = repo.revisions_of_requests(session, request_ids)
    return {i: queue_label(revisions.get(i)) for i in request_ids}


def facts(session: Session, query: outcomes.RouteQuery) -> Facts:
    """The lead's facts with its cost sheet's own figures: the sheet's total revenue, GP and margin (a PCS request
    is for the sheet as it was submitted)."""
    found = lead_facts.facts(session, query)
    sheet = repo.sheet_of_lead(session, query.lead_id)
    if sheet is not None:
        found = replace(found, gp=float(sheet.gross_profit), gp_margin=float(sheet.gross_profit_margin),
                        sheet_total=float(sheet.total_revenue))
    return found


def register() -> None:
    """Register the cost sheet's request type with the approval engine (api.domains.register)."""
    outcomes.register(REQUEST_TYPE, outcomes.Outcome(label=LABEL, subject=subject, finish=finish,
                                                     readable=lead_outcomes.readable, facts=facts,
                                                     skipped=lead_facts.record_skipped, queue_labels=queue_labels,
                                                     starts_pid=True))


# -- the flow (timeline) of a revision ---------------------------------------------------------------------------

def draft_layers(session: Session, version: ApprovalPipelineVersion | None) -> list[FlowLayer]:
    """The layers a draft would go through, all PENDING."""
    if version is None:
        return []
    return [FlowLayer(layer_name=layer.name, approval_type=MODE_LABELS.get(layer.mode, layer.mode), seq_no=i + 1,
                      layer_status="PENDING", label=timelines.layer_label(i + 1),
                      approvers=[FlowApprover(username=a.name, approved_at=None, action_type=None)
                                 for a in layer.approvers], conditions=[describe(c) for c in layer.conditions])
            for i, layer in enumerate(pipelines.layers_of(session, version))]


def request_layers(session: Session, request: ApprovalRequest, sheet_status: str) -> list[FlowLayer]:
    """The layers of a request as its decisions left them (the approval engine's one timeline); an APPROVED sheet
    shows every layer approved."""
    if session.get(ApprovalPipelineVersion, request.pipeline_version_id) is None:
        return []
    approved = sheet_status == "APPROVED" or request.status == "APPROVED"
    recorded = timelines.recorded(session, request, status="APPROVED" if approved else None)
    return [FlowLayer(layer_name=layer.name, approval_type=MODE_LABELS.get(layer.mode, layer.mode),
                      seq_no=layer.seq_no, layer_status=layer.status, label=timelines.layer_label(layer.seq_no),
                      approvers=[FlowApprover(username=a.name, approved_at=a.decided_at, action_type=a.action)
                                 for a in layer.approvers] if layer.skipped is None else [],
                      skipped=layer.skipped, conditions=layer.conditions)
            for layer in recorded.layers]
