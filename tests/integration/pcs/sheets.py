"""Cost sheets written straight to the tables (the cost sheet service has its own tests): a lead with an entity
and service categories, revenue and cost items on their own chart-of-accounts entries, and an approval request
whose three layers were decided by named approvers."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDecision, ApprovalPipeline, ApprovalPipelineVersion, ApprovalRequest
from api.clients.models import Client
from api.coa.models import ChartOfAccount
from api.leads.models import Lead, LeadServiceCategory, Stage
from api.master_data.models import Entity, ServiceCategory
from api.notifications.models import Notification
from api.pcs.models import ProjectCostSheet, ProjectCostSheetItem
from api.users.models import User

APPROVERS = ("approver1", "approver2", "tl1")  # Hendra Gunawan, Maya Kusuma, Budi Santoso
LAYER_NAMES = ("Team Check", "Finance Review", "Director Sign-off")
ENTITY = "PT Nusantara Data Center"  # PID prefix NDC


@dataclass
class Sheet:
    lead: Lead
    sheet: ProjectCostSheet
    client_name: str
    request: ApprovalRequest | None
    coa_ids: list[int] = field(default_factory=list)
    pipeline_id: int | None = None


# (type, coa name, description, unit price, qty, term)
ITEMS = [
    ("REVENUE", "Managed Network Fee", "Monthly managed WAN for 12 branches", 12_500_000, 1, 12),
    ("REVENUE", "Router Supply", "Branch routers with 3-year warranty", 9_750_000, 12, 1),
    ("COST", "Field Engineer Subcontract", "Installation crew for 12 sites", 3_500_000, 12, 1),
    ("COST", "Upstream Bandwidth", "Monthly upstream capacity", 4_250_000, 1, 12),
]


def make_sheet(session: Session, *, project: str | None = None, sales: str = "sales1", status: str = "APPROVED",
               decided_layers: int = 3, entity: str | None = ENTITY) -> Sheet:
    """A lead with a sheet of the given status; APPROVED, WAITING_FOR_APPROVAL and REJECTED ones carry an
    approval request with `decided_layers` decisions (the last one REJECTED for a rejected sheet)."""
    users = {u.username: u for u in session.scalars(select(User))}
    client = session.scalars(select(Client).order_by(Client.id).limit(1)).one()
    stage = session.scalars(select(Stage).where(Stage.stage_name == "E5")).one()
    entity_row = session.scalars(select(Entity).where(Entity.entity_name == entity)).one() if entity else None
    lead = Lead(project_name=project or f"Branch WAN Rollout {uuid.uuid4().hex[:6]}", client_id=client.id,
                sales_person_id=users[sales].id, stage_id=stage.id, status="NEW",
                entity_id=entity_row.id if entity_row else None)
    session.add(lead)
    session.flush()
    for category in session.scalars(select(ServiceCategory).order_by(ServiceCategory.id).limit(2)):
        session.add(LeadServiceCategory(lead_id=lead.id, service_category_id=category.id))

    tag = uuid.uuid4().hex[:6].upper()
    coa_ids = []
    revenue = cost = Decimal(0)
    sheet = ProjectCostSheet(lead_id=lead.id, remark="Initial pricing", status=status, created_by=users[sales].id)
    session.add(sheet)
    session.flush()
    for position, (kind, name, description, price, qty, term) in enumerate(ITEMS):
        coa = ChartOfAccount(code=f"{'4' if kind == 'REVENUE' else '5'}-{tag}-{position}", name=name,
                             description=name, keywords=name.lower(), type=kind)
        session.add(coa)
        session.flush()
        coa_ids.append(coa.id)
        total = Decimal(price) * qty
        session.add(ProjectCostSheetItem(pcs_id=sheet.id, coa_id=coa.id, type=kind, description=description,
                                         quantity=qty, term_of_payment=term, selling_price=Decimal(price),
                                         total_selling_price=total, position=position))
        if kind == "REVENUE":
            revenue += total * term
        else:
            cost += total * term
    sheet.total_revenue, sheet.total_cost, sheet.gross_profit = revenue, cost, revenue - cost
    sheet.gross_profit_margin = ((revenue - cost) / revenue * 100).quantize(Decimal("0.01"))

    request = None
    pipeline_id = None
    if status != "SAVED_AS_DRAFT":
        # inactive and without sales people: no real request ever picks this pipeline
        pipeline = ApprovalPipeline(name=f"PDF test {tag}", action_type="PCS", is_active=False)
        session.add(pipeline)
        session.flush()
        pipeline_id = pipeline.id
        version = ApprovalPipelineVersion(
            pipeline_id=pipeline.id, version=1, sales_person_ids=[],
            layers=[{"name": n, "mode": "ANY_USER", "minApprovals": 1, "approvers": [users[a].id]}
                    for n, a in zip(LAYER_NAMES, APPROVERS, strict=True)])
        session.add(version)
        session.flush()
        request_status = {"APPROVED": "APPROVED", "REJECTED": "REJECTED"}.get(status, "PENDING")
        request = ApprovalRequest(workflow_id=f"approval-pdf-test-{uuid.uuid4().hex}", request_type="PCS",
                                  lead_id=lead.id, requested_by=users[sales].id, pipeline_version_id=version.id,
                                  status=request_status)
        session.add(request)
        session.flush()
        start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
        for index in range(decided_layers):
            action = "REJECTED" if status == "REJECTED" and index == decided_layers - 1 else "APPROVED"
            session.add(ApprovalDecision(request_id=request.id, layer_index=index,
                                         approver_id=users[APPROVERS[index]].id, action=action,
                                         note="Rejected: margin too thin" if action == "REJECTED" else None,
                                         decided_at=start + timedelta(days=index)))
        sheet.approval_request_id = request.id
        sheet.requested_at = start
    session.flush()
    return Sheet(lead=lead, sheet=sheet, client_name=client.client_name, request=request, coa_ids=coa_ids,
                 pipeline_id=pipeline_id)


def remove(session: Session, made: Sheet) -> None:
    """Undo a committed make_sheet (the lead's rows go with it by cascade)."""
    session.rollback()
    links = [Notification.link == f"/leads/{made.lead.id}", Notification.link.like(f"/leads/{made.lead.id}/%")]
    if made.request is not None:
        links.append(Notification.link == f"/system/approval?request={made.request.id}")
    session.execute(delete(Notification).where(or_(*links)))
    session.execute(delete(Lead).where(Lead.id == made.lead.id))
    session.execute(delete(ChartOfAccount).where(ChartOfAccount.id.in_(made.coa_ids)))
    if made.pipeline_id:
        session.execute(delete(ApprovalPipeline).where(ApprovalPipeline.id == made.pipeline_id))
    session.commit()
