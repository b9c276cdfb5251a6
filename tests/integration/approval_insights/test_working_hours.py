"""The working-hours duration (api/approval_insights/working_hours.py), alone: PostgreSQL computes it, so it runs on
the test database (inside the test's rolled-back transaction), no API call."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approval_insights.working_hours import WORKDAY_END, WORKDAY_HOURS, WORKDAY_START, describe, working_seconds
from api.holidays.models import Holiday

ZONE = "Asia/Jakarta"
JAKARTA = ZoneInfo(ZONE)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=JAKARTA)


def hours(db: Session, start: datetime, end: datetime, zone: str = ZONE) -> float:
    return db.scalar(select(working_seconds(start, end, zone=zone))) / 3600  # type: ignore[operator]


FRIDAY = date(2031, 1, 3)  # a Friday; Monday 6 January 2031 is made a holiday below
MONDAY, TUESDAY = date(2031, 1, 6), date(2031, 1, 7)


def test_the_working_day_is_eight_to_five() -> None:
    assert (WORKDAY_START.hour, WORKDAY_END.hour, WORKDAY_HOURS) == (8, 17, 9)
    assert describe(ZONE) == ("Times are working hours: Monday to Friday, 08:00-17:00 (Asia/Jakarta), holidays "
                              "skipped; a working day is 9 hours.")


def test_friday_afternoon_to_monday_morning(db: Session) -> None:
    # Friday 16:00 to 17:00, then Monday 08:00 to 09:00: the weekend counts nothing
    assert hours(db, at(FRIDAY, 16), at(MONDAY, 9)) == 2
    db.add(Holiday(day=MONDAY, name="Working-hours test holiday"))
    db.flush()
    # Monday is a holiday: only Friday's last hour, and Tuesday's first when it runs on
    assert hours(db, at(FRIDAY, 16), at(MONDAY, 9)) == 1
    assert hours(db, at(FRIDAY, 16), at(TUESDAY, 9, 30)) == 2.5


@pytest.mark.parametrize(("start", "end", "expected"), [
    (at(FRIDAY, 9), at(FRIDAY, 11, 15), 2.25),  # within a day
    (at(FRIDAY, 6), at(FRIDAY, 20), 9),  # before opening and after closing: the day's nine hours
    (at(FRIDAY, 18), at(date(2031, 1, 4), 12), 0),  # Friday evening to Saturday noon
    (at(FRIDAY, 12), at(FRIDAY, 12), 0),
    (at(FRIDAY, 12), at(FRIDAY, 10), 0),  # an end before its start counts nothing
    (at(date(2031, 1, 13), 8), at(date(2031, 1, 27), 8), 90),  # two weeks: ten working days
])
def test_spans(db: Session, start: datetime, end: datetime, expected: float) -> None:
    assert hours(db, start, end) == expected


def test_days_are_the_company_time_zone(db: Session) -> None:
    # 01:00 to 10:00 UTC is 08:00 to 17:00 in Jakarta: a whole working day there, two hours in London's winter
    start, end = datetime(2031, 1, 3, 1, tzinfo=UTC), datetime(2031, 1, 3, 10, tzinfo=UTC)
    assert hours(db, start, end) == 9
    assert hours(db, start, end, zone="Europe/London") == 2
