"""The cost sheet form as the screen reads it: the lead, the current revision with its items, billing and
monthly summary, the frozen revisions, the lock, the PIDs and what the caller may see of the commission."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.orm import Session

from api.leads import detail as lead_detail
from api.leads import visibility as lead_visibility
from api.leads.models import Lead
from api.pcs import billing
from api.pcs import repository as repo
from api.pcs.billing import BillingRow, ItemRow
from api.pcs.models import ProjectCostSheet, ProjectCostSheetFile
from api.pcs.schemas import (
    BillingOut,
    CoaRef,
    ItemMonthsOut,
    ItemOut,
    MonthAmountOut,
    PcsFileOut,
    PcsForm,
    PcsHistoryOut,
    PcsLead,
    PcsOut,
    PcsServiceCategory,
    PcsSheets,
    PidFileOut,
    PidOut,
    RevisionOut,
    SummaryOut,
)
from api.users.models import User

DRAFT, WAITING, APPROVED, REJECTED = "SAVED_AS_DRAFT", "WAITING_FOR_APPROVAL", "APPROVED", "REJECTED"
NOT_SALES_PERSON = "Only the lead's sales person can edit the project cost sheet."
IS_WAITING = "The project cost sheet is waiting for approval and cannot be changed."
IS_APPROVED = "The project cost sheet is approved and cannot be changed."
COMMISSION_ROLE = "PCS_COMMISSION_ROLE"
COMMISSION_PERCENT = "PCS_COMMISSION_PERCENT"


def can_see_commission(session: Session, actor: User) -> bool:
    return actor.role.name in repo.parameter_values(session, COMMISSION_ROLE)


def commission_percent(session: Session) -> Decimal:
    values = repo.parameter_values(session, COMMISSION_PERCENT)
    try:
        return Decimal(values[0]) if values else billing.COMMISSION_PERCENT
    except ArithmeticError:
        return billing.COMMISSION_PERCENT


def _money(value: Decimal | None) -> float:
    return float(value or 0)


def _file_out(row: ProjectCostSheetFile | None) -> PcsFileOut | None:
    if row is None:
        return None
    return PcsFileOut(id=row.id, filename=row.filename, display_name=row.display_name,
                      original_filename=row.original_filename, size=row.size,
                      url=f"/api/leads/download/{row.filename}")


def _summary_out(summary: billing.Summary) -> SummaryOut:
    def months(values: list[billing.MonthAmount]) -> list[MonthAmountOut]:
        return [MonthAmountOut(date=m.date, total_amount=float(m.total_amount)) for m in values]

    return SummaryOut(months=summary.months, revenue_totals=months(summary.revenue_totals),
                      cost_totals=months(summary.cost_totals), gp_totals=months(summary.gp_totals),
                      gp_margin_totals=months(summary.gp_margin_totals),
                      items=[ItemMonthsOut(item_id=i.item_id, type=i.type, coa_name=i.coa_name,
                                           description=i.description, totals=months(i.totals))
                             for i in summary.items])


def pcs_out(session: Session, sheet: ProjectCostSheet, *, commission: bool) -> PcsOut:
    """The sheet as the form shows it; the monthly summary comes from its billing rows."""
    pairs = repo.items_of(session, sheet.id)
    rows = repo.billings_of(session, [item.id for item, _ in pairs])
    items, summary_rows = [], []
    for item, coa in pairs:
        billings = rows.get(item.id, [])
        items.append(ItemOut(
            id=item.id, coa_id=coa.id, coa_code=coa.code, coa_name=coa.name,
            chart_of_account=CoaRef(code=coa.code, name=coa.name), type=item.type, description=item.description,
            quantity=item.quantity, term_of_payment=item.term_of_payment, selling_price=_money(item.selling_price),
            total_selling_price=_money(item.total_selling_price),
            grand_total=float(billing.grand_total(item.total_selling_price, item.term_of_payment)),
            created_at=item.created_at,
            billing_schedules=[BillingOut(id=b.id, description=b.description, amount=_money(b.amount),
                                          payment_status=b.payment_status, schedule=b.schedule) for b in billings]))
        summary_rows.append(ItemRow(
            type=item.type, coa_name=coa.name, description=item.description, quantity=Decimal(item.quantity),
            term_of_payment=Decimal(item.term_of_payment), selling_price=item.selling_price, item_id=item.id,
            billings=[BillingRow(b.description, b.amount, b.payment_status, b.schedule) for b in billings]))
    return PcsOut(
        id=sheet.id, leads_id=sheet.lead_id, pcs_version=sheet.pcs_version, revision_batch=sheet.revision_batch,
        remark=sheet.remark, status=sheet.status, requested_at=sheet.requested_at, saved_at=sheet.updated_at,
        approval_id=sheet.approval_request_id,
        pcs_file=_file_out(repo.current_file(session, sheet.id, sheet.revision_batch)),
        total_revenue=_money(sheet.total_revenue), total_cost=_money(sheet.total_cost),
        gross_profit=_money(sheet.gross_profit), gross_profit_margin=_money(sheet.gross_profit_margin),
        commission_allocation=_money(sheet.commission_allocation) if commission else None,
        gp_after_commission=_money(sheet.gp_after_commission) if commission else None,
        gp_margin_after_commission=_money(sheet.gp_margin_after_commission) if commission else None,
        project_cost_sheet_items=items, lead_billing_schedule=_summary_out(billing.monthly_summary(summary_rows)))


def _hide_commission(sheet: PcsOut) -> PcsOut:
    return sheet.model_copy(update={"commission_allocation": None, "gp_after_commission": None,
                                    "gp_margin_after_commission": None})


def lock_reason(lead: Lead, sheet: ProjectCostSheet | None, actor: User) -> str | None:
    """Why the caller may not edit the current revision (spec 3 §4), or None."""
    if lead.sales_person_id != actor.id:
        return NOT_SALES_PERSON
    if sheet is not None and sheet.status == WAITING:
        return IS_WAITING
    if sheet is not None and sheet.status == APPROVED:
        return IS_APPROVED
    return None


def service_categories(session: Session, lead_id: int) -> tuple[list[PcsServiceCategory], bool]:
    rows = repo.service_categories(session, lead_id)
    out = [PcsServiceCategory(service_category_id=r.service_category_id, service_category_name=r.service_category_name,
                              sub_service_category_id=r.sub_service_category_id,
                              sub_service_category_name=r.sub_service_category_name,
                              has_sub_categories=bool(r.has_sub_categories)) for r in rows]
    required = any(c.has_sub_categories and c.sub_service_category_id is None for c in out)
    return out, required


def _pids(session: Session, lead_id: int) -> list[PidOut]:
    result = []
    for pid in repo.pids(session, lead_id):
        pdf = pid.pdf_file
        result.append(PidOut(pid_number=pid.pid_number, created_at=pid.created_at,
                             pdf_file=PidFileOut(name=pdf["name"], size=pdf["size"],
                                                 url=f"/api/leads/download/{pdf['key']}") if pdf else None))
    return result


def build(session: Session, actor: User, lead: Lead) -> PcsForm:
    """The form of a lead the caller may see (also the answer of a save)."""
    sheet = repo.sheet_of_lead(session, lead.id)
    commission = can_see_commission(session, actor)
    categories, sub_required = service_categories(session, lead.id)
    current, histories, revisions = None, [], []
    if sheet is not None:
        current = pcs_out(session, sheet, commission=commission)
        if sheet.status == REJECTED:
            current = current.model_copy(update={"remark": ""})  # re-entered for the next revision
        revisions.append(RevisionOut(revision_batch=sheet.revision_batch,
                                     label=f"Revision {sheet.revision_batch} (Current)", is_current=True,
                                     status=sheet.status))
        for h in repo.histories(session, sheet.id):
            frozen = PcsOut.model_validate(h.snapshot)
            histories.append(PcsHistoryOut(revision_batch=h.revision_batch, status=h.status, remark=h.remark,
                                           created_at=h.created_at,
                                           project_cost_sheet=frozen if commission else _hide_commission(frozen)))
            revisions.append(RevisionOut(revision_batch=h.revision_batch,
                                         label=f"Revision {h.revision_batch} - {h.remark or ''}".rstrip(" -"),
                                         is_current=False, status=h.status))
    reason = lock_reason(lead, sheet, actor)
    return PcsForm(lead=PcsLead.model_validate(lead_detail.lead_out(session, lead).model_dump()),
                   service_categories=categories, sub_service_required=sub_required,
                   project_cost_sheets=PcsSheets(project_cost_sheet=current, project_cost_sheet_histories=histories),
                   revisions=revisions, project_id_numbers=_pids(session, lead.id), editable=reason is None,
                   lock_reason=reason, can_see_commission=commission,
                   commission_percent=float(commission_percent(session)) if commission else None)


def get_form(*, session: Session, actor: User, lead_id: int) -> PcsForm:
    """The cost sheet form of a visible lead: current revision, frozen revisions, lock and PIDs."""
    return build(session, actor, lead_visibility.readable_or_404(session, actor, lead_id))
