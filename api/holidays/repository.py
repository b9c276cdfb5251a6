"""Holiday queries."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.holidays.models import Holiday


def of_year(session: Session, year: int) -> list[Holiday]:
    stmt = select(Holiday).where(Holiday.day >= date(year, 1, 1), Holiday.day <= date(year, 12, 31))
    return list(session.scalars(stmt.order_by(Holiday.day)))


def on_day(session: Session, day: date, exclude_id: int | None = None) -> Holiday | None:
    stmt = select(Holiday).where(Holiday.day == day)
    if exclude_id is not None:
        stmt = stmt.where(Holiday.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()


def days_between(session: Session, first: date, last: date) -> set[date]:
    """The holidays from `first` to `last` (inclusive): what working-day arithmetic skips."""
    return set(session.scalars(select(Holiday.day).where(Holiday.day >= first, Holiday.day <= last)))
