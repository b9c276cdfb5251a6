"""A lead's history: every recorded change, newest first, with readable labels and names."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.leads.models import LeadHistory
from api.leads.schemas import HistoryEntry
from api.leads.service import readable_or_404
from api.users.models import User


def history(*, session: Session, actor: User, lead_id: int) -> list[HistoryEntry]:
    lead = readable_or_404(session, actor, lead_id)
    stmt = (select(LeadHistory, User.fullname).outerjoin(User, User.id == LeadHistory.changed_by)
            .where(LeadHistory.lead_id == lead.id).order_by(LeadHistory.changed_at.desc(), LeadHistory.id.desc()))
    return [HistoryEntry(id=h.id, field=h.field, old_value=h.old_value, new_value=h.new_value, changed_by=name,
                         changed_at=h.changed_at) for h, name in session.execute(stmt)]
