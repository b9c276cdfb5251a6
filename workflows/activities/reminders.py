"""Schedule reminder activities: read what a schedule's reminder is now, and remind its owner once. Both are
idempotent, so the workflow may repeat either."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from anyio import to_thread
from temporalio import activity

from api.activities.schedule import lead_reminders, reminders
from api.core.config import get_settings
from api.notifications import mails
from workflows.activities.db import sessions
from workflows.contracts.reminders import ReminderPlan, SendReminder


@activity.defn
def reminder_plan(schedule_id: int) -> ReminderPlan:
    with sessions()() as session:
        return reminders.plan(session, schedule_id)


@activity.defn
def send_schedule_reminder(data: SendReminder) -> bool:
    with sessions()() as session:
        return reminders.send(session, data.schedule_id, datetime.fromisoformat(data.schedule_time),
                              ZoneInfo(get_settings().time_zone),
                              now=datetime.fromisoformat(data.now) if data.now else None)


@activity.defn
async def tell_due_reminders() -> list[int]:
    """Tell the reminder of each schedule due within a minute and not reminded (starting it where it is missing):
    what the API could not pass on arrives here, at the latest a minute before the reminder is due."""
    def found() -> list[int]:
        with sessions()() as session:
            return reminders.due(session)

    ids = await to_thread.run_sync(found)
    for schedule_id in ids:
        await reminders.changed(activity.client(), activity.info().task_queue, schedule_id)
    return ids


@activity.defn
async def hand_over_notification_mails() -> int:
    """Hand each notification mail written since the last pass to its SendMailWorkflow (once each)."""
    def read() -> list[tuple[int, str]]:
        with sessions()() as session:
            return mails.waiting(session)

    def mark(ids: list[int]) -> None:
        with sessions()() as session:
            mails.handed(session, ids)

    waiting = await to_thread.run_sync(read)
    if not waiting:
        return 0
    done = await mails.hand_over(activity.client(), activity.info().task_queue, waiting)
    await to_thread.run_sync(mark, done)
    return len(done)


@activity.defn
def remind_uncontacted_leads() -> int:
    """Remind the sales people of their ongoing leads that reached 30 or 90 days without contact (once each), unless
    LEAD_CONTACT_REMINDERS is off."""
    if not get_settings().lead_contact_reminders:
        return 0
    with sessions()() as session:
        return len(lead_reminders.remind_uncontacted(session))
