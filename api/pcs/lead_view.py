"""The cost sheet as its lead shows it (the board card's status, the detail's summary), registered with leads."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.leads import sheets
from api.leads.models import Lead
from api.leads.schemas import SheetBrief, SheetItemBrief
from api.pcs import repository as pcs_repo
from api.pcs.models import ProjectCostSheet


# unscoped: correlated with the lead row of a scoped query
def status() -> Any:
    """The status of the lead's sheet (one per lead), correlated with the lead in the card query."""
    return (select(ProjectCostSheet.status).where(ProjectCostSheet.lead_id == Lead.id)
            .scalar_subquery().label("pcs_status"))


def summary(session: Session, lead_id: int) -> SheetBrief | None:
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


def register() -> None:
    """Give leads the cost sheet's view of a lead (api.domains.register)."""
    sheets.register(sheets.SheetView(status=status, summary=summary))
