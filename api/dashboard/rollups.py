"""The time zone of the closed-months rollup follows the setting: at start the API compares them and, when they
differ, counts the months again in the new zone (api/dashboard/models.py; the trigger reads the stored zone)."""

from __future__ import annotations

import logging

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from api.dashboard.models import RollupZone

log = logging.getLogger(__name__)


def stored_zone(session: Session) -> str | None:
    return session.scalar(select(RollupZone.time_zone))


def follow_zone(session: Session, zone: str) -> bool:
    """Make the rollup count months in `zone`; True when it had to count them again. Commits."""
    row = session.scalar(select(RollupZone).with_for_update())
    if row is not None and row.time_zone == zone:
        session.rollback()
        return False
    if row is None:
        session.add(RollupZone(id=1, time_zone=zone))
    else:
        row.time_zone = zone
    session.flush()
    session.execute(text("SELECT dashboard_rollup_rebuild()"))
    session.commit()
    log.info("the dashboard's closed months are now counted in %s", zone)
    return True
