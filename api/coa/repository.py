"""Chart of accounts queries: only active entries; lower-cased search over code, name, description, keywords."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from api.coa.models import ChartOfAccount
from api.core.listing import ListParams, apply_criteria, apply_sort, like

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


def _search(stmt: Any, search: str | None) -> Any:
    if not search:
        return stmt
    term = like(search.lower())
    return stmt.where(or_(func.lower(ChartOfAccount.code).like(term), func.lower(ChartOfAccount.name).like(term),
                          func.lower(ChartOfAccount.description).like(term),
                          func.lower(ChartOfAccount.keywords).like(term)))


def page(session: Session, params: ListParams) -> tuple[list[ChartOfAccount], int]:
    stmt = apply_criteria(_search(_active(), params.search), params.criteria, CRITERIA_FIELDS)
    total = session.scalar(select(func.count()).select_from(stmt.order_by(None).subquery())) or 0
    stmt = apply_sort(stmt, params.sort, params.desc, SORT_FIELDS, default=ChartOfAccount.code,
                      tiebreak=ChartOfAccount.id)
    return list(session.scalars(stmt.offset(params.offset).limit(params.limit))), int(total)


def all_active(session: Session, *, type_: str | None, search: str | None) -> list[ChartOfAccount]:
    stmt = _search(_active(), search)
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
