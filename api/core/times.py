"""Times as the product shows them in messages."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo


def local_time(at: datetime, zone: ZoneInfo) -> str:
    """'27-Nov-2026 10:00 WIB': the product's date format (lib/format) in the business's time zone (TIME_ZONE)."""
    local = at.astimezone(zone)
    return f"{local.day}-{local:%b-%Y %H:%M} {local.tzname()}"


def company_today(time_zone: str) -> date:
    """Today in the business's time zone (TIME_ZONE): a delegation's days and a holiday year are the company's."""
    return datetime.now(ZoneInfo(time_zone)).date()
