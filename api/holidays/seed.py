"""Demo holidays (Indonesia's fixed-date ones) for this year and the next, only into an empty table: a real
deployment starts with none, its administrator keeps them."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.holidays.models import Holiday

FIXED = [((1, 1), "New Year's Day"), ((5, 1), "Labour Day"), ((6, 1), "Pancasila Day"),
         ((8, 17), "Independence Day"), ((12, 25), "Christmas Day")]


def seed_demo_holidays(session: Session) -> None:
    if session.scalar(select(Holiday.id).limit(1)) is not None:
        return
    this_year = datetime.now(UTC).year
    for year in (this_year, this_year + 1):
        for (month, day), name in FIXED:
            session.add(Holiday(day=date(year, month, day), name=name))
