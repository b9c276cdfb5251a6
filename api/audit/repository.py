"""Audit queries."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.core.listing import ListParams, apply_criteria, apply_sort, like
from api.users.models import User

SORT_FIELDS: dict[str, Any] = {"at": AuditEntry.at, "subject": AuditEntry.subject, "action": AuditEntry.action,
                               "subjectLabel": func.lower(AuditEntry.subject_label)}
CRITERIA_FIELDS: dict[str, Any] = {"subject": AuditEntry.subject, "action": AuditEntry.action,
                                   "actorId": AuditEntry.actor_id, "subjectId": AuditEntry.subject_id}


def page(session: Session, params: ListParams) -> tuple[list[tuple[AuditEntry, str | None]], int]:
    stmt = select(AuditEntry, User.fullname).outerjoin(User, User.id == AuditEntry.actor_id)
    if params.search:
        stmt = stmt.where(func.lower(AuditEntry.subject_label).like(like(params.search.lower())))
    stmt = apply_criteria(stmt, params.criteria, CRITERIA_FIELDS)
    total = session.scalar(select(func.count()).select_from(stmt.order_by(None).subquery())) or 0
    stmt = apply_sort(stmt, params.sort, params.desc, SORT_FIELDS, default=AuditEntry.at,
                      tiebreak=AuditEntry.id.desc(), default_desc=True)
    rows = session.execute(stmt.offset(params.offset).limit(params.limit))
    return [(entry, name) for entry, name in rows], int(total)
