"""Erasing a contact from the leads (api/personal_data runs the whole erasure): a lead's decision maker and
description, and every lead history entry (a person-in-charge change records the names), keep their text with each
mention of the person replaced. The lead's persons in charge keep pointing at the contact, whose name is then the
placeholder; nothing of a lead's numbers changes."""

from __future__ import annotations

from sqlalchemy import delete, func, or_, select
from sqlalchemy.orm import Session

from api.core.mentions import Mention
from api.leads.models import ONGOING, Lead, LeadHistory, LeadPin

# the tables of a user's own lead data: their rows of the user are deleted by the erasure
DELETED = (LeadPin,)
_LEAD_TEXTS = ("decision_maker", "project_description")
_HISTORY_TEXTS = ("old_value", "new_value")


# unscoped: an administrator's request about one person, across every lead
def mentioning(session: Session, mention: Mention) -> tuple[list[Lead], list[LeadHistory]]:
    """The leads whose decision maker or description mention the person, and the history entries that do."""
    leads = session.scalars(select(Lead).where(or_(*(mention.sql(getattr(Lead, c)) for c in _LEAD_TEXTS)))
                            .order_by(Lead.id)).all()
    entries = session.scalars(select(LeadHistory)
                              .where(or_(*(mention.sql(getattr(LeadHistory, c)) for c in _HISTORY_TEXTS)))
                              .order_by(LeadHistory.changed_at, LeadHistory.id)).all()
    return ([lead for lead in leads if any(mention.found_in(getattr(lead, c)) for c in _LEAD_TEXTS)],
            [e for e in entries if any(mention.found_in(getattr(e, c)) for c in _HISTORY_TEXTS)])


def erase_mentions(session: Session, *, mention: Mention, replacement: str) -> int:
    """Replace each mention in the leads' texts and their history; answers how many rows changed. The caller
    commits."""
    leads, entries = mentioning(session, mention)
    rows: list[tuple[object, tuple[str, ...]]] = [*((lead, _LEAD_TEXTS) for lead in leads),
                                                  *((entry, _HISTORY_TEXTS) for entry in entries)]
    for row, columns in rows:
        for column in columns:
            setattr(row, column, mention.replaced(getattr(row, column), replacement))
    session.flush()
    return len(rows)


# unscoped: an administrator's request about one person, across every lead
def of_sales_person(session: Session, user_id: int) -> list[Lead]:
    """Every lead the user is the sales person of, whatever its status."""
    return list(session.scalars(select(Lead).where(Lead.sales_person_id == user_id).order_by(Lead.id)))


# unscoped: an administrator's request about one person, across every lead
def ongoing_of(session: Session, user_id: int) -> int:
    """How many ongoing leads (NEW, WAITING) the user is the sales person of."""
    return int(session.scalar(select(func.count()).select_from(Lead)
                              .where(Lead.sales_person_id == user_id, Lead.status.in_(ONGOING))) or 0)


def erase_user(session: Session, *, user_id: int) -> int:
    """A user's erasure: the board columns they pinned go (their leads stay theirs, by id: every closed figure and
    target counts by it). Answers how many pins went. The caller commits."""
    gone = session.execute(delete(LeadPin).where(LeadPin.user_id == user_id)).rowcount  # type: ignore[attr-defined]
    session.flush()
    return int(gone)
