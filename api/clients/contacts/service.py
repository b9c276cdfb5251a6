"""Contacts: validation with the spec's messages, duplicate checks, history of every change."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from api.clients.contacts import repository
from api.clients.contacts import validation as v
from api.clients.contacts.models import Contact, ContactHistory
from api.clients.contacts.schemas import ContactHistoryOut, ContactIn, ContactOut, FieldChange
from api.clients.models import Client
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.users.models import User

CONTACT_NOT_FOUND = "Contact not found."

# field -> label shown in the changelog
TRACKED = {
    "client_name": "Client", "fullname": "Full Name", "nickname": "Nickname", "gender": "Gender",
    "position": "Position", "division": "Division", "email": "Email", "phone_number": "Phone Number",
    "linkedin": "LinkedIn",
}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def to_out(row: Any) -> ContactOut:
    contact, client_name, editor = row
    return ContactOut(
        id=contact.id, client_id=contact.client_id, client_name=client_name, fullname=contact.fullname,
        nickname=contact.nickname, gender=contact.gender, position=contact.position, division=contact.division,
        email=contact.email, phone_number=contact.phone_number, linkedin=contact.linkedin, user=editor,
        created_at=contact.created_at, updated_at=contact.updated_at,
    )


def validate(data: ContactIn, *, require_client: bool = True) -> dict[str, Any]:
    """The cleaned fields, or ValidationFailed with every broken rule's message."""
    errors: list[str] = []
    fullname, position, division = v.clean(data.fullname), v.clean(data.position), v.clean(data.division)
    if require_client and not data.client_id:
        errors.append(v.CLIENT_REQUIRED)
    if not fullname:
        errors.append(v.FULLNAME_REQUIRED)
    if data.gender not in v.GENDERS:
        errors.append(v.GENDER_REQUIRED)
    if not position:
        errors.append(v.POSITION_REQUIRED)
    elif v.only_dashes(position):
        errors.append(v.POSITION_ONLY_DASH)
    if v.only_dashes(division):
        errors.append(v.DIVISION_ONLY_DASH)
    email = v.clean(data.email)
    try:
        email = v.check_email(email)
    except ValueError as exc:
        errors.append(str(exc))
    phone = v.normalize_phone(v.clean(data.phone_number))
    if phone is not None and not v.phone_is_valid(phone):
        errors.append(v.PHONE_INVALID)
    if not email and not phone and not v.clean(data.email) and not v.clean(data.phone_number):
        errors.append(v.EMAIL_OR_PHONE)
    if errors:
        raise ValidationFailed(errors)
    return {"client_id": data.client_id, "fullname": fullname, "nickname": v.clean(data.nickname),
            "gender": data.gender, "position": position, "division": division, "email": email,
            "phone_number": phone, "linkedin": v.clean(data.linkedin)}


def duplicate_message(fullname: str, position: str, client_name: str) -> str:
    return f"Contact '{fullname}' with position '{position}' already exists for {client_name}."


def ensure_unique(session: Session, *, client: Client, fullname: str, position: str, exclude_id: int | None) -> None:
    if repository.find_duplicate(session, client_id=client.id, fullname=fullname, position=position,
                                 exclude_id=exclude_id):
        raise Conflict(duplicate_message(fullname, position, client.client_name))


def _client_or_422(session: Session, client_id: int) -> Client:
    client = session.get(Client, client_id)
    if client is None:
        raise ValidationFailed(v.CLIENT_REQUIRED)
    return client


def _snapshot(contact: Contact, client_name: str) -> dict[str, Any]:
    values = {f: getattr(contact, f) for f in TRACKED if f != "client_name"}
    return {**values, "client_name": client_name}


def _record(session: Session, *, contact: Contact, client_name: str, actor: User, action: str,
            before: dict[str, Any] | None) -> None:
    after = _snapshot(contact, client_name)
    changes = [
        {"field": _camel(f), "label": label, "from": (before or {}).get(f), "to": after[f]}
        for f, label in TRACKED.items()
        if before is None or before.get(f) != after[f]
    ]
    if action == "CREATED":
        changes = [c for c in changes if c["to"] is not None]
    if action == "UPDATED" and not changes:
        return
    if action == "DELETED":
        changes = []
    session.add(ContactHistory(contact_id=contact.id, action=action, created_by=actor.id, fullname=contact.fullname,
                               position=contact.position, division=contact.division, client_name=client_name,
                               changes=changes))


