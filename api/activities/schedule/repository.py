"""Activity schedule queries: every read joins the lead's project name, its client, the person in charge and the owner
in one statement (the columns a row shows, not whole leads and clients: a team's month is hundreds of rows); `scope`
is the owners the caller may see (None: everyone)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from api.activities.models import ActivitySchedule
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.core.listing import like
from api.leads.models import Lead
from api.leads.visibility import Scope, scoped
from api.users.models import User

# the schedule, its lead's project name, the client's id and name, the person in charge's and the owner's names
Found = tuple[ActivitySchedule, str, int, str, str | None, str | None]


# a row as a calendar shows it, the columns alone (no ORM object): ScheduleRow's fields under their own names
ROW_COLUMNS = (ActivitySchedule.id, Client.id.label("client_id"), Client.client_name,
               ActivitySchedule.lead_id, Lead.project_name, ActivitySchedule.pic_contact_id,
               Contact.fullname.label("pic_name"), ActivitySchedule.activity_type, ActivitySchedule.schedule_time,
               ActivitySchedule.notes, ActivitySchedule.owner_id, User.fullname.label("owner_name"))


def _base(scope: Scope, search: str | None, columns: tuple[Any, ...] | None = None) -> Any:
    stmt = (select(*(columns or (ActivitySchedule, Lead.project_name, Client.id, Client.client_name,
                                 Contact.fullname, User.fullname)))
            .select_from(ActivitySchedule)
            .join(Lead, Lead.id == ActivitySchedule.lead_id)
            .join(Client, Client.id == Lead.client_id)
            .outerjoin(Contact, Contact.id == ActivitySchedule.pic_contact_id)
            .outerjoin(User, User.id == ActivitySchedule.owner_id))
    stmt = scoped(stmt, scope, ActivitySchedule.owner_id)
    words = (search or "").strip()
    if words:
        pattern = like(words)
        stmt = stmt.where(or_(Client.client_name.ilike(pattern), Lead.project_name.ilike(pattern),
                              Contact.fullname.ilike(pattern), ActivitySchedule.notes.ilike(pattern)))
    return stmt


def _rows(session: Session, stmt: Any) -> list[Found]:
    return list(session.execute(stmt).tuples())


def page(session: Session, scope: Scope, search: str | None, now: datetime, upcoming: bool, offset: int,
         limit: int) -> list[Found]:
    """Upcoming (after now, soonest first) or history (up to now, latest first), `limit` rows from `offset`."""
    stmt = _base(scope, search)
    if upcoming:
        stmt = stmt.where(ActivitySchedule.schedule_time > now).order_by(ActivitySchedule.schedule_time,
                                                                          ActivitySchedule.id)
    else:
        stmt = stmt.where(ActivitySchedule.schedule_time <= now).order_by(ActivitySchedule.schedule_time.desc(),
                                                                           ActivitySchedule.id.desc())
    return _rows(session, stmt.offset(offset).limit(limit))


def _in_range(stmt: Any, start: datetime, end: datetime, limit: int) -> Any:
    return (stmt.where(ActivitySchedule.schedule_time >= start, ActivitySchedule.schedule_time < end)
            .order_by(ActivitySchedule.schedule_time, ActivitySchedule.id).limit(limit))


def between(session: Session, scope: Scope, search: str | None, start: datetime, end: datetime,
            limit: int = 2000) -> list[Found]:
    """Every schedule starting in [start, end), in time order (a calendar's range), at most `limit`."""
    return _rows(session, _in_range(_base(scope, search), start, end, limit))


def rows_between(session: Session, scope: Scope, search: str | None, start: datetime, end: datetime,
                 limit: int = 2000) -> list[Any]:
    """The same as rows of ROW_COLUMNS, no ORM object (a team's month is hundreds of rows, each object a cost of its
    own)."""
    return list(session.execute(_in_range(_base(scope, search, ROW_COLUMNS), start, end, limit)))


def one(session: Session, scope: Scope, schedule_id: int) -> Found | None:
    found = _rows(session, _base(scope, None).where(ActivitySchedule.id == schedule_id))
    return found[0] if found else None


def of_lead_after(session: Session, lead_id: int, after: datetime, limit: int = 20) -> list[Found]:
    """The lead's plans after `after`, soonest first (whoever may read the lead sees them all)."""
    stmt = _base(None, None).where(ActivitySchedule.lead_id == lead_id, ActivitySchedule.schedule_time > after)
    return _rows(session, stmt.order_by(ActivitySchedule.schedule_time, ActivitySchedule.id).limit(limit))
