from __future__ import annotations

from datetime import datetime
from typing import Literal

from api.core.schemas import CamelModel


class OnlinePerson(CamelModel):
    """A connected person as sales monitoring lists them (spec 2 §2.11: name, roleName, status, isLoggedIn,
    connectedAt), with how many tabs and devices they are connected with."""

    user_id: int
    name: str
    role_name: str
    status: Literal["Online", "Away"]  # Away: none of their tabs is in front
    is_logged_in: bool
    connected_at: datetime
    tabs: int
    devices: int
