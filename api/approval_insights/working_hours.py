"""Working hours, defined once: a working day runs from WORKDAY_START to WORKDAY_END in the company's time zone
(TIME_ZONE), Monday to Friday, skipping the holidays of /system/holidays. `working_seconds` is that duration between
two instants as a SQL expression, so every figure of the insights (and their percentiles) is computed by PostgreSQL
in the statement that reads the rows."""

from __future__ import annotations

from datetime import time, timedelta
from typing import Any

from sqlalchemy import Date, Float, Interval, cast, exists, func, literal, select

from api.holidays.models import Holiday

WORKDAY_START = time(8, 0)
WORKDAY_END = time(17, 0)
WORKDAY_HOURS = (WORKDAY_END.hour * 60 + WORKDAY_END.minute - WORKDAY_START.hour * 60 - WORKDAY_START.minute) / 60


def _since_midnight(at: time) -> timedelta:
    return timedelta(hours=at.hour, minutes=at.minute)


def describe(zone: str) -> str:
    """The definition in words, as the screen and the export say it."""
    return (f"Times are working hours: Monday to Friday, {WORKDAY_START:%H:%M}-{WORKDAY_END:%H:%M} ({zone}), "
            f"holidays skipped; a working day is {WORKDAY_HOURS:g} hours.")


def working_seconds(start: Any, end: Any, *, zone: str) -> Any:
    """The working seconds from `start` to `end` (timestamptz expressions or values; none when `end` is before
    `start`), as a scalar subquery correlated to the statement that uses it: one row per local day between them."""
    local_day = (func.generate_series(func.date_trunc("day", func.timezone(zone, start)),
                                      func.date_trunc("day", func.timezone(zone, end)),
                                      literal(timedelta(days=1), Interval()))
                 .table_valued("day").render_derived(name="local_day"))
    day = local_day.c.day
    opens = func.timezone(zone, day + literal(_since_midnight(WORKDAY_START), Interval()))
    closes = func.timezone(zone, day + literal(_since_midnight(WORKDAY_END), Interval()))
    first, last = func.greatest(start, opens), func.least(end, closes)
    return (select(cast(func.coalesce(func.sum(func.extract("epoch", last - first)), 0), Float))
            .select_from(local_day)
            .where(func.extract("isodow", day) < 6, ~exists().where(Holiday.day == cast(day, Date)), last > first)
            .scalar_subquery())
