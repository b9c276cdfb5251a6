"""The company's holidays, kept by an administrator: one per day, each with a name."""

from __future__ import annotations

from datetime import date

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.times import day_text
from api.holidays import repository
from api.holidays.models import Holiday
from api.holidays.schemas import HolidayIn, HolidayOut

HOLIDAY_NOT_FOUND = "Holiday not found."
DAY_REQUIRED = "Please choose the day."
NAME_REQUIRED = "Please enter the holiday's name."
NAME_LIMIT = 120
NAME_TOO_LONG = f"The name cannot exceed {NAME_LIMIT} characters."


def day_taken_message(day: date, name: str) -> str:
    return f"{day_text(day)} is already a holiday ({name})."


def deleted_message(name: str) -> str:
    return f"'{name}' has been deleted successfully."


def to_out(holiday: Holiday) -> HolidayOut:
    return HolidayOut(id=holiday.id, day=holiday.day, name=holiday.name, created_at=holiday.created_at)


def _validate(data: HolidayIn) -> tuple[date, str]:
    name = (data.name or "").strip()
    errors = []
    if data.day is None:
        errors.append(DAY_REQUIRED)
    if not name:
        errors.append(NAME_REQUIRED)
    elif len(name) > NAME_LIMIT:
        errors.append(NAME_TOO_LONG)
    if errors or data.day is None:
        raise ValidationFailed(errors)
    return data.day, name


def _check_day(session: Session, day: date, exclude_id: int | None) -> None:
    taken = repository.on_day(session, day, exclude_id)
    if taken is not None:
        raise Conflict(day_taken_message(day, taken.name))


def _commit(session: Session, day: date) -> None:
    try:
        session.commit()
    except IntegrityError as exc:  # a concurrent save took the day between the check and the insert
        session.rollback()
        raise Conflict(day_taken_message(day, "added meanwhile")) from exc


def get_or_404(session: Session, holiday_id: int) -> Holiday:
    holiday = session.get(Holiday, holiday_id)
    if holiday is None:
        raise NotFound(HOLIDAY_NOT_FOUND)
    return holiday


def list_year(*, session: Session, year: int) -> list[HolidayOut]:
    return [to_out(h) for h in repository.of_year(session, year)]


def create(*, session: Session, data: HolidayIn) -> HolidayOut:
    day, name = _validate(data)
    _check_day(session, day, None)
    holiday = Holiday(day=day, name=name)
    session.add(holiday)
    _commit(session, day)
    return to_out(holiday)


def update(*, session: Session, holiday_id: int, data: HolidayIn) -> HolidayOut:
    holiday = get_or_404(session, holiday_id)
    day, name = _validate(data)
    _check_day(session, day, holiday.id)
    holiday.day, holiday.name = day, name
    _commit(session, day)
    return to_out(holiday)


def delete(*, session: Session, holiday_id: int) -> str:
    holiday = get_or_404(session, holiday_id)
    session.delete(holiday)
    session.commit()
    return deleted_message(holiday.name)


def holidays_between(*, session: Session, first: date, last: date) -> set[date]:
    """The holiday days from `first` to `last`, for working-day (W) deadlines."""
    return repository.days_between(session, first, last)
