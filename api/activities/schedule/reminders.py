"""Schedule reminders, the database's side (the ScheduleReminderWorkflow's activities run these; the API starts or
signals the workflow after each change it commits): what a schedule's reminder is now, and reminding its owner once
for the time it is planned at."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities.models import TYPES, ActivitySchedule
from api.activities.schedule import repository as repo
from api.core import temporal
from api.core.times import local_time
from api.notifications import dispatch, settings
from api.notifications.catalogue import SALES_PERSON
from api.notifications.live import publish_changed
from workflows.contracts.reminders import ReminderPlan

log = logging.getLogger(__name__)


ACTION = "SCHEDULE_STARTING"
EARLY = timedelta(seconds=5)  # a timer may run out this much before its time


def lead_minutes(session: Session) -> int:
    """How long before a schedule starts its reminder goes out (the reminder setting's lead time)."""
    return settings.lead_minutes(session, ACTION)


def plan(session: Session, schedule_id: int) -> ReminderPlan:
    schedule = session.get(ActivitySchedule, schedule_id)
    if schedule is None:
        return ReminderPlan(remind_at=None, schedule_time=None, done=False)
    at = schedule.schedule_time.astimezone(UTC)
    return ReminderPlan(remind_at=(at - timedelta(minutes=lead_minutes(session))).isoformat(),
                        schedule_time=at.isoformat(), done=schedule.reminded_at is not None)


def send(session: Session, schedule_id: int, planned_for: datetime, zone: ZoneInfo,
         now: datetime | None = None) -> bool:
    """Remind the owner (and whoever the SCHEDULE_STARTING setting names) if the schedule is still planned for
    `planned_for`, is due by the setting's lead time now (an administrator may have shortened it since the timer was
    set: the workflow then reads the plan again and waits) and was not reminded yet; False otherwise. The row is
    locked: once, whoever asks. `now` is the workflow's time when its timer ran out."""
    schedule = session.scalars(select(ActivitySchedule).where(ActivitySchedule.id == schedule_id)
                               .with_for_update()).first()
    minutes = lead_minutes(session)
    if schedule is None or schedule.reminded_at is not None or schedule.schedule_time != planned_for or \
            schedule.schedule_time - timedelta(minutes=minutes) > (now or datetime.now(UTC)) + EARLY:
        session.rollback()
        return False

    def event() -> dispatch.Event:
        found = repo.one(session, None, schedule_id)  # its project, client and owner, as the schedule's rows name them
        assert found is not None  # locked above
        _, project, _, client, _, owner = found
        return dispatch.Event(
            {"activity": TYPES[schedule.activity_type], "project": project, "client": client,
             "time": local_time(schedule.schedule_time, zone), "minutes": minutes, "sales_person": owner or ""},
            people={SALES_PERSON: [schedule.owner_id]}, link=f"/leads/{schedule.lead_id}", lead_id=schedule.lead_id)

    told = dispatch.tell(session, ACTION, event)
    schedule.reminded_at = datetime.now(UTC)
    session.commit()
    publish_changed(told)
    return True


def tell(client: temporal.Client | None, task_queue: str, schedule_ids: list[int]) -> None:
    """After schedules' changes are committed (sync code in a request's worker thread): tell their reminders. A change
    stands if Temporal cannot be reached: the reminder sweep finds a due schedule whose reminder did not hear of it."""
    for schedule_id in schedule_ids:
        if client is None:
            log.warning("schedule %s changed while Temporal is not connected: the reminder sweep will catch up",
                        schedule_id)
            continue
        try:
            temporal.blocking(changed, client, task_queue, schedule_id)
        except Exception:  # the change is saved; the sweep repeats what this could not say
            log.exception("could not tell the reminder of schedule %s; the reminder sweep will", schedule_id)


async def changed(client: temporal.Client, task_queue: str, schedule_id: int) -> None:
    """Tell the schedule's reminder it changed (starting it when it is not running): after the change is committed."""
    await temporal.schedule_changed(client, schedule_id, task_queue=task_queue)


def due(session: Session, within: timedelta = timedelta(minutes=1)) -> list[int]:
    """Schedules still to come whose reminder is due within `within` and has not gone out: those the sweep tells
    their reminder about (a start or a move the API could not pass on to Temporal, or a lead time an administrator
    lengthened since their timers were set)."""
    now = datetime.now(UTC)
    minutes = lead_minutes(session)
    stmt = (select(ActivitySchedule.id)
            .where(ActivitySchedule.reminded_at.is_(None), ActivitySchedule.schedule_time > now,
                   ActivitySchedule.schedule_time <= now + within + timedelta(minutes=minutes))
            .order_by(ActivitySchedule.schedule_time).limit(500))
    return list(session.scalars(stmt))
