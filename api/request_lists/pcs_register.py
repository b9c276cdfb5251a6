"""The cost sheet request register (system/pcs-approval): every PCS approval request the caller may see (the lead
register's query and rules, api.request_lists.register), one with its revision's summary and timeline, and the
withdrawal of a pending one (the sheet goes back to draft). The preview's PDF is the lead's cost sheet PDF
(`GET /leads/{leadId}/pcs-pdf?revisionBatch=`)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.temporal import Client
from api.pcs import repository as repo
from api.pcs.schemas import PcsRegisterDetail, RegisterSheet
from api.request_lists import register
from api.users.models import User


def sheet_of(session: Session, request_id: int) -> RegisterSheet | None:
    """The revision's summary: the current sheet when the request is its own, else its frozen snapshot."""
    sheet = repo.sheet_of_request(session, request_id)
    if sheet is not None:
        return RegisterSheet(revision_batch=sheet.revision_batch, status=sheet.status, remark=sheet.remark,
                             total_revenue=float(sheet.total_revenue), total_cost=float(sheet.total_cost),
                             gross_profit=float(sheet.gross_profit),
                             gross_profit_margin=float(sheet.gross_profit_margin),
                             items=repo.item_count(session, sheet.id))
    frozen = repo.frozen_of_request(session, request_id)
    if frozen is None:
        return None
    snap = frozen.snapshot or {}
    return RegisterSheet(revision_batch=frozen.revision_batch, status=frozen.status, remark=frozen.remark,
                         total_revenue=float(snap.get("totalRevenue") or 0),
                         total_cost=float(snap.get("totalCost") or 0),
                         gross_profit=float(snap.get("grossProfit") or 0),
                         gross_profit_margin=float(snap.get("grossProfitMargin") or 0),
                         items=len(snap.get("projectCostSheetItems") or []))


def detail(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int,
           may_withdraw: bool, policy: PolicyStore | None = None) -> PcsRegisterDetail:
    found = register.detail(session=session, temporal=temporal, settings=settings, actor=actor,
                            approval_id=approval_id, pcs=True, may_withdraw=may_withdraw,
                            revisions=repo.revisions_of_requests, policy=policy)
    return PcsRegisterDetail(**found.model_dump(), sheet=sheet_of(session, approval_id))
