"""Leads going cold (issue 17 point 4): the sales person is reminded once when an ongoing lead reaches 30 days without
contact and once at 90; a new contact starts the count again; a lead found past 90 is reminded of its 90 only; a
closed lead never. The reminder sweep's pass runs this; here it runs at chosen moments."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities.schedule.lead_reminders import remind_uncontacted
from api.leads.models import Lead
from api.notifications.models import Notification


def _reminders(db: Session, lead_id: int) -> list[str]:
    return list(db.scalars(select(Notification.message).where(Notification.lead_id == lead_id,
                                                               Notification.kind == "REMINDER")
                           .order_by(Notification.id)))


def _mine(sent: list[tuple[int, int]], lead_id: int) -> list[int]:
    return [threshold for lead, threshold in sent if lead == lead_id]


def test_once_at_30_once_at_90_and_again_after_a_new_contact(client: TestClient, db: Session,
                                                             lead: dict[str, Any]) -> None:
    start = datetime.now(UTC)
    row = db.get(Lead, lead["id"])
    assert row is not None
    row.last_contacted_at = start
    db.commit()
    assert _mine(remind_uncontacted(db, start + timedelta(days=29)), lead["id"]) == []
    assert _mine(remind_uncontacted(db, start + timedelta(days=31)), lead["id"]) == [30]
    assert _mine(remind_uncontacted(db, start + timedelta(days=31)), lead["id"]) == []  # a second pass: nothing
    assert _mine(remind_uncontacted(db, start + timedelta(days=60)), lead["id"]) == []
    assert _mine(remind_uncontacted(db, start + timedelta(days=91)), lead["id"]) == [90]
    assert _mine(remind_uncontacted(db, start + timedelta(days=200)), lead["id"]) == []
    assert _reminders(db, lead["id"]) == [
        f"'{lead['projectName']}' (Bank Nusa Mandiri) has not been contacted for 30 days.",
        f"'{lead['projectName']}' (Bank Nusa Mandiri) has not been contacted for 90 days."]
    # contacted again: the count starts over
    row.last_contacted_at = start + timedelta(days=100)
    db.commit()
    assert _mine(remind_uncontacted(db, start + timedelta(days=131)), lead["id"]) == [30]
    owner = db.scalars(select(Notification.user_id).where(Notification.lead_id == lead["id"])).first()
    assert owner == row.sales_person_id


def test_a_lead_found_past_90_days_is_reminded_of_its_90_only(client: TestClient, db: Session,
                                                              lead: dict[str, Any]) -> None:
    start = datetime.now(UTC)
    row = db.get(Lead, lead["id"])
    assert row is not None
    row.last_contacted_at = start
    db.commit()
    assert _mine(remind_uncontacted(db, start + timedelta(days=95)), lead["id"]) == [90]
    assert _mine(remind_uncontacted(db, start + timedelta(days=96)), lead["id"]) == []
    assert len(_reminders(db, lead["id"])) == 1


def test_a_closed_lead_is_never_reminded(client: TestClient, db: Session, lead: dict[str, Any]) -> None:
    start = datetime.now(UTC)
    row = db.get(Lead, lead["id"])
    assert row is not None
    row.last_contacted_at, row.status = start, "CLOSED"
    db.commit()
    assert _mine(remind_uncontacted(db, start + timedelta(days=120)), lead["id"]) == []
