"""Erasing a contact from the activities (api/personal_data runs the whole erasure): the files of the activities
they were the person in charge of (a call's recording, a meeting's photos and minutes) are theirs and go, from
storage once the transaction commits; every activity's and plan's notes keep their text with each mention of them
replaced. The activities and plans themselves stay (a sales person's work, the lead's timeline), still pointing at
the contact, whose name is then the placeholder.

For a user (an ex-employee), the activities they recorded and the plans they own stay as they are, with their place
and position (the client's site, the lead's timeline, the team's figures): the archive lists them; their calendar
address is turned off, and each mention of them in any notes is replaced."""


from __future__ import annotations

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from api.activities.models import Activity, ActivityFile, ActivitySchedule, CalendarFeed
from api.activities.service import namespace
from api.core.mentions import Mention
from api.core.storage import Storage

# the tables of a user's own activity data: their rows of the user are deleted by the erasure
DELETED = (CalendarFeed,)


# unscoped: an administrator's erasure of one person, across every lead
def files_of_pic(session: Session, contact_id: int) -> list[tuple[ActivityFile, int]]:
    """The files of the activities the contact was the person in charge of, with their lead's id."""
    stmt = (select(ActivityFile, Activity.lead_id).join(Activity, Activity.id == ActivityFile.activity_id)
            .where(Activity.pic_contact_id == contact_id).order_by(ActivityFile.id))
    return [(f, lead_id) for f, lead_id in session.execute(stmt).tuples()]


# unscoped: an administrator's erasure of one person, across every lead
def mentioning(session: Session, contact_id: int, mention: Mention
               ) -> tuple[list[Activity], list[ActivitySchedule]]:
    """The activities and plans the contact was the person in charge of, or whose notes mention them."""
    activities = session.scalars(select(Activity).where(or_(Activity.pic_contact_id == contact_id,
                                                            mention.sql(Activity.notes)))
                                 .order_by(Activity.created_at, Activity.id)).all()
    plans = session.scalars(select(ActivitySchedule).where(or_(ActivitySchedule.pic_contact_id == contact_id,
                                                               mention.sql(ActivitySchedule.notes)))
                            .order_by(ActivitySchedule.schedule_time, ActivitySchedule.id)).all()
    return ([a for a in activities if a.pic_contact_id == contact_id or mention.found_in(a.notes)],
            [p for p in plans if p.pic_contact_id == contact_id or mention.found_in(p.notes)])


# unscoped: an administrator's erasure of one person, across every lead
def erase_contact(session: Session, storage: Storage, *, contact_id: int, mention: Mention,
                  replacement: str) -> tuple[int, int]:
    """Delete the files of the contact's activities (their rows now, the stored files once the caller commits) and
    replace each mention of them in notes; answers (files deleted, activities and plans whose notes changed)."""
    files = files_of_pic(session, contact_id)
    staged = storage.staged(session)
    for row, lead_id in files:
        staged.discard(namespace(lead_id), row.key)
    if files:
        session.execute(delete(ActivityFile).where(ActivityFile.id.in_([row.id for row, _ in files])))
    changed = 0
    activities, plans = mentioning(session, contact_id, mention)
    items: list[Activity | ActivitySchedule] = [*activities, *plans]
    for item in items:
        notes = mention.replaced(item.notes, replacement)
        if notes != item.notes:
            item.notes = notes
            changed += 1
    session.flush()
    return len(files), changed


# unscoped: an administrator's request about one person, across every lead
def notes_mentioning(session: Session, mention: Mention) -> tuple[list[Activity], list[ActivitySchedule]]:
    """The activities and plans whose notes mention the person (a user: whoever recorded them)."""
    activities = session.scalars(select(Activity).where(mention.sql(Activity.notes))
                                 .order_by(Activity.created_at, Activity.id)).all()
    plans = session.scalars(select(ActivitySchedule).where(mention.sql(ActivitySchedule.notes))
                            .order_by(ActivitySchedule.schedule_time, ActivitySchedule.id)).all()
    return ([a for a in activities if mention.found_in(a.notes)], [p for p in plans if mention.found_in(p.notes)])


# unscoped: an administrator's request about one person, across every lead
def recorded_by(session: Session, user_id: int) -> tuple[list[Activity], list[ActivitySchedule]]:
    """The activities the user recorded (with where they were: the place and position of each) and the plans they
    own."""
    activities = session.scalars(select(Activity).where(Activity.created_by == user_id)
                                 .order_by(Activity.created_at, Activity.id)).all()
    plans = session.scalars(select(ActivitySchedule).where(ActivitySchedule.owner_id == user_id)
                            .order_by(ActivitySchedule.schedule_time, ActivitySchedule.id)).all()
    return list(activities), list(plans)


def calendar_feed(session: Session, user_id: int) -> CalendarFeed | None:
    return session.get(CalendarFeed, user_id)


def erase_user(session: Session, *, user_id: int, mention: Mention, replacement: str) -> int:
    """A user's erasure: their calendar address is turned off (the row goes) and each mention of them in notes is
    replaced; the activities they recorded and the plans they own stay (the lead's timeline, the team's figures).
    Answers how many activities and plans had their notes changed. The caller commits."""
    session.execute(delete(CalendarFeed).where(CalendarFeed.user_id == user_id))
    activities, plans = notes_mentioning(session, mention)
    items: list[Activity | ActivitySchedule] = [*activities, *plans]
    for item in items:
        item.notes = mention.replaced(item.notes, replacement)
    session.flush()
    return len(items)
