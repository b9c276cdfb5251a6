"""The settings at work: reminders and notifications go out on the channels, to the recipients and with the text
their setting names (a lead gone cold, a schedule starting, a PID), mails are written with them, nothing goes out
on no channel, a shortened lead time holds a reminder back, and a template that fails at send time (written behind
the API's back) still tells people, with the default text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.activities.models import ActivitySchedule
from api.activities.schedule import reminders
from api.activities.schedule.lead_reminders import remind_uncontacted
from api.leads.models import Lead
from api.notifications import settings as notification_settings
from api.notifications.models import Notification, NotificationMail, NotificationSetting
from api.users.models import User

JAKARTA = ZoneInfo("Asia/Jakarta")


def _uid(db: Session, username: str) -> int:
    return db.scalars(select(User.id).where(User.username == username)).one()


def _set(db: Session, action: str, **values: Any) -> None:
    db.execute(update(NotificationSetting).where(NotificationSetting.action == action).values(**values))
    db.commit()
    notification_settings.changed()  # as an administrator's change does: every process reads it again


def _told(db: Session, lead_id: int) -> list[tuple[int, str]]:
    return list(db.execute(select(Notification.user_id, Notification.message)
                           .where(Notification.lead_id == lead_id).order_by(Notification.id)).tuples())


def _mails(db: Session, action: str, lead_id: int) -> list[tuple[str, str, str]]:
    """The mails of the action about the lead (their body links to it; the pass reminds of every demo lead too)."""
    return list(db.execute(select(NotificationMail.address, NotificationMail.subject, NotificationMail.body)
                           .where(NotificationMail.action == action,
                                  NotificationMail.body.like(f"%/leads/{lead_id}\n%"))
                           .order_by(NotificationMail.id)).tuples())


def _gone_cold(db: Session, lead_id: int) -> datetime:
    start = datetime.now(UTC)
    row = db.get(Lead, lead_id)
    assert row is not None
    row.last_contacted_at = start
    db.commit()
    return start


class TestLeadNotContacted:
    def test_its_channels_recipients_and_template_are_used(self, client: TestClient, db: Session,
                                                            lead: dict[str, Any]) -> None:
        admin, tl, sales = _uid(db, "admin"), _uid(db, "tl1"), _uid(db, "sales1")
        _set(db, "LEAD_NOT_CONTACTED", channels=["IN_APP", "EMAIL"],
             recipients=["SALES_PERSON", "TEAM_LEADER", "USERS"], user_ids=[admin, sales],
             message_template="{{ recipient }}: {{ project }} waits since {{ days }} days ({{ sales_person }}).")
        start = _gone_cold(db, lead["id"])
        remind_uncontacted(db, start + timedelta(days=31))
        project = lead["projectName"]
        # the sales person once (named too), their team leader (tl1 leads sales1), the named administrator
        assert _told(db, lead["id"]) == [
            (sales, f"Andi Pratama: {project} waits since 30 days (Andi Pratama)."),
            (tl, f"Budi Santoso: {project} waits since 30 days (Andi Pratama)."),
            (admin, f"{db.get(User, admin).fullname}: {project} waits since 30 days (Andi Pratama)."),  # type: ignore[union-attr]
        ]
        mails = _mails(db, "LEAD_NOT_CONTACTED", lead["id"])
        assert [(to, subject) for to, subject, _ in mails] == [
            ("sales1@pipeline-crm.local", "Lead not contacted"), ("tl1@pipeline-crm.local", "Lead not contacted"),
            (db.get(User, admin).email, "Lead not contacted")]  # type: ignore[union-attr]
        assert mails[0][2].startswith(f"Andi Pratama: {project} waits since 30 days")
        assert f"/leads/{lead['id']}\n" in mails[0][2]

    def test_no_channel_sends_nothing_and_the_threshold_is_spent(self, client: TestClient, db: Session,
                                                                 lead: dict[str, Any]) -> None:
        _set(db, "LEAD_NOT_CONTACTED", channels=[])
        start = _gone_cold(db, lead["id"])
        assert (lead["id"], 30) in remind_uncontacted(db, start + timedelta(days=31))
        assert _told(db, lead["id"]) == [] and _mails(db, "LEAD_NOT_CONTACTED", lead["id"]) == []
        _set(db, "LEAD_NOT_CONTACTED", channels=["IN_APP"])
        assert (lead["id"], 30) not in remind_uncontacted(db, start + timedelta(days=32))  # not told late

    def test_email_only_writes_the_mail_and_no_notification(self, client: TestClient, db: Session,
                                                            lead: dict[str, Any]) -> None:
        _set(db, "LEAD_NOT_CONTACTED", channels=["EMAIL"])
        start = _gone_cold(db, lead["id"])
        remind_uncontacted(db, start + timedelta(days=31))
        assert _told(db, lead["id"]) == []
        assert [to for to, _, _ in _mails(db, "LEAD_NOT_CONTACTED", lead["id"])] == ["sales1@pipeline-crm.local"]

    def test_an_inactive_named_user_is_not_told(self, client: TestClient, db: Session,
                                                lead: dict[str, Any]) -> None:
        approver = db.scalars(select(User).where(User.username == "approver2")).one()
        _set(db, "LEAD_NOT_CONTACTED", recipients=["USERS"], user_ids=[approver.id])
        approver.is_active = False
        db.commit()
        start = _gone_cold(db, lead["id"])
        remind_uncontacted(db, start + timedelta(days=31))
        assert _told(db, lead["id"]) == []

    def test_a_template_broken_behind_the_apis_back_sends_the_default_text(
            self, client: TestClient, db: Session, lead: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
        _set(db, "LEAD_NOT_CONTACTED", message_template="{{ nothing_like_this }}")
        start = _gone_cold(db, lead["id"])
        remind_uncontacted(db, start + timedelta(days=31))
        [(_, message)] = _told(db, lead["id"])
        assert message.startswith(f"'{lead['projectName']}' (") and message.endswith(
            ") has not been contacted for 30 days.")
        assert "the LEAD_NOT_CONTACTED template failed at send time" in caplog.text


class TestScheduleStarting:
    def _plan(self, db: Session, lead_id: int, minutes_ahead: int) -> ActivitySchedule:
        schedule = ActivitySchedule(lead_id=lead_id, activity_type=2, owner_id=_uid(db, "sales1"),
                                    schedule_time=(datetime.now(UTC) + timedelta(minutes=minutes_ahead))
                                    .replace(microsecond=0))
        db.add(schedule)
        db.commit()
        return schedule

    def test_its_template_and_lead_time_are_used(self, client: TestClient, db: Session,
                                                 lead: dict[str, Any]) -> None:
        _set(db, "SCHEDULE_STARTING", lead_minutes=60,
             message_template="{{ activity }} in {{ minutes }} minutes: {{ project }}, {{ time }}")
        schedule = self._plan(db, lead["id"], 50)
        plan = reminders.plan(db, schedule.id)
        assert datetime.fromisoformat(plan.remind_at or "") == schedule.schedule_time - timedelta(minutes=60)
        assert reminders.send(db, schedule.id, schedule.schedule_time, JAKARTA)
        [(_, message)] = _told(db, lead["id"])
        assert message.startswith(f"Presentation in 60 minutes: {lead['projectName']}, ")
        assert message.endswith(" WIB")
        [(to, subject, body)] = _mails(db, "SCHEDULE_STARTING", lead["id"])  # seeded with e-mail too
        assert (to, subject) == ("sales1@pipeline-crm.local", "Activity reminder") and body.startswith(message)
        assert not reminders.send(db, schedule.id, schedule.schedule_time, JAKARTA)  # once

    def test_a_shortened_lead_time_holds_the_reminder_back(self, client: TestClient, db: Session,
                                                           lead: dict[str, Any]) -> None:
        schedule = self._plan(db, lead["id"], 25)  # due by the seeded 30 minutes
        _set(db, "SCHEDULE_STARTING", lead_minutes=10)  # an administrator shortened it since the timer was set
        assert not reminders.send(db, schedule.id, schedule.schedule_time, JAKARTA)
        assert _told(db, lead["id"]) == []
        plan = reminders.plan(db, schedule.id)
        assert datetime.fromisoformat(plan.remind_at or "") == schedule.schedule_time - timedelta(minutes=10)
        assert not plan.done
        # at the new time (the workflow's clock) it goes out
        at = schedule.schedule_time - timedelta(minutes=10)
        assert reminders.send(db, schedule.id, schedule.schedule_time, JAKARTA, now=at)
        assert len(_told(db, lead["id"])) == 1

    def test_a_lengthened_lead_time_is_found_by_the_sweep(self, client: TestClient, db: Session,
                                                          lead: dict[str, Any]) -> None:
        schedule = self._plan(db, lead["id"], 100)
        assert schedule.id not in reminders.due(db)
        _set(db, "SCHEDULE_STARTING", lead_minutes=120)
        assert schedule.id in reminders.due(db)


def test_an_action_nobody_set_reads_its_defaults_once(db: Session) -> None:
    """The settings are kept per process until a change (settings.changed); an action without a row (a database never
    seeded with it) is kept too, not read again on every telling (three times per approval)."""
    from sqlalchemy import delete, event

    from api.notifications.catalogue import ACTIONS

    db.execute(delete(NotificationSetting).where(NotificationSetting.action == "REQUEST_DECIDED"))
    notification_settings.changed()
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    try:
        first = notification_settings.for_action(db, "REQUEST_DECIDED")
        event.listen(db.get_bind(), "before_cursor_execute", count)
        again = notification_settings.for_action(db, "REQUEST_DECIDED")
        event.remove(db.get_bind(), "before_cursor_execute", count)
    finally:
        db.rollback()
        notification_settings.changed()  # the row is back: every process reads it again
    assert first == again and first.channels == list(ACTIONS["REQUEST_DECIDED"].default_channels)
    assert statements == []