def create(*, session: Session, actor: User, data: ContactIn, client: Client | None = None,
           commit: bool = True) -> Contact:
    fields = validate(data, require_client=client is None)
    client = client or _client_or_422(session, fields["client_id"])
    fields["client_id"] = client.id
    ensure_unique(session, client=client, fullname=fields["fullname"], position=fields["position"], exclude_id=None)
    contact = Contact(**fields, created_by=actor.id, updated_by=actor.id)
    session.add(contact)
    session.flush()
    _record(session, contact=contact, client_name=client.client_name, actor=actor, action="CREATED", before=None)
    if commit:
        session.commit()
    return contact


def update(*, session: Session, actor: User, data: ContactIn, client: Client | None = None,
           commit: bool = True) -> Contact:
    contact = repository.get(session, data.id) if data.id else None
    if contact is None or (client is not None and contact.client_id != client.id):
        raise NotFound(CONTACT_NOT_FOUND)
    fields = validate(data, require_client=client is None)
    old_client = session.get(Client, contact.client_id)
    assert old_client is not None
    client = client or _client_or_422(session, fields["client_id"])
    fields["client_id"] = client.id
    ensure_unique(session, client=client, fullname=fields["fullname"], position=fields["position"],
                  exclude_id=contact.id)
    before = _snapshot(contact, old_client.client_name)
    for name, value in fields.items():
        setattr(contact, name, value)
    contact.updated_by = actor.id
    contact.updated_at = datetime.now(UTC)
    session.flush()
    _record(session, contact=contact, client_name=client.client_name, actor=actor, action="UPDATED", before=before)
    if commit:
        session.commit()
    return contact


def delete(*, session: Session, actor: User, contact_id: int, commit: bool = True) -> None:
    """Soft delete: the contact leaves every list, its history stays."""
    contact = repository.get(session, contact_id)
    if contact is None:
        raise NotFound(CONTACT_NOT_FOUND)
    client = session.get(Client, contact.client_id)
    contact.deleted_at = datetime.now(UTC)
    contact.updated_by = actor.id
    _record(session, contact=contact, client_name=client.client_name if client else "", actor=actor,
            action="DELETED", before=None)
    if commit:
        session.commit()


def get_out(*, session: Session, contact_id: int) -> ContactOut:
    row = repository.get_row(session, contact_id)
    if row is None:
        raise NotFound(CONTACT_NOT_FOUND)
    return to_out(row)


def list_page(*, session: Session, params: ListParams) -> Page[ContactOut]:
    rows, total = repository.page(session, params)
    return Page[ContactOut](data=[to_out(r) for r in rows], total_rows=total)


def history(*, session: Session, contact_id: int) -> list[ContactHistoryOut]:
    if session.get(Contact, contact_id) is None:
        raise NotFound(CONTACT_NOT_FOUND)
    return [
        ContactHistoryOut(id=h.id, action=h.action, created_by=author, fullname=h.fullname, position=h.position,
                          division=h.division, client_name=h.client_name, created_at=h.created_at,
                          changes=[FieldChange.model_validate(c) for c in h.changes])
        for h, author in repository.history(session, contact_id)
    ]


def check_available(*, session: Session, client_id: int | None, fullname: str | None, position: str | None,
                    exclude_id: int | None) -> None:
    """409 with the duplicate message when the client already has this person in this position."""
    if not client_id:
        raise ValidationFailed(v.CLIENT_REQUIRED)
    if not v.clean(fullname):
        raise ValidationFailed(v.FULLNAME_REQUIRED)
    client = _client_or_422(session, client_id)
    if v.clean(position):
        ensure_unique(session, client=client, fullname=fullname or "", position=position or "",
                      exclude_id=exclude_id)
