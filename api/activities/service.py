"""Activities on a lead: who may see them (everyone who may see the lead, nobody else), recording one whole or not
at all (its files staged with the save), and serving its files through the lead's access check."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import BinaryIO

from sqlalchemy.orm import Session

from api.activities import repository as repo
from api.activities.models import TYPES, Activity, ActivityFile
from api.activities.schedule import service as schedules
from api.activities.schemas import (
    NOTES_REQUIRED,
    PIC_NOT_OF_LEAD,
    PIC_REQUIRED,
    ActivityClientOption,
    ActivityCreate,
    ActivityDetail,
    ActivityFiles,
    ActivityRow,
    Created,
    FileOut,
    PicOption,
    ProjectOption,
)
from api.clients.models import Client
from api.core import uploads
from api.core.errors import NotFound, ValidationFailed
from api.core.storage import Storage, StoredFile
from api.leads import contacted as lead_contacted
from api.leads import detail as lead_detail
from api.leads import visibility
from api.leads.models import Lead
from api.users.models import User

ACTIVITY_NOT_FOUND = "Activity not found."
FILE_NOT_FOUND = "File not found."
RECORDING, PHOTO, FILE = "RECORDING", "PHOTO", "FILE"
STEMS = {RECORDING: "recording", PHOTO: "photo", FILE: "file"}
# spec 2 §5, §9: voice notes up to 50 MB; photos and files pdf, jpeg, jpg, png, mp3, m4a up to 15 MB each
KINDS = {RECORDING: uploads.RECORDING, PHOTO: uploads.DOCUMENT, FILE: uploads.DOCUMENT}
Part = tuple[BinaryIO, str]  # a spooled upload and the name it was sent with
_TRAILING_NUMBER = re.compile(r"-\d+$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._ ()-]")


def namespace(lead_id: int) -> str:
    """Where a lead's activity files are kept."""
    return f"activities/{lead_id}"


def _activity_or_404(session: Session, actor: User, lead_id: int, activity_id: int
                     ) -> tuple[Lead, Activity, str | None, str | None]:
    """The lead (one the actor may read) and its activity with the person in charge's and the author's names."""
    lead = visibility.readable_or_404(session, actor, lead_id)
    found = repo.get(session, lead.id, activity_id)
    if found is None:
        raise NotFound(ACTIVITY_NOT_FOUND)
    return (lead, *found)


def list_for_lead(*, session: Session, actor: User, lead_id: int) -> list[ActivityRow]:
    """The lead's activities, newest first."""
    lead = visibility.readable_or_404(session, actor, lead_id)
    rows = repo.of_lead(session, lead.id)
    counts = repo.file_counts(session, [a.id for a, _, _ in rows])
    return [ActivityRow(id=a.id, lead_id=a.lead_id, type=a.type, media=TYPES[a.type], pic_id=a.pic_contact_id,
                        pic_name=pic, activity_notes=a.notes, created_by_name=author, created_at=a.created_at,
                        recordings=counts.get((a.id, RECORDING), 0), photos=counts.get((a.id, PHOTO), 0),
                        files=counts.get((a.id, FILE), 0), place_name=a.place_name,
                        place_address=a.place_address) for a, pic, author in rows]


def get_detail(*, session: Session, actor: User, lead_id: int, activity_id: int) -> ActivityDetail:
    lead, a, pic, author = _activity_or_404(session, actor, lead_id, activity_id)
    client = session.get(Client, lead.client_id)
    return ActivityDetail(id=a.id, lead_id=a.lead_id, project_name=lead.project_name,
                          client_name=client.client_name if client else None, type=a.type, media=TYPES[a.type],
                          pic_id=a.pic_contact_id, pic_name=pic, activity_notes=a.notes, latitude=a.latitude,
                          longitude=a.longitude, place_name=a.place_name, place_address=a.place_address,
                          created_by_name=author, created_at=a.created_at, duration_seconds=a.duration_seconds)


def _file_out(f: ActivityFile) -> FileOut:
    return FileOut(id=f.id, filename=f.filename, key=f.key, size=f.size, content_type=f.content_type)


def get_files(*, session: Session, actor: User, lead_id: int, activity_id: int) -> ActivityFiles:
    _, a, _, _ = _activity_or_404(session, actor, lead_id, activity_id)
    found = repo.files_of(session, a.id)
    return ActivityFiles(recordings=[_file_out(f) for f in found if f.kind == RECORDING],
                         photos=[_file_out(f) for f in found if f.kind == PHOTO],
                         files=[_file_out(f) for f in found if f.kind == FILE])


def _stored(storage: Storage, lead_id: int, row: ActivityFile | None) -> tuple[StoredFile, ActivityFile]:
    stored = storage.find(namespace(lead_id), row.key) if row is not None else None
    if stored is None or row is None:
        raise NotFound(FILE_NOT_FOUND)
    return stored, row


def load(*, session: Session, storage: Storage, actor: User, lead_id: int, kind: str, key: str
         ) -> tuple[StoredFile, ActivityFile]:
    """A recording or photo of one of the lead's activities, for a caller who may see the lead."""
    visibility.readable_or_404(session, actor, lead_id)
    return _stored(storage, lead_id, repo.file_of_lead(session, lead_id, kind, key))


