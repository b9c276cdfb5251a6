"""A lead's detail: its fields and lists (api.leads.detail) with its cost sheet's summary."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.lead_views.schemas import LeadDetail, LeadSheets, SheetBrief, SheetItemBrief
from api.leads import detail as lead_detail
from api.leads import repository as leads_repo
from api.leads.models import Lead
from api.leads.visibility import readable_or_404
from api.pcs import repository as pcs_repo
from api.users.models import User


def sheet_summary(session: Session, lead_id: int) -> SheetBrief | None:
    """The lead's current cost sheet as its detail shows it (the full sheet: GET /leads/{id}/form/v2)."""
    sheet = pcs_repo.sheet_of_lead(session, lead_id)
    if sheet is None:
        return None
    items = [SheetItemBrief(type=item.type, coa_code=coa.code, coa_name=coa.name, description=item.description,
                            grand_total=float(item.total_selling_price * item.term_of_payment))
             for item, coa in pcs_repo.items_of(session, sheet.id)]
    return SheetBrief(id=sheet.id, status=sheet.status, revision_batch=sheet.revision_batch,
                      remark="" if sheet.status == "REJECTED" else sheet.remark,
                      total_revenue=float(sheet.total_revenue), gross_profit=float(sheet.gross_profit),
                      gross_profit_margin=float(sheet.gross_profit_margin), requested_at=sheet.requested_at,
                      project_cost_sheet_items=items)


def detail(session: Session, lead: Lead) -> LeadDetail:
    pids = leads_repo.pids_of(session, lead.id)
    return LeadDetail(**lead_detail.lead_out(session, lead).model_dump(),
                      project_cost_sheets=LeadSheets(project_cost_sheet=sheet_summary(session, lead.id)),
                      person_in_charges=lead_detail.pics(session, lead.id),
                      service_categories=lead_detail.categories(session, lead.id),
                      payments=lead_detail.payments(session, lead.id),
                      billing_schedules=lead_detail.billing(session, lead.id),
                      project_id_numbers=pids, pid_number=pids)


def get_detail(*, session: Session, actor: User, lead_id: int) -> LeadDetail:
    return detail(session, readable_or_404(session, actor, lead_id))
