"""Activity schedule payloads (spec 2 §3.5, §5 schedule form, §7 schedule calls, §8): camelCase on the wire."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal, TypedDict

from pydantic import AwareDatetime, Field

from api.activities.models import NOTES_MAX
from api.activities.schemas import Option
from api.core.inputs import Id
from api.core.schemas import CamelModel

# spec 2 §5 (schedule form) and §8
ACTIVITY_REQUIRED = "Please choose activity"
CLIENT_REQUIRED = "Please choose client"
PROJECT_REQUIRED = "Please choose project name"
PIC_REQUIRED = "Please choose person in charge"
TIME_REQUIRED = "Please set the start date of this project."
REMARK_REQUIRED = "Please enter remark"
PROJECT_NOT_OF_CLIENT = "The project is not one of the client's leads you may plan on."
PIC_NOT_OF_LEAD = "The person in charge is not one of the lead's persons in charge."
SCHEDULE_NOT_FOUND = "Activity schedule not found."
PAST_LOCKED = "A past activity schedule cannot be changed."
NOT_OWNER = "Only the person who planned it may change this activity schedule."
UPDATED = "Activity Schedule information has been updated successfully."
REMOVED = "Activity Schedule has been removed successfully."
PAGE_SIZE = 5  # spec 2 §9


class ScheduleIn(CamelModel):
    """POST /activity/schedule (PUT adds `id`): every field may arrive empty from the form; the service names what is
    missing with the spec's messages."""

    client: Option | None = None
    project_name: Option | None = Field(default=None, description="value: the lead's id")
    person_in_charge: Option | None = None
    activity: Option | None = None
    date_and_time: AwareDatetime | None = None
    remark: str | None = Field(default=None, max_length=NOTES_MAX)


class ScheduleUpdate(ScheduleIn):
    id: Id


class ScheduleRow(CamelModel):
    """A planned activity (spec 2 §3.5)."""

    id: int
    client_id: int
    client_name: str
    leads_id: int
    project_name: str
    pic_id: int | None
    pic_name: str | None
    activity_type: int
    media: str
    schedule_time: datetime
    schedule_notes: str | None
    owner_id: int
    owner_name: str | None
    editable: bool  # the caller's own and still to come


class ScheduleRowOut(TypedDict):
    """ScheduleRow as it goes on the wire (its camelCase names), for answers serialised without building the model."""

    id: int
    clientId: int
    clientName: str
    leadsId: int
    projectName: str
    picId: int | None
    picName: str | None
    activityType: int
    media: str
    scheduleTime: datetime
    scheduleNotes: str | None
    ownerId: int
    ownerName: str | None
    editable: bool


class SchedulePagination(CamelModel):
    current_page: int
    has_more: bool


class ScheduleList(CamelModel):
    data: list[ScheduleRow]
    pagination: SchedulePagination


class ScheduleSaved(CamelModel):
    id: int
    message: str


EventType = Literal["upcoming", "history"]
CalendarView = Literal["month", "week"]
Page = Annotated[int, Field(ge=1, le=100_000)]
PerPage = Annotated[int, Field(ge=1, le=100)]
Search = Annotated[str, Field(max_length=200)]
CalendarDate = Annotated[date, Field(ge=date(2000, 1, 1), le=date(2100, 12, 31))]  # a calendar's page


class CalendarFeedIn(CamelModel):
    include_team: bool = Field(default=False, description="a team leader's feed: the team's plans too")


class CalendarFeedOut(CamelModel):
    """A person's private calendar address, as its settings show it (the address itself is shown once)."""

    active: bool
    include_team: bool
    created_at: datetime | None
    read_at: datetime | None = Field(description="when a calendar last fetched it")
    can_include_team: bool


class CalendarFeedSaved(CalendarFeedOut):
    url: str = Field(description="the address to subscribe to: shown now only")
