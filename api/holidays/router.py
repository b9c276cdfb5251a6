"""Holidays (system/holiday): the days a working-day (W) approval deadline skips, kept by an administrator."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from api.core import exports
from api.core.deps import Authz, SessionDep, SettingsDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, Message, ok
from api.core.times import company_today
from api.holidays import service
from api.holidays.schemas import HolidayIn, HolidayOut
from api.users.models import User

router = domain_router("/holidays", tags=["holidays"])
PAGE = "system/holiday"


@router.get("", summary="The holidays of a year (this year by default), by day (export=xlsx: as a spreadsheet)",
            dependencies=[exports.WHOLE_LIST])
def list_holidays(session: SessionDep, settings: SettingsDep, actor: Annotated[User, Authz(PAGE, "read")],
                  year: Annotated[int | None, Query(ge=2000, le=2100)] = None) -> Envelope[list[HolidayOut]]:
    return ok(service.list_year(session=session, year=year or company_today(settings.time_zone).year))


@router.post("", summary="Add a holiday (one per day)")
def create_holiday(body: HolidayIn, session: SessionDep,
                   actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[HolidayOut]:
    return ok(service.create(session=session, data=body))


@router.put("/{holiday_id}", summary="Change a holiday's day or name")
def update_holiday(holiday_id: Id, body: HolidayIn, session: SessionDep,
                   actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[HolidayOut]:
    return ok(service.update(session=session, holiday_id=holiday_id, data=body))


@router.delete("/{holiday_id}", summary="Remove a holiday")
def delete_holiday(holiday_id: Id, session: SessionDep,
                   actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[Message]:
    return ok(Message(message=service.delete(session=session, holiday_id=holiday_id)))
