"""Times as the product shows them in messages."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo


def day_text(day: date | datetime, zone: ZoneInfo | None = None) -> str:
    """'5-Jan-2026': the product's one date format (d-MMM-yyyy, lib/format's formatDate); a moment's day in `zone`
    (the business's time zone, TIME_ZONE) when one is given."""
    if isinstance(day, datetime) and zone is not None:
        day = day.astimezone(zone)
    return f"{day.day}-{day:%b-%Y}"


def local_time(at: datetime, zone: ZoneInfo) -> str:
    """'27-Nov-2026 10:00 WIB': the product's date format (lib/format) in the business's time zone (TIME_ZONE)."""
    local = at.astimezone(zone)
    return f"{day_text(local)} {local:%H:%M} {local.tzname()}"


def company_today(time_zone: str) -> date:
    """Today in the business's time zone (TIME_ZONE): a delegation's days and a holiday year are the company's."""
    return datetime.now(ZoneInfo(time_zone)).date()
