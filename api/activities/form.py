"""The multipart body of POST /activity, field by field as spec 2 §7 names them: `personInCharge, notes, type,
leadsId, file, recording, schedule, location` (plus `variant`, which of the two forms of spec 2 §5 sent it).

`personInCharge`, `schedule` and `location` are JSON parts (spec 2 §3.4: a value/label pair, a list of items, a
place), described as the JSON they carry so the front end's types and the fuzzer's requests come from the schema.
`file` and `recording` may each come several times. A `file` is a photo when its content is a picture (JPEG, PNG):
it is kept with the activity's photos; any other allowed document is kept as a file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import File, Form, UploadFile
from pydantic import Field, ValidationError

from api.activities import service
from api.activities.models import NOTES_MAX
from api.activities.schemas import SCHEDULE_MAX, ActivityCreate, ActivityType, LocationIn, Option, ScheduleItemIn
from api.core import uploads
from api.core.errors import ValidationFailed
from api.core.form_parts import Fields, fields_of, json_encoding, json_of, json_part, refused
from api.core.inputs import Id
from api.core.limits import body_limit

MAX_RECORDINGS = 3
MAX_FILES = 10  # photos and documents together (the form offers five of each)
BODY_LIMIT = (MAX_RECORDINGS * service.KINDS[service.RECORDING].max_bytes
              + MAX_FILES * service.KINDS[service.FILE].max_bytes + uploads.FORM_OVERHEAD)
PART_LIMIT = 10_000  # characters of a JSON part: a place, a few ids, ten next steps with their remarks
JSON_PARTS = ("personInCharge", "schedule", "location")

OPENAPI_EXTRA = {**body_limit(BODY_LIMIT), **json_encoding(*JSON_PARTS)}

LeadsId = Annotated[Id, Form(alias="leadsId", description="The lead the activity was on")]
Type = Annotated[ActivityType, Form(alias="type")]
Variant = Annotated[int, Form(ge=1, le=2, description=(
    "1: the full report (notes, person in charge and at least one next step required); 2: the quick report "
    "(all optional). The bounds are the same (spec 2 §5)"))]
PersonInCharge = Annotated[str | None, Form(
    alias="personInCharge", max_length=PART_LIMIT, description="JSON: the person met, a value/label pair",
    json_schema_extra=json_part(Option, nullable=True))]
# the bound is checked with the spec's message ('Notes cannot exceed 1024 characters'); the schema still states it
Notes = Annotated[str | None, Form(json_schema_extra={"anyOf": [{"type": "string", "maxLength": NOTES_MAX},
                                                                {"type": "null"}]})]
Schedule = Annotated[str | None, Form(
    max_length=PART_LIMIT, description="JSON: the next steps planned (activity, dateAndTime with its zone, remark)",
    json_schema_extra=json_part(Annotated[list[ScheduleItemIn], Field(max_length=SCHEDULE_MAX)], nullable=True))]
Location = Annotated[str | None, Form(
    max_length=PART_LIMIT, description="JSON: where it took place (name, address, latitude, longitude)",
    json_schema_extra=json_part(LocationIn, nullable=True))]
Files = Annotated[list[UploadFile] | None, File(
    alias="file", max_length=MAX_FILES, description="Photos and files: pdf, jpeg, jpg, png, mp3 or m4a, 15 MB each, "
    "checked by content; a picture is kept as a photo")]
Recordings = Annotated[list[UploadFile] | None, File(
    alias="recording", max_length=MAX_RECORDINGS, description="Voice notes (webm, ogg, m4a or mp3 by content), "
    "50 MB each, named '<name>-<n>' after the name they are sent with")]


@dataclass
class SentActivity:
    data: ActivityCreate
    parts: dict[str, list[service.Part]]  # recordings and files (photos among them) as sent, not yet checked


def _refused(fields: Fields) -> ValidationFailed:
    return refused(fields, sentences={"notes"})  # the notes' messages are the spec's own sentences


def activity_form(leads_id: LeadsId, type_: Type, variant: Variant = 1, person_in_charge: PersonInCharge = None,
                  notes: Notes = None, schedule: Schedule = None, location: Location = None,
                  files: Files = None, recordings: Recordings = None) -> SentActivity:
    """The activity as sent, its JSON parts read and the whole checked by the activity's bounds (422 naming each
    field); the files are checked by the service, by size and content, before anything is written."""
    fields: list[dict[str, str]] = []
    raw = {"leadsId": leads_id, "type": type_, "variant": variant, "notes": notes,
           "personInCharge": json_of("personInCharge", person_in_charge, fields),
           "schedule": json_of("schedule", schedule, fields) or [], "location": json_of("location", location, fields)}
    if fields:
        raise _refused(fields)
    try:
        data = ActivityCreate.model_validate(raw)
    except ValidationError as exc:
        raise _refused(fields_of(exc)) from exc
    parts = {kind: [(p.file, p.filename or "") for p in sent or [] if p.filename]
             for kind, sent in ((service.RECORDING, recordings), (service.FILE, files))}
    return SentActivity(data=data, parts=parts)
