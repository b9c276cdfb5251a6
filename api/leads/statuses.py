"""The status filter of the board, the lead lists and leads management."""

from __future__ import annotations

from api.core.errors import ValidationFailed
from api.leads.models import ONGOING, STATUSES


def parse_statuses(raw: str | None) -> list[str]:
    """'ONGOING' (the default) is NEW and WAITING; 'ALL' is every status; else a comma list."""
    if not raw or raw.upper() == "ONGOING":
        return list(ONGOING)
    if raw.upper() == "ALL":
        return list(STATUSES)
    values = [v.strip().upper() for v in raw.split(",") if v.strip()]
    unknown = [v for v in values if v not in STATUSES and v != "ONGOING"]
    if unknown:
        raise ValidationFailed(f"Unknown status '{unknown[0]}'. Use ONGOING, ALL or {', '.join(STATUSES)}.")
    return sorted({s for v in values for s in (ONGOING if v == "ONGOING" else (v,))})
