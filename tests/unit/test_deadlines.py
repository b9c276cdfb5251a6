"""A layer's deadline: hours, calendar days (C) and working days (W) in the company's time zone."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from workflows.contracts.approval_rules import Approver, Deadline, Layer, validate_layers
from workflows.contracts.deadlines import add

JAKARTA = "Asia/Jakarta"  # UTC+7, no daylight saving
FRIDAY_10_WIB = datetime(2026, 11, 27, 3, 0, tzinfo=UTC)


def wib(at: datetime) -> str:
    return at.astimezone(ZoneInfo(JAKARTA)).strftime("%a %d %b %H:%M")


def test_hours_are_hours_whatever_the_day() -> None:
    assert wib(add(FRIDAY_10_WIB, 20, "HOURS", holidays=(), time_zone=JAKARTA)) == "Sat 28 Nov 06:00"


def test_calendar_days_count_weekends() -> None:
    assert wib(add(FRIDAY_10_WIB, 2, "C", holidays=(), time_zone=JAKARTA)) == "Sun 29 Nov 10:00"


def test_working_days_skip_the_weekend_and_holidays() -> None:
    assert wib(add(FRIDAY_10_WIB, 1, "W", holidays=(), time_zone=JAKARTA)) == "Mon 30 Nov 10:00"
    monday_off = {date(2026, 11, 30)}
    assert wib(add(FRIDAY_10_WIB, 1, "W", holidays=monday_off, time_zone=JAKARTA)) == "Tue 01 Dec 10:00"
    assert wib(add(FRIDAY_10_WIB, 5, "W", holidays=monday_off, time_zone=JAKARTA)) == "Mon 07 Dec 10:00"


def test_a_layer_started_on_a_saturday_counts_from_monday() -> None:
    saturday = datetime(2026, 11, 28, 2, 0, tzinfo=UTC)  # 09:00 WIB
    assert wib(add(saturday, 1, "W", holidays=(), time_zone=JAKARTA)) == "Mon 30 Nov 09:00"


def test_the_local_date_decides_not_the_utc_one() -> None:
    late_friday = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)  # Saturday 01:00 WIB
    assert wib(add(late_friday, 1, "W", holidays=(), time_zone=JAKARTA)) == "Mon 30 Nov 01:00"


def test_zero_is_now() -> None:
    assert add(FRIDAY_10_WIB, 0, "W", holidays=(), time_zone=JAKARTA) == FRIDAY_10_WIB


@pytest.mark.parametrize(("deadline", "message"), [
    (Deadline(0, "HOURS"), "Layer 1 (Check): the deadline must be between 1 and 999."),
    (Deadline(2, "D"), "Layer 1 (Check): the deadline is counted in hours (HOURS), calendar days (C) or working "
                       "days (W)."),
    (Deadline(2, "W", 1, "USER"), "Layer 1 (Check): choose the user it is escalated to."),
    (Deadline(2, "W", 1, "BOSS"), "Layer 1 (Check): escalate to nobody (NONE), the requester's team leader "
                                  "(TEAM_LEADER) or a user (USER)."),
])
def test_bad_deadlines_are_refused_with_their_reason(deadline: Deadline, message: str) -> None:
    assert validate_layers([Layer("Check", "ANY_USER", [Approver(1, "A")], deadline=deadline)]) == [message]
