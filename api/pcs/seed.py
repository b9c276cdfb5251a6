"""Demo cost sheets (only while there are none): a draft on one of sales1's open leads and an approved sheet,
decided by the PCS pipeline's approvers, on a closed lead that already has its PID."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDecision, ApprovalRequest
from api.approvals.pipelines import find_version
from api.coa.models import ChartOfAccount
from api.core.config import get_settings
from api.core.storage import open_storage
from api.leads import files as lead_files
from api.leads.models import Lead, LeadHistory, LeadProjectId, Stage
from api.pcs import billing
from api.pcs.models import ProjectCostSheet, ProjectCostSheetBilling, ProjectCostSheetFile, ProjectCostSheetItem
from api.users.models import User

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DemoItem:
    coa_code: str
    description: str
    price: int
    quantity: int
    term: int


DRAFT_ITEMS = [
    DemoItem("4-1001", "Managed SOC service, 12 months", 45_000_000, 1, 12),
    DemoItem("4-1008", "Onboarding and SIEM tuning", 60_000_000, 1, 1),
    DemoItem("5-1005", "Tier-1 analyst subcontract", 18_000_000, 1, 12),
    DemoItem("5-1014", "SIEM licence", 9_500_000, 1, 12),
]
APPROVED_ITEMS = [
    DemoItem("4-1004", "Branch routers with 3-year warranty", 9_750_000, 12, 1),
    DemoItem("4-1008", "Installation and configuration", 42_000_000, 1, 1),
    DemoItem("5-1001", "Router purchase", 7_200_000, 12, 1),
    DemoItem("5-1005", "Field engineers for 12 sites", 2_500_000, 12, 1),
]


def _rows(items: list[DemoItem], coas: dict[str, ChartOfAccount], start: date) -> list[billing.ItemRow]:
    rows = []
    for demo in items:
        coa = coas[demo.coa_code]
        selling = billing.total_selling_price(Decimal(demo.price), demo.quantity)
        rows.append(billing.ItemRow(type=coa.type, coa_name=coa.name, description=demo.description,
                                    quantity=Decimal(demo.quantity), term_of_payment=Decimal(demo.term),
                                    selling_price=Decimal(demo.price),
                                    billings=billing.generate_billing(selling, demo.term, start)))
    return rows


def _sheet(session: Session, lead: Lead, owner: User, items: list[DemoItem], coas: dict[str, ChartOfAccount],
           *, status: str, remark: str, start: date) -> ProjectCostSheet:
    rows = _rows(items, coas, start)
    totals = billing.sheet_totals(rows)
    sheet = ProjectCostSheet(lead_id=lead.id, revision_batch=0, pcs_version=1, remark=remark, status=status,
                             total_revenue=totals.total_revenue, total_cost=totals.total_cost,
                             gross_profit=totals.gross_profit, gross_profit_margin=totals.gross_profit_margin,
                             commission_allocation=totals.commission_allocation,
                             gp_after_commission=totals.gp_after_commission,
                             gp_margin_after_commission=totals.gp_margin_after_commission,
                             created_by=owner.id, updated_by=owner.id)
    session.add(sheet)
    session.flush()
    for position, (demo, row) in enumerate(zip(items, rows, strict=True)):
        item = ProjectCostSheetItem(pcs_id=sheet.id, coa_id=coas[demo.coa_code].id, type=row.type,
                                    description=demo.description, quantity=demo.quantity, term_of_payment=demo.term,
                                    selling_price=Decimal(demo.price),
                                    total_selling_price=billing.item_totals(row)[0], position=position)
        session.add(item)
        session.flush()
        session.add_all([ProjectCostSheetBilling(item_id=item.id, description=b.description or "",
                                                 amount=b.amount, payment_status=b.payment_status or "NOT_YET",
                                                 schedule=b.schedule, position=i)
                         for i, b in enumerate(row.billings)])
    _attach_spreadsheet(session, lead, sheet, rows)
    return sheet


def _attach_spreadsheet(session: Session, lead: Lead, sheet: ProjectCostSheet, rows: list[billing.ItemRow]) -> None:
    """A small CSV of the items stands in for the uploaded costing workbook."""
    lines = ["type;item;description;unit price;qty;term"] + [
        f"{r.type};{r.coa_name};{r.description};{r.selling_price};{r.quantity};{r.term_of_payment}" for r in rows]
    data = ("\n".join(lines) + "\n").encode()
    key = f"pcs-{lead.id}-r0-demo.csv"
    open_storage(get_settings()).save(lead_files.namespace(lead.id), key, data)
    session.add(ProjectCostSheetFile(lead_id=lead.id, pcs_id=sheet.id, revision_batch=0,
                                     file_path=f"{lead_files.namespace(lead.id)}/{key}", filename=key,
                                     display_name="Costing workbook.csv", original_filename="Costing workbook.csv",
                                     size=len(data)))


def _approve(session: Session, lead: Lead, owner: User, sheet: ProjectCostSheet) -> None:
    version = find_version(session, action_type="PCS", sales_person_id=lead.sales_person_id)
    if version is None:
        return
    requested = datetime.now(UTC) - timedelta(days=20)
    request = ApprovalRequest(workflow_id=f"seed-pcs-lead-{lead.id}", request_type="PCS", lead_id=lead.id,
                              requested_by=owner.id, from_stage_id=lead.stage_id, notes=sheet.remark,
                              pipeline_version_id=version.id, status="APPROVED", current_layer=len(version.layers) - 1,
                              requested_at=requested, decided_at=requested + timedelta(days=len(version.layers)))
    session.add(request)
    session.flush()
    for index, layer in enumerate(version.layers):
        session.add(ApprovalDecision(request_id=request.id, layer_index=index, approver_id=layer["approvers"][0],
                                     action="APPROVED", note="Checked against the costing workbook.",
                                     decided_at=requested + timedelta(days=index + 1)))
    sheet.approval_request_id, sheet.requested_at = request.id, requested
    for attr, field, value in (("total_revenue", "totalRevenue", sheet.total_revenue),
                               ("total_gross_profit", "totalGrossProfit", sheet.gross_profit),
                               ("gross_profit_margin", "grossProfitMargin", sheet.gross_profit_margin)):
        session.add(LeadHistory(lead_id=lead.id, changed_by=owner.id, field=field,
                                old_value=f"{getattr(lead, attr):.2f}", new_value=f"{value:.2f}"))
        setattr(lead, attr, value)


def seed_demo_cost_sheets(session: Session) -> None:
    if session.scalar(select(ProjectCostSheet.id).limit(1)) is not None:
        return
    coas = {c.code: c for c in session.scalars(select(ChartOfAccount).where(ChartOfAccount.is_active.is_(True)))}
    owner = session.scalars(select(User).where(User.username == "sales1")).first()
    if owner is None or any(d.coa_code not in coas for d in DRAFT_ITEMS + APPROVED_ITEMS):
        log.info("demo cost sheets skipped: sales1 or the default chart of accounts is missing")
        return
    open_lead = session.scalars(
        select(Lead).join(Stage, Stage.id == Lead.stage_id)
        .where(Lead.sales_person_id == owner.id, Lead.status == "NEW", Stage.stage_name.in_(["E4", "E5"]))
        .order_by(Lead.id)).first()
    closed_lead = session.scalars(
        select(Lead).where(Lead.sales_person_id == owner.id, Lead.status == "CLOSED",
                           Lead.id.in_(select(LeadProjectId.lead_id)))
        .order_by(Lead.id)).first()
    today = date.today()
    if open_lead is not None:
        _sheet(session, open_lead, owner, DRAFT_ITEMS, coas, status="SAVED_AS_DRAFT",
               remark="First costing for the client's budget review", start=date(today.year, today.month, 1))
    if closed_lead is not None:
        sheet = _sheet(session, closed_lead, owner, APPROVED_ITEMS, coas, status="APPROVED",
                       remark="Final costing after negotiation", start=date(today.year, today.month, 15))
        _approve(session, closed_lead, owner, sheet)
    session.flush()
