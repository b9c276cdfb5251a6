"""A contact's data on request: what is held (summary), the archive (audited), and the erasure in one transaction
(audited; the files leave storage once it commits)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import IO

from sqlalchemy.orm import Session

from api.activities import erasure as activities_erasure
from api.audit import service as audit
from api.clients.contacts import erasure as contacts_erasure
from api.clients.contacts.models import Contact
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.storage import Storage
from api.imports import erasure as imports_erasure
from api.leads import erasure as leads_erasure
from api.notifications import erasure as notifications_erasure
from api.personal_data import archive, holdings
from api.personal_data.schemas import ContactPersonalData, ErasureOut
from api.personal_data.texts import OTHER_TEXTS
from api.users.models import User

CONTACT_NOT_FOUND = "Contact not found."
CONFIRMATION_WRONG = "Type the contact's full name exactly as it is shown to confirm the erasure."


def already_erased(contact_id: int, at: datetime) -> str:
    return f"Contact #{contact_id} was already erased on {at:%d %b %Y}; nothing more is held to erase."


def _label(contact_id: int) -> str:
    """How the audit names the contact: by id only (the audit outlives the erasure)."""
    return f"Contact #{contact_id}"


def _contact_or_404(session: Session, contact_id: int, *, lock: bool = False) -> Contact:
    contact = contacts_erasure.get_any(session, contact_id, lock=lock)
    if contact is None:
        raise NotFound(CONTACT_NOT_FOUND)
    return contact


def summary(*, session: Session, contact_id: int) -> ContactPersonalData:
    """What is held about the contact, by kind, and whether (when, by whom) they were erased."""
    contact = _contact_or_404(session, contact_id)
    entry = contacts_erasure.erased(session, contact_id)
    eraser = session.get(User, entry.created_by) if entry is not None and entry.created_by else None
    return ContactPersonalData(contact_id=contact.id, name=contact.fullname,
                               erased_at=entry.created_at if entry else None,
                               erased_by=eraser.fullname if eraser else None,
                               holdings=holdings.collect(session, contact).counts())


def export(*, session: Session, storage: Storage, actor: User, contact_id: int) -> tuple[IO[bytes], str]:
    """The contact's archive and its file name; the export is audited (committed before the archive is sent)."""
    contact = _contact_or_404(session, contact_id)
    found = holdings.collect(session, contact)
    content = archive.build(found, storage=storage, actor=actor)
    counts = found.counts()
    audit.record(session, actor_id=actor.id, subject="CONTACT", subject_id=contact.id, label=_label(contact.id),
                 action="EXPORT", changes=[{"field": name, "old": None, "new": value}
                                           for name, value in counts.model_dump(by_alias=True).items()])
    session.commit()
    return content, archive.filename(contact.id)


def _same_name(typed: str, name: str) -> bool:
    return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()


def erase(*, session: Session, storage: Storage, actor: User, contact_id: int, confirmation: str) -> ErasureOut:
    """Erase the contact (see api/personal_data): everything in one transaction with its audit entry, which names
    the contact by id and counts what changed (no personal data); a second erasure is refused (409)."""
    contact = _contact_or_404(session, contact_id, lock=True)
    done = contacts_erasure.erased(session, contact.id)
    if done is not None:
        raise Conflict(already_erased(contact.id, done.created_at))
    if not _same_name(confirmation, contact.fullname):
        raise ValidationFailed(CONFIRMATION_WRONG)
    now = datetime.now(UTC)
    mention = contacts_erasure.mention(contact)
    replacement = contacts_erasure.placeholder(contact.id)
    files, notes = activities_erasure.erase_contact(session, storage, contact_id=contact.id, mention=mention,
                                                    replacement=replacement)
    texts = notes + leads_erasure.erase_mentions(session, mention=mention, replacement=replacement)
    texts += notifications_erasure.erase_mentions(session, mention=mention, replacement=replacement)
    texts += sum(len(t.erase(session, mention=mention, replacement=replacement)) for t in OTHER_TEXTS)
    imported, uploads = imports_erasure.erase_mentions(session, storage, mention=mention, replacement=replacement)
    texts, files = texts + imported, files + uploads
    entries = contacts_erasure.erase(session, actor=actor, contact=contact, now=now)
    texts += imports_erasure.erase_contact_record(session, contact)
    audit.record(session, actor_id=actor.id, subject="CONTACT", subject_id=contact.id, label=_label(contact.id),
                 action="ERASE", changes=[
                     {"field": "personalFields", "old": None, "new": sorted(contacts_erasure.PERSONAL)},
                     {"field": "historyEntries", "old": None, "new": entries},
                     {"field": "filesDeleted", "old": None, "new": files},
                     {"field": "textsChanged", "old": None, "new": texts}])
    session.commit()  # the files leave storage now (api.core.storage: removals follow the commit)
    return ErasureOut(contact_id=contact.id, name=replacement, erased_at=now, history_entries=entries,
                      files_deleted=files, texts_changed=texts)
