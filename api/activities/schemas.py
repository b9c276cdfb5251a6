"""Activity payloads (spec 2 §3.4, §2.9, §7 Activities): camelCase on the wire."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AwareDatetime, Field, WithJsonSchema, field_validator, model_validator

from api.activities.models import NOTES_MAX
from api.core.inputs import Id
from api.core.schemas import CamelModel

NOTES_REQUIRED = "Please enter notes"
NOTES_TOO_LONG = f"Notes cannot exceed {NOTES_MAX} characters"
PIC_REQUIRED = "Please choose person in charge"
PIC_NOT_OF_LEAD = "The person in charge is not one of the lead's persons in charge."
CREATED = "Activity has been started successfully."
# spec 2 §5: a schedule item (the activity form's next steps)
SCHEDULE_ACTIVITY_REQUIRED = "Please choose activity value/label"
SCHEDULE_TIME_REQUIRED = "Please choose date and time"
SCHEDULE_TIME_PAST = "Please choose a date and time in the future"
SCHEDULE_MAX = 10
LOCATION_POINT_HALF = "A location needs both its latitude and its longitude"

ActivityType = Annotated[int, Field(ge=1, le=3, description="Meeting=1, Presentation=2, Demo=3")]


class Option(CamelModel):
    """A value/label pair the form sends (spec 2 §3.4 personInCharge)."""

    value: Id
    label: str | None = Field(default=None, max_length=200)


class LocationIn(CamelModel):
    """Where the activity took place: a point on the map, a typed place (no network in the client's lobby), or
    both; a point needs both of its coordinates."""

    name: str | None = Field(default=None, max_length=200)
    address: str | None = Field(default=None, max_length=500)
    latitude: Annotated[float, Field(ge=-90, le=90)] | None = None
    longitude: Annotated[float, Field(ge=-180, le=180)] | None = None

    @model_validator(mode="after")
    def _point_whole(self) -> LocationIn:
        if (self.latitude is None) != (self.longitude is None):
            raise ValueError(LOCATION_POINT_HALF)
        return self


class ScheduleItemIn(CamelModel):
    """A next step planned on the activity form (spec 2 §3.4 schedule items: activity, dateAndTime, remark). Both
    required fields may arrive empty from the form; the service names what is missing with the spec's messages."""

    activity: Option | None = None
    date_and_time: AwareDatetime | None = None
    remark: str | None = Field(default=None, max_length=NOTES_MAX)


class ActivityCreate(CamelModel):
    """The fields of POST /activity as one model (api/activities/form.py reads them from the multipart body).
    `variant` 1 is the first form (notes, person in charge and at least one next step in `schedule` required), 2
    the second (all optional); the bounds are the same (spec 2 §5)."""

    leads_id: Id
    type: ActivityType
    variant: Annotated[int, Field(ge=1, le=2)] = 1
    person_in_charge: Option | None = None
    # the bound is the check below, with the spec's message; the schema still states it
    notes: Annotated[str, WithJsonSchema({"type": "string", "maxLength": NOTES_MAX})] | None = None
    location: LocationIn | None = None
    # variant 1 plans at least one next step; variant 2 may plan none
    schedule: list[ScheduleItemIn] = Field(default_factory=list, max_length=SCHEDULE_MAX)

    @field_validator("notes")
    @classmethod
    def _notes(cls, value: str | None) -> str | None:
        if value is not None and len(value) > NOTES_MAX:
            raise ValueError(NOTES_TOO_LONG)
        return value.strip() or None if value is not None else None


class ActivityRow(CamelModel):
    """An activity in the lead's list (GET /activity/{leadId})."""

    id: int
    lead_id: int
    type: int
    media: str  # Meeting, Presentation, Demo, Call
    pic_id: int | None
    pic_name: str | None
    activity_notes: str | None
    created_by_name: str | None
    created_at: datetime
    recordings: int
    photos: int
    files: int
    place_name: str | None = Field(default=None, description="Where it took place (the card shows it)")
    place_address: str | None = None


class FileOut(CamelModel):
    """A stored file of an activity: `filename` as shown, `key` the name its loader or download takes."""

    id: int
    filename: str
    key: str
    size: int
    content_type: str


class ActivityDetail(CamelModel):
    """GET /activity/{leadId}/{activityId} (spec 2 §2.9)."""

    id: int
    lead_id: int
    project_name: str
    client_name: str | None
    type: int
    media: str
    pic_id: int | None
    pic_name: str | None
    activity_notes: str | None
    latitude: float | None
    longitude: float | None
    place_name: str | None
    place_address: str | None
    created_by_name: str | None
    created_at: datetime
    duration_seconds: int | None = None  # a call's (api/calls)


class ActivityFiles(CamelModel):
    """GET /activity/files/{leadId}/{activityId}: recordings, photos and files (filename, size)."""

    recordings: list[FileOut]
    photos: list[FileOut]
    files: list[FileOut]


class Created(CamelModel):
    id: int
    message: str = CREATED


class ActivityClientOption(CamelModel):
    client_id: int
    client_name: str


class ProjectOption(CamelModel):
    lead_id: int
    project_name: str


class PicOption(CamelModel):
    pic_id: int
    pic_name: str

