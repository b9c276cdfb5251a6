"""The activity schedule (spec 2 §2.10, §3.5, §4.5): a sales person plans and changes their own meetings,
presentations and demos; a team leader sees the team's (the leads' hierarchy); a past plan is history and stays as
it was."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from api.activities.models import PLANNED_TYPES, TYPES, ActivitySchedule
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
    TIME_REQUIRED,
    UPDATED,
    ScheduleIn,
    ScheduleList,
    SchedulePagination,
    ScheduleRow,
    ScheduleRowOut,
    ScheduleSaved,
    ScheduleUpdate,
)
from api.activities.schemas import (
    SCHEDULE_ACTIVITY_REQUIRED,
    SCHEDULE_TIME_PAST,
    SCHEDULE_TIME_REQUIRED,
    ScheduleItemIn,
)
from api.clients.models import Client
from api.core.errors import Forbidden, NotFound, ValidationFailed
from api.leads import detail as lead_detail
from api.leads import visibility
from api.leads.models import Lead
from api.users.models import User


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


def today(zone: ZoneInfo) -> date:
    return datetime.now(zone).date()


def of_lead(*, session: Session, actor: User, lead_id: int) -> list[ScheduleRow]:
    """The lead's plans still to come, soonest first (the activity form's right column), for whoever may read it."""
    lead = visibility.readable_or_404(session, actor, lead_id)
    now = datetime.now(UTC)
    return [_row(f, actor, now) for f in repo.of_lead_after(session, lead.id, now)]


def calendar_range(current: date, view: str, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The instants a month view (its whole weeks, Monday first) or a week view around `current` covers, its days
    the business's (TIME_ZONE)."""
    if view == "week":
        start = current - timedelta(days=current.weekday())
        end = start + timedelta(days=7)
    else:
        first = current.replace(day=1)
        start = first - timedelta(days=first.weekday())
        next_month = (first + timedelta(days=32)).replace(day=1)
        end = next_month + timedelta(days=(7 - next_month.weekday()) % 7)
    return datetime.combine(start, time(), zone), datetime.combine(end, time(), zone)


def calendar(*, session: Session, actor: User, current: date | None, view: str, search: str | None,
             zone: ZoneInfo) -> list[ScheduleRowOut]:
    """The calendar's rows as ScheduleRow puts them on the wire (plain dicts, serialised once by the router: a team
    leader's month is hundreds of rows, and a model each cost more than reading them). The caller's people are read
    first: as a subquery of the statement the planner expected 200 owners and walked the whole range's rows (a team
    leader's month 16 ms against 14, a sales person's 9.5 against 7)."""
    now = datetime.now(UTC)
    start, end = calendar_range(current or today(zone), view, zone)
    me = actor.id
    return [{"id": r.id, "clientId": r.client_id, "clientName": r.client_name, "leadsId": r.lead_id,
             "projectName": r.project_name, "picId": r.pic_contact_id, "picName": r.pic_name,
             "activityType": r.activity_type, "media": TYPES[r.activity_type], "scheduleTime": r.schedule_time,
             "scheduleNotes": r.notes, "ownerId": r.owner_id, "ownerName": r.owner_name,
             "editable": r.owner_id == me and r.schedule_time > now}
            for r in repo.rows_between(session, visibility.visible_sales_ids(session, actor), search, start, end)]


def _checked(session: Session, actor: User, data: ScheduleIn) -> tuple[Lead, int, int, datetime, str]:
    """The lead, person in charge, activity, time and remark of a valid form, or every message of an invalid one."""
    fields: list[dict[str, str]] = []

    def need(value: object, field: str, message: str) -> None:
        if value is None:
            fields.append({"field": field, "message": message})

    planned = data.activity if data.activity and data.activity.value in PLANNED_TYPES else None
    need(planned, "activity", ACTIVITY_REQUIRED)
    need(data.client, "client", CLIENT_REQUIRED)
    need(data.project_name, "projectName", PROJECT_REQUIRED)
    need(data.person_in_charge, "personInCharge", PIC_REQUIRED)
    need(data.date_and_time, "dateAndTime", TIME_REQUIRED)
    remark = (data.remark or "").strip()
    need(remark or None, "remark", REMARK_REQUIRED)
    if data.date_and_time is not None and data.date_and_time <= datetime.now(UTC):
        fields.append({"field": "dateAndTime", "message": SCHEDULE_TIME_PAST})
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
    client = session.get(Client, lead.client_id)  # the client's name as kept, not as the form labelled it
    return ScheduleSaved(id=schedule.id, message=added_message(activity, client.client_name if client else "",
                                                                lead.project_name))


# -- the activity form's next steps (spec 2 §3.4 schedule items) ------------------------------------------------

def next_step_errors(items: Sequence[ScheduleItemIn], *, required: bool) -> list[dict[str, str]]:
    """The form's next steps: `required` (the first variant) plans at least one; each names its activity and a time
    to come."""
    fields: list[dict[str, str]] = []
    if required and not items:
        fields.append({"field": "schedule.0.activity", "message": SCHEDULE_ACTIVITY_REQUIRED})
        fields.append({"field": "schedule.0.dateAndTime", "message": SCHEDULE_TIME_REQUIRED})
    now = datetime.now(UTC)
    for i, item in enumerate(items):
        if item.activity is None or item.activity.value not in PLANNED_TYPES:
            fields.append({"field": f"schedule.{i}.activity", "message": SCHEDULE_ACTIVITY_REQUIRED})
        if item.date_and_time is None:
            fields.append({"field": f"schedule.{i}.dateAndTime", "message": SCHEDULE_TIME_REQUIRED})
        elif item.date_and_time <= now:
            fields.append({"field": f"schedule.{i}.dateAndTime", "message": SCHEDULE_TIME_PAST})
    return fields


def add_next_steps(session: Session, *, lead_id: int, owner_id: int, pic_id: int | None, activity_id: int,
                   items: Sequence[ScheduleItemIn]) -> list[ActivitySchedule]:
    """Plan the checked next steps of an activity (flushed: their ids are known; the caller commits, then tells
    their reminders)."""
    plans = []
    for item in items:
        assert item.activity is not None and item.date_and_time is not None  # next_step_errors
        plans.append(ActivitySchedule(lead_id=lead_id, activity_type=item.activity.value, pic_contact_id=pic_id,
                                      schedule_time=item.date_and_time, notes=(item.remark or "").strip() or None,
                                      owner_id=owner_id, activity_id=activity_id))
    session.add_all(plans)
    session.flush()
    return plans


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
