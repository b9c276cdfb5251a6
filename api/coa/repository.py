"""Chart of accounts queries: only active entries; search in any case over code, name, description, keywords."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.coa.models import ChartOfAccount
from api.core.listing import Listing, ListParams, paged, searched

SORT_FIELDS = {
    "code": ChartOfAccount.code,
    "name": func.lower(ChartOfAccount.name),
    "description": func.lower(ChartOfAccount.description),
    "keywords": func.lower(ChartOfAccount.keywords),
    "type": ChartOfAccount.type,
}
CRITERIA_FIELDS = {"type": ChartOfAccount.type}


def _active() -> Any:
    return select(ChartOfAccount).where(ChartOfAccount.is_active.is_(True))


LISTING = Listing(sort=SORT_FIELDS, criteria=CRITERIA_FIELDS, default=ChartOfAccount.code, tiebreak=ChartOfAccount.id,
                  search=(ChartOfAccount.code, ChartOfAccount.name, ChartOfAccount.description,
                          ChartOfAccount.keywords))


def page(session: Session, params: ListParams) -> tuple[list[ChartOfAccount], int]:
    return paged(session, _active(), params, LISTING)


def all_active(session: Session, *, type_: str | None, search: str | None) -> list[ChartOfAccount]:
    stmt = searched(_active(), search, LISTING.search)
    if type_:
        stmt = stmt.where(ChartOfAccount.type == type_)
    return list(session.scalars(stmt.order_by(ChartOfAccount.code, ChartOfAccount.id)))


def get_active(session: Session, coa_id: int) -> ChartOfAccount | None:
    return session.scalars(_active().where(ChartOfAccount.id == coa_id)).first()


def code_taken(session: Session, code: str, exclude_id: int | None) -> ChartOfAccount | None:
    """An active entry with this code (compared without case)."""
    stmt = _active().where(func.lower(ChartOfAccount.code) == code.lower())
    if exclude_id is not None:
        stmt = stmt.where(ChartOfAccount.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()
