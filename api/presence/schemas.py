from __future__ import annotations

from datetime import datetime
from typing import Literal

from api.core.schemas import CamelModel


class MonitoredPerson(CamelModel):
    """A person of the caller's team as sales monitoring lists them (spec 2 §2.11: name, roleName, status, isLoggedIn,
    connectedAt), with how many tabs and devices they are connected with and when they were last seen."""

    user_id: int
    name: str
    role_name: str
    status: Literal["Online", "Away", "Offline"]  # Away: connected, none of their tabs in front
    is_logged_in: bool  # connected now
    connected_at: datetime | None  # since their first open connection; None offline
    # the last moment a connection of theirs was heard from (their last sign-in when none was); None: never seen
    last_seen_at: datetime | None
    tabs: int
    devices: int
