"""The activity schedule (spec 2 §2.10, §3.5, §4.5): a sales person plans and changes their own meetings,
presentations and demos; a team leader sees the team's (the leads' hierarchy); a past plan is history and stays as
it was."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy.orm import Session

from api.activities.models import TYPES, ActivitySchedule
from api.activities.schedule import repository as repo
from api.activities.schedule.schemas import (
    ACTIVITY_REQUIRED,
    CLIENT_REQUIRED,
    NOT_OWNER,
    PAST_LOCKED,
    PIC_NOT_OF_LEAD,
    PIC_REQUIRED,
    PROJECT_NOT_OF_CLIENT,
    PROJECT_REQUIRED,
    REMARK_REQUIRED,
    REMOVED,
    SCHEDULE_NOT_FOUND,
    TIME_PAST,
    TIME_REQUIRED,
    UPDATED,
    ScheduleIn,
    ScheduleList,
    SchedulePagination,
    ScheduleRow,
    ScheduleSaved,
    ScheduleUpdate,
)
from api.core.errors import Forbidden, NotFound, ValidationFailed
from api.leads import detail as lead_detail
from api.leads import visibility
from api.leads.models import Lead
from api.users.models import User

JAKARTA = timedelta(hours=7)  # the calendar's days are Jakarta's (UTC+7, no daylight saving)


def _row(found: repo.Found, actor: User, now: datetime) -> ScheduleRow:
    s, project_name, client_id, client_name, pic, owner = found
    return ScheduleRow(id=s.id, client_id=client_id, client_name=client_name, leads_id=s.lead_id,
                       project_name=project_name, pic_id=s.pic_contact_id, pic_name=pic,
                       activity_type=s.activity_type, media=TYPES[s.activity_type], schedule_time=s.schedule_time,
                       schedule_notes=s.notes, owner_id=s.owner_id, owner_name=owner,
                       editable=s.owner_id == actor.id and s.schedule_time > now)


def listing(*, session: Session, actor: User, event_type: str, search: str | None, page: int,
            per_page: int) -> ScheduleList:
    """One page of the Upcoming or History tab (one statement: a row past the page tells whether there is more)."""
    now = datetime.now(UTC)
    scope = visibility.visible_sales_ids(session, actor)
    found = repo.page(session, scope, search, now, event_type == "upcoming", (page - 1) * per_page, per_page + 1)
    return ScheduleList(data=[_row(f, actor, now) for f in found[:per_page]],
                        pagination=SchedulePagination(current_page=page, has_more=len(found) > per_page))


def calendar_range(current: date, view: str) -> tuple[datetime, datetime]:
    """The instants a month view (its whole weeks, Monday first) or a week view around `current` covers."""
    if view == "week":
        start = current - timedelta(days=current.weekday())
        end = start + timedelta(days=7)
    else:
        first = current.replace(day=1)
        start = first - timedelta(days=first.weekday())
        next_month = (first + timedelta(days=32)).replace(day=1)
        end = next_month + timedelta(days=(7 - next_month.weekday()) % 7)
    return (datetime.combine(start, time(), UTC) - JAKARTA, datetime.combine(end, time(), UTC) - JAKARTA)


def calendar(*, session: Session, actor: User, current: date, view: str, search: str | None) -> list[ScheduleRow]:
    now = datetime.now(UTC)
    start, end = calendar_range(current, view)
    scope = visibility.visible_sales_ids(session, actor)
    return [_row(f, actor, now) for f in repo.between(session, scope, search, start, end)]


def _checked(session: Session, actor: User, data: ScheduleIn) -> tuple[Lead, int, int, datetime, str]:
    """The lead, person in charge, activity, time and remark of a valid form, or every message of an invalid one."""
    fields: list[dict[str, str]] = []

    def need(value: object, field: str, message: str) -> None:
        if value is None:
            fields.append({"field": field, "message": message})

    need(data.activity if data.activity and data.activity.value in TYPES else None, "activity", ACTIVITY_REQUIRED)
    need(data.client, "client", CLIENT_REQUIRED)
    need(data.project_name, "projectName", PROJECT_REQUIRED)
    need(data.person_in_charge, "personInCharge", PIC_REQUIRED)
    need(data.date_and_time, "dateAndTime", TIME_REQUIRED)
    remark = (data.remark or "").strip()
    need(remark or None, "remark", REMARK_REQUIRED)
    if data.date_and_time is not None and data.date_and_time <= datetime.now(UTC):
        fields.append({"field": "dateAndTime", "message": TIME_PAST})
    lead = None
    if data.client and data.project_name:
        scope = visibility.visible_sales_ids(session, actor)
        lead = session.get(Lead, data.project_name.value)
        if lead is None or lead.client_id != data.client.value or (scope is not None
                                                                     and lead.sales_person_id not in scope):
            fields.append({"field": "projectName", "message": PROJECT_NOT_OF_CLIENT})
            lead = None
    if lead is not None and data.person_in_charge and data.person_in_charge.value not in {
            p.pic_id for p in lead_detail.pics(session, lead.id)}:
        fields.append({"field": "personInCharge", "message": PIC_NOT_OF_LEAD})
    if fields:
        raise ValidationFailed([f["message"] for f in fields], extra={"fields": fields})
    assert lead and data.person_in_charge and data.activity and data.date_and_time  # checked above
    return lead, data.person_in_charge.value, data.activity.value, data.date_and_time, remark


def added_message(activity: int, client: str, project: str) -> str:
    return f"Activity Schedule '{TYPES[activity]}' with {client} on {project} project has been set successfully."


def create(*, session: Session, actor: User, data: ScheduleIn) -> ScheduleSaved:
    lead, pic, activity, at, remark = _checked(session, actor, data)
    schedule = ActivitySchedule(lead_id=lead.id, activity_type=activity, pic_contact_id=pic, schedule_time=at,
                                notes=remark, owner_id=actor.id)
    session.add(schedule)
    session.commit()
    client = data.client.label if data.client and data.client.label else ""
    return ScheduleSaved(id=schedule.id, message=added_message(activity, client, lead.project_name))


def _own_upcoming(session: Session, actor: User, schedule_id: int) -> ActivitySchedule:
    """A schedule the actor may change: one they see (else 404), theirs (else 403), still to come (else 422)."""
    found = repo.one(session, visibility.visible_sales_ids(session, actor), schedule_id)
    if found is None:
        raise NotFound(SCHEDULE_NOT_FOUND)
    schedule = found[0]
    if schedule.owner_id != actor.id:
        raise Forbidden(NOT_OWNER)
    if schedule.schedule_time <= datetime.now(UTC):
        raise ValidationFailed(PAST_LOCKED)
    return schedule


def update(*, session: Session, actor: User, data: ScheduleUpdate) -> ScheduleSaved:
    schedule = _own_upcoming(session, actor, data.id)
    lead, pic, activity, at, remark = _checked(session, actor, data)
    schedule.lead_id, schedule.pic_contact_id, schedule.activity_type = lead.id, pic, activity
    if at != schedule.schedule_time:
        schedule.reminded_at = None  # a new time, a new reminder
    schedule.schedule_time, schedule.notes = at, remark
    session.commit()
    return ScheduleSaved(id=schedule.id, message=UPDATED)


def remove(*, session: Session, actor: User, schedule_id: int) -> ScheduleSaved:
    schedule = _own_upcoming(session, actor, schedule_id)
    session.delete(schedule)
    session.commit()
    return ScheduleSaved(id=schedule_id, message=REMOVED)