def download(*, session: Session, storage: Storage, actor: User, activity_id: int, name: str
             ) -> tuple[StoredFile, ActivityFile]:
    """Any file of the activity (by its stored name or the name it is shown with), for a caller who may see its
    lead."""
    lead_id = repo.lead_of(session, activity_id)
    if lead_id is None:
        raise NotFound(ACTIVITY_NOT_FOUND)
    visibility.readable_or_404(session, actor, lead_id)
    return _stored(storage, lead_id, repo.file_of_activity(session, activity_id, name))


def download_name(row: ActivityFile) -> str:
    """The name a file is saved under: a recording's '<name>-<n>' takes its extension back."""
    if row.kind == RECORDING:
        return f"{row.filename}.{row.key.rsplit('.', 1)[-1]}"
    return row.filename


def clients(*, session: Session, actor: User) -> list[ActivityClientOption]:
    """The clients of the leads the actor may work on (the schedule form's first choice)."""
    scope = visibility.visible_sales_ids(session, actor)
    return [ActivityClientOption(client_id=i, client_name=n) for i, n in repo.clients(session, scope)]


def projects(*, session: Session, actor: User, client_id: int) -> list[ProjectOption]:
    scope = visibility.visible_sales_ids(session, actor)
    return [ProjectOption(lead_id=i, project_name=n) for i, n in repo.projects(session, client_id, scope)]


def pics(*, session: Session, actor: User, lead_id: int) -> list[PicOption]:
    return [PicOption(pic_id=p.pic_id, pic_name=p.pic_name)
            for p in lead_detail.get_pics(session=session, actor=actor, lead_id=lead_id)]


def recording_name(filename: str, n: int) -> str:
    """'<name>-<n>': the name the recorder gave (its extension and any number dropped), numbered in the activity."""
    stem = filename.rsplit(".", 1)[0] if "." in filename else filename
    stem = _UNSAFE.sub("_", _TRAILING_NUMBER.sub("", stem)).strip()[:120] or "recording"
    return f"{stem}-{n}"


def _shown_name(upload: uploads.Upload) -> str:
    return _UNSAFE.sub("_", upload.filename).strip()[:150] or f"file.{upload.ext}"


def _kept_as(kind: str, upload: uploads.Upload) -> str:
    """A `file` whose content is a picture is one of the activity's photos (spec 2 §2.9 shows them apart)."""
    return PHOTO if kind == FILE and upload.media_type.startswith("image/") else kind


def create(*, session: Session, storage: Storage, actor: User, data: ActivityCreate,
           parts: dict[str, list[Part]]) -> tuple[Created, list[int]]:
    """Record an activity on a lead the actor may work on, with its files (`parts`: recordings and files, the
    pictures among the files kept as photos) and its next steps, whole or not at all; the lead's last contacted
    time moves and its history records the activity. Answers the ids of the plans made too (their reminders are
    told once this has committed)."""
    lead = visibility.visible_or_404(session, actor, data.leads_id)
    # each file is checked by size and content where it was spooled, before anything is written
    checked: dict[str, list[uploads.Upload]] = {kind: [] for kind in KINDS}
    for kind in (RECORDING, FILE):
        for file, name in parts.get(kind, []):
            upload = uploads.inspect(file, name, KINDS[kind])
            checked[_kept_as(kind, upload)].append(upload)
    fields: list[dict[str, str]] = []
    if data.variant == 1 and not data.notes:
        fields.append({"field": "notes", "message": NOTES_REQUIRED})
    pic_id = data.person_in_charge.value if data.person_in_charge else None
    if pic_id is None and data.variant == 1:
        fields.append({"field": "personInCharge", "message": PIC_REQUIRED})
    if pic_id is not None and pic_id not in {p.pic_id for p in lead_detail.pics(session, lead.id)}:
        fields.append({"field": "personInCharge", "message": PIC_NOT_OF_LEAD})
    fields += schedules.next_step_errors(data.schedule, required=data.variant == 1)
    if fields:
        raise ValidationFailed([f["message"] for f in fields], extra={"fields": fields})

    now = datetime.now(UTC)
    loc = data.location
    activity = Activity(lead_id=lead.id, type=data.type, pic_contact_id=pic_id, notes=data.notes,
                        latitude=loc.latitude if loc else None, longitude=loc.longitude if loc else None,
                        place_name=loc.name if loc else None, place_address=loc.address if loc else None,
                        created_by=actor.id, created_at=now)
    session.add(activity)
    session.flush()
    staged = storage.staged(session)
    for kind, sent in checked.items():
        for n, upload in enumerate(sent, 1):
            key = staged.store(namespace(lead.id), stem=STEMS[kind], upload=upload)
            name = recording_name(upload.filename, n) if kind == RECORDING else _shown_name(upload)
            session.add(ActivityFile(activity_id=activity.id, kind=kind, filename=name, key=key, size=upload.size,
                                     content_type=upload.media_type, seq=n))
    plans = schedules.add_next_steps(session, lead_id=lead.id, owner_id=actor.id, pic_id=pic_id,
                                     activity_id=activity.id, items=data.schedule)
    lead_contacted.record_contact(session=session, lead=lead, actor=actor, at=now, what=TYPES[data.type])
    session.commit()
    return Created(id=activity.id), [p.id for p in plans]
