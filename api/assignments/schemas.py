"""Assignment Monitoring payloads."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class ReassignIn(CamelModel):
    """Move leads from one sales person to another: the leads named, or (`allLeads`) every lead of theirs. The
    service checks every rule at once and answers with the form's messages."""

    from_user_id: Id | None = None
    to_user_id: Id | None = None
    lead_ids: list[Id] = Field(default_factory=list, max_length=5000)
    all_leads: bool = Field(default=False, description="Move every lead of the from-person (their whole book)")
    reason: str | None = Field(default=None, max_length=2000)


class OwnerChangeIn(CamelModel):
    """Give leads (one, or several of one or more sales people) to another sales person with a reason: the rules
    and the history of a reassignment, one for each sales person whose leads move."""

    lead_ids: list[Id] = Field(default_factory=list, max_length=5000)
    to_user_id: Id | None = None
    reason: str | None = Field(default=None, max_length=2000)


class ReassignmentRow(CamelModel):
    """A past reassignment as the list shows it."""

    id: int
    at: datetime
    from_user_id: int
    from_name: str
    to_user_id: int
    to_name: str
    by_name: str
    lead_count: int
    reason: str


class MovedLead(CamelModel):
    """A lead a reassignment moved, as it was when it moved."""

    lead_id: int | None = Field(description="None when the lead has been removed since")
    project_name: str
    client_name: str | None
    stage_name: str | None = Field(description="'E3 Qualified'")
    status: str
    status_label: str = Field(description="'On Hold'")
    total_gross_profit: float
    request_moved: bool = Field(description="Its pending approval request followed the new owner")
    schedules_moved: int = Field(description="Its upcoming activity schedules that moved to the new owner")


class ReassignmentDetail(ReassignmentRow):
    leads: list[MovedLead]
    message: str = Field(description="'3 leads moved from Sari Dewi to Rina Wijaya.'")


class BookLead(CamelModel):
    """A lead of a sales person's book, to choose from."""

    id: int
    project_name: str
    client_name: str | None
    stage_name: str | None
    status: str
    status_label: str = Field(description="'On Hold'")
    total_gross_profit: float
    pending_request: bool = Field(description="Waits for an approval request (it follows the new owner)")
    upcoming_schedules: int = Field(description="Activity schedules still to come (they move to the new owner)")


class Person(CamelModel):
    """Someone leads can move from (anyone in the caller's scope who owns leads, active or not) or to (an active
    sales person: `canReceive`)."""

    id: int
    fullname: str
    username: str
    is_active: bool
    can_receive: bool
    lead_count: int


class OwnerChangeOut(CamelModel):
    """The reassignments an owner change made (one for each sales person whose leads moved)."""

    lead_count: int
    reassignments: list[ReassignmentRow]
    message: str = Field(description="'2 leads moved from Sari Dewi to Rina Wijaya.' (a sentence for each person)")
