"""A lead was contacted (an activity was recorded on it): its last contacted time moves and its history says so."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from api.leads import history
from api.leads.models import Lead
from api.users.models import User


def record_contact(*, session: Session, lead: Lead, actor: User, at: datetime, what: str) -> None:
    """Move the lead's last contacted time to `at` (never back) and record `what` happened in its history."""
    if lead.last_contacted_at is None or at > lead.last_contacted_at:
        lead.last_contacted_at = at
    history.record(session, lead, actor, "activity", None, what)  # labelled 'Activity'
