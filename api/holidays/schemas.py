"""Holiday payloads: the days an approval layer's working-day (W) deadline skips."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field

from api.core.schemas import CamelModel


class HolidayIn(CamelModel):
    """The holiday form; the service checks each rule with its message, all at once."""

    day: date | None = None
    name: str | None = Field(default=None, max_length=1000)


class HolidayOut(CamelModel):
    id: int
    day: date
    name: str
    created_at: datetime
