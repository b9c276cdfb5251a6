"""One contact's archive: a ZIP with `contact.json` (their record and history, the activities, plans, leads, lead
history entries and notification texts that name them) and the files of the activities they were the person in
charge of, under `files/`. Built in a spooled temporary file (in memory up to SPOOL_BYTES, on disk past it) and
streamed from there; the files' total is bounded (MAX_FILES_BYTES)."""

from __future__ import annotations

import contextlib
import json
import tempfile
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from typing import IO, Any

from sqlalchemy import inspect as sa_inspect

from api.activities.models import TYPES, Activity, ActivitySchedule
from api.activities.service import download_name, namespace
from api.core.errors import PayloadTooLarge
from api.core.storage import Storage, StoredFile
from api.core.uploads import MB
from api.personal_data.holdings import ContactHoldings
from api.users.models import User

SPOOL_BYTES = 8 * MB
MAX_FILES_BYTES = 512 * MB
TOO_LARGE = "This person's files come to more than 512 MB: the archive cannot be made in one piece."
README = """Everything Pipeline CRM holds about one contact, as asked under UU PDP (Law 27/2022).

contact.json  the contact's record and the history of its changes; the leads they are a person in charge of (or
              whose decision maker or description names them); the activities and planned activities they were the
              person in charge of (or whose notes name them); lead history entries and notification texts that
              name them; approval notes, cost sheet remarks, billing notes and reassignment reasons that name them
              (otherTexts).
files/        the files of the activities they were the person in charge of (recordings, photos, documents),
              one folder per activity.
"""


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def row(obj: Any, *, without: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every column of a mapped row, camel-cased."""
    return {_camel(c.key): getattr(obj, c.key) for c in sa_inspect(obj).mapper.column_attrs if c.key not in without}


def _activity(a: Activity, contact_id: int, files: list[dict[str, Any]]) -> dict[str, Any]:
    role = "personInCharge" if a.pic_contact_id == contact_id else "mentionedInNotes"
    return {**row(a), "kind": TYPES.get(a.type), "role": role, "files": files}


def _plan(p: ActivitySchedule, contact_id: int) -> dict[str, Any]:
    role = "personInCharge" if p.pic_contact_id == contact_id else "mentionedInNotes"
    return {**row(p, without=("reminded_at",)), "kind": TYPES.get(p.activity_type), "role": role}


def document(found: ContactHoldings, *, actor: User, at: datetime, files: dict[int, list[dict[str, Any]]]
             ) -> dict[str, Any]:
    """What contact.json holds."""
    contact = found.contact
    return {
        "about": {"contactId": contact.id, "exportedAt": at, "exportedBy": actor.username,
                  "law": "UU PDP (Law 27/2022): the right of access"},
        "contact": {**row(contact), "clientName": found.client_name},
        "history": [row(h) for h in found.history],
        "leadsAsPersonInCharge": [{"leadId": lead.id, "projectName": lead.project_name, "clientName": client}
                                  for lead, client in found.pic_of],
        "leadsMentioning": [{"leadId": lead.id, "projectName": lead.project_name,
                             "decisionMaker": lead.decision_maker, "projectDescription": lead.project_description}
                            for lead in found.leads_mentioning],
        "leadHistory": [row(e, without=("changed_by",)) for e in found.lead_history],
        "activities": [_activity(a, contact.id, files.get(a.id, [])) for a in found.activities],
        "schedules": [_plan(p, contact.id) for p in found.schedules],
        "notifications": [{"id": n.id, "message": n.message, "createdAt": n.created_at}
                          for n in found.notifications],
        "notificationMails": [{"id": m.id, "subject": m.subject, "body": m.body, "createdAt": m.created_at}
                              for m in found.mails],
        "otherTexts": [texts.quoted(row) for texts, row in found.other_texts],
        "importedRows": found.imports.quoted(),
    }


def build(found: ContactHoldings, *, storage: Storage, actor: User) -> IO[bytes]:
    """The archive, read from its start (the caller closes it)."""
    if sum(row.size for row, _ in found.files) > MAX_FILES_BYTES:
        raise PayloadTooLarge(TOO_LARGE)

    def fill(zf: zipfile.ZipFile) -> None:
        files: dict[int, list[dict[str, Any]]] = {}
        for row, lead_id in found.files:
            stored = storage.find(namespace(lead_id), row.key)
            path = f"files/activity-{row.activity_id}/{row.key}"
            files.setdefault(row.activity_id, []).append(
                {"name": download_name(row), "kind": row.kind, "size": row.size, "contentType": row.content_type,
                 "path": path if stored is not None else None})
            if stored is not None:
                add_file(zf, path, stored)
        add_json(zf, "contact.json", document(found, actor=actor, at=datetime.now(UTC), files=files))
        zf.writestr("README.txt", README)

    return zipped(fill)


def zipped(fill: Callable[[zipfile.ZipFile], None]) -> IO[bytes]:
    """A ZIP that `fill` writes, in a spooled temporary file (in memory up to SPOOL_BYTES, on disk past it), read from
    its start: the caller closes it (the response, once streamed)."""
    out: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 (the response closes it)
    with contextlib.ExitStack() as failed:
        failed.callback(out.close)  # closed when something fails on the way; handed over whole otherwise
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            fill(zf)
        out.seek(0)
        failed.pop_all()
        return out


def add_file(zf: zipfile.ZipFile, path: str, stored: StoredFile) -> None:
    """A stored file into the archive, a chunk at a time."""
    with zf.open(path, "w", force_zip64=True) as entry:
        for chunk in stored.chunks():
            entry.write(chunk)


def add_json(zf: zipfile.ZipFile, name: str, body: dict[str, Any]) -> None:
    zf.writestr(name, json.dumps(body, indent=2, ensure_ascii=False, default=to_json))


def to_json(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def filename(contact_id: int) -> str:
    return f"contact-{contact_id}-personal-data.zip"
