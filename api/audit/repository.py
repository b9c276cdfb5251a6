"""Audit queries."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.core.listing import Listing, ListParams, paged
from api.users.models import User

SORT_FIELDS: dict[str, Any] = {"at": AuditEntry.at, "subject": AuditEntry.subject, "action": AuditEntry.action,
                               "subjectLabel": func.lower(AuditEntry.subject_label)}
CRITERIA_FIELDS: dict[str, Any] = {"subject": AuditEntry.subject, "action": AuditEntry.action,
                                   "actorId": AuditEntry.actor_id, "subjectId": AuditEntry.subject_id}
LISTING = Listing(sort=SORT_FIELDS, criteria=CRITERIA_FIELDS, default=AuditEntry.at, tiebreak=AuditEntry.id.desc(),
                  default_desc=True, search=(AuditEntry.subject_label,))


def page(session: Session, params: ListParams) -> tuple[list[tuple[AuditEntry, str | None]], int]:
    stmt = select(AuditEntry, User.fullname).outerjoin(User, User.id == AuditEntry.actor_id)
    rows, total = paged(session, stmt, params, LISTING, entities=False)
    return [(entry, name) for entry, name in rows], int(total)
