"""Recording administration changes (one owner: every administration service calls `record` in the transaction
of its change, so an entry exists exactly when the change does) and reading them back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.orm import Session

from api.audit import repository
from api.audit.models import Action, AuditEntry, Subject
from api.audit.schemas import AuditChange, AuditRow
from api.core.listing import ListParams, Page
from api.users.models import User


def diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The fields whose value differs, old → new, in the order of `after`, then those only `before` has (a removal:
    new is None)."""
    fields = [*after, *(field for field in before if field not in after)]
    return [{"field": field, "old": before.get(field), "new": after.get(field)}
            for field in fields if before.get(field) != after.get(field)]


def user_label(user: User) -> str:
    """How an entry names a user it is about: "Sari Dewi (sales1)"."""
    return f"{user.fullname} ({user.username})"


def record(session: Session, *, actor_id: int | None, subject: Subject, subject_id: object, label: str, action: Action,
           changes: list[dict[str, Any]] | None = None) -> AuditEntry:
    entry = AuditEntry(actor_id=actor_id, subject=subject, subject_id=str(subject_id), subject_label=label[:200],
                       action=action, changes=changes or [])
    session.add(entry)
    return entry


def to_row(entry: AuditEntry, actor_name: str | None) -> AuditRow:
    return AuditRow(id=entry.id, at=entry.at, actor_id=entry.actor_id, actor_name=actor_name,
                    subject=entry.subject,  # written only through record(), so one of Subject
                    subject_id=entry.subject_id, subject_label=entry.subject_label,
                    action=entry.action,
                    changes=[AuditChange.model_validate(c) for c in entry.changes])


def list_entries(*, session: Session, params: ListParams) -> Page[AuditRow]:
    """Newest first; filtered by subject, action, actor or subject id (criteria), searched in the subject's name."""
    rows, total = repository.page(session, params)
    return Page(data=[to_row(entry, name) for entry, name in rows], total_rows=total)
