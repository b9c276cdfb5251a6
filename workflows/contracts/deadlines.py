"""When an approval layer is due: hours, calendar days (C) or working days (W, spec 2 §4.4), counted in the
company's time zone. Working days skip Saturdays, Sundays and the holidays an administrator keeps. Pure: the
deadline activity computes it once, so the workflow's timers replay from its answer."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo


def working_day(day: date, holidays: Collection[date]) -> bool:
    return day.weekday() < 5 and day not in holidays


def add(start: datetime, amount: int, unit: str, *, holidays: Collection[date], time_zone: str) -> datetime:
    """`start` plus `amount` `unit`s, as an aware UTC time. A day keeps the wall-clock time of `start` (a layer that
    started at 10:00 on Friday with 1 W is due at 10:00 on Monday, or Tuesday when Monday is a holiday)."""
    if amount <= 0:
        return start
    if unit == "HOURS":
        return start + timedelta(hours=amount)
    zone = ZoneInfo(time_zone)
    local = start.astimezone(zone)
    day = local.date()
    if unit == "C":
        day += timedelta(days=amount)
    elif unit == "W":
        left = amount
        while left:
            day += timedelta(days=1)
            if working_day(day, holidays):
                left -= 1
    else:
        raise ValueError(f"unknown deadline unit {unit!r}")
    wall = datetime.combine(day, local.time().replace(tzinfo=None))
    return wall.replace(tzinfo=zone).astimezone(start.tzinfo or ZoneInfo("UTC"))
