"""Leads going cold: a sales person is reminded once when an ongoing lead of theirs reaches 30 days without contact
and once when it reaches 90 (the card badge's thresholds, spec 2 §9). Each reminder is about one contact (the lead's
last contacted time): a new contact starts the count again. The reminder sweep runs this on each pass."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial

from sqlalchemy import and_, exists, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.activities.models import LeadContactReminder
from api.clients.models import Client
from api.leads.models import ONGOING, Lead
from api.notifications import dispatch
from api.notifications.catalogue import ACTIONS, SALES_PERSON
from api.notifications.live import publish_changed
from api.users.models import User

ACTION = "LEAD_NOT_CONTACTED"
THRESHOLDS = ACTIONS[ACTION].fixed_days  # days: 30 and 90, the badge's (spec 2 §9)
BATCH = 200


def _event(lead: Lead, client_name: str | None, sales_name: str | None, days: int) -> dispatch.Event:
    return dispatch.Event({"project": lead.project_name, "client": client_name, "sales_person": sales_name or "",
                           "days": days},
                          people={SALES_PERSON: [lead.sales_person_id]}, link=f"/leads/{lead.id}", lead_id=lead.id)


def remind_uncontacted(session: Session, now: datetime | None = None) -> list[tuple[int, int]]:
    """Remind the sales person of each ongoing lead that crossed a threshold since its last contact and was not
    reminded of it (the highest crossed; a lower one not sent by then is recorded unsent: a lead found at 95 days
    is reminded of its 90, not of a stale 30). Returns (lead id, threshold) of the reminders sent."""
    now = now or datetime.now(UTC)
    sent: list[tuple[int, int]] = []
    for threshold in sorted(THRESHOLDS, reverse=True):
        higher = [t for t in THRESHOLDS if t > threshold]
        cutoff = now - timedelta(days=threshold)
        told = exists().where(and_(LeadContactReminder.lead_id == Lead.id,
                                   LeadContactReminder.threshold == threshold,
                                   LeadContactReminder.contacted_at == Lead.last_contacted_at))
        stmt = select(Lead, Client.client_name, User.fullname).outerjoin(Client, Client.id == Lead.client_id) \
            .outerjoin(User, User.id == Lead.sales_person_id).where(
            Lead.status.in_(ONGOING), Lead.last_contacted_at <= cutoff, ~told)
        if higher:  # past a higher threshold: that one speaks for the lead
            stmt = stmt.where(Lead.last_contacted_at > now - timedelta(days=min(higher)))
        for lead, client_name, sales_name in session.execute(stmt.order_by(Lead.id).limit(BATCH)).tuples():
            recorded = [{"lead_id": lead.id, "threshold": t, "contacted_at": lead.last_contacted_at}
                        for t in THRESHOLDS if t <= threshold]
            inserted = session.execute(insert(LeadContactReminder).values(recorded).on_conflict_do_nothing()
                                       .returning(LeadContactReminder.threshold)).scalars().all()
            if threshold not in inserted:
                continue  # another pass got there first
            readers = dispatch.tell(session, ACTION, partial(_event, lead, client_name, sales_name, threshold))
            sent.append((lead.id, threshold))
            session.commit()
            publish_changed(readers)
    session.commit()
    return sent
