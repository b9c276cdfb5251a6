"""Demo activities: each demo lead without one gets a meeting at its last contact with its first person in charge
(no files: the demo has no recordings to play)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities.models import Activity
from api.leads.models import Lead, LeadPic

NOTES = "Demo meeting: walked through the proposal with the customer's team."


def seed_demo_activities(session: Session) -> int:
    """Idempotent; returns how many were added."""
    has_one = select(Activity.id).where(Activity.lead_id == Lead.id).exists()
    first_pic = (select(LeadPic.contact_id).where(LeadPic.lead_id == Lead.id).order_by(LeadPic.id).limit(1)
                 .scalar_subquery())
    rows = session.execute(select(Lead.id, Lead.sales_person_id, Lead.last_contacted_at, first_pic)
                           .where(~has_one).order_by(Lead.id)).tuples().all()
    for lead_id, owner, contacted, pic in rows:
        session.add(Activity(lead_id=lead_id, type=1, pic_contact_id=pic, notes=NOTES, latitude=-6.26,
                             longitude=106.62, place_name="Customer office", created_by=owner, created_at=contacted))
    session.flush()
    return len(rows)
