"""Erasing a contact (UU PDP, Law 27/2022, the right to erasure): the contact's own record and history, the part of
an erasure this domain owns (api/personal_data runs the whole of it).

Every column of `contacts` and `contact_histories` is classified below as personal (replaced, with what) or kept:
a new column fails tests/integration/personal_data until it is given one. The contact stays, under a placeholder
name, so the leads, activities and history entries that point at it keep their shape; it leaves every list (it is
deleted as a removal deletes it) and an ERASED entry ends its history, which is how an erasure is known again."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.clients.contacts.models import Contact, ContactHistory
from api.clients.models import Client
from api.core.mentions import Mention
from api.users.models import User

ERASED = "ERASED"
ERASED_VALUE = "(erased)"  # what a history entry's change shows where a personal value was


def placeholder(contact_id: int) -> str:
    """The name an erased contact is known by from then on."""
    return f"Erased contact #{contact_id}"


# column -> its value once the contact is erased (from the contact's id)
PERSONAL: dict[str, Callable[[int], Any]] = {
    "fullname": placeholder,
    "nickname": lambda _: None,
    "gender": lambda _: "",
    "position": lambda _: "",  # a job title at a named client points at one person
    "division": lambda _: None,
    "email": lambda _: None,
    "phone_number": lambda _: None,
    "linkedin": lambda _: None,
}
KEPT = frozenset({"id", "client_id", "created_by", "updated_by", "deleted_at", "created_at", "updated_at"})

HISTORY_PERSONAL: dict[str, Callable[[int], Any]] = {
    "fullname": placeholder,
    "position": lambda _: "",
    "division": lambda _: None,
    "changes": lambda _: None,  # each change of a personal field keeps its field, not its values (_anonymised)
}
HISTORY_KEPT = frozenset({"id", "contact_id", "action", "created_by", "created_at", "client_name"})
# the changelog's fields (api/clients/contacts/service.TRACKED, camel-cased) whose values are the person's
_PERSONAL_CHANGES = frozenset({"fullname", "nickname", "gender", "position", "division", "email", "phoneNumber",
                               "linkedin"})


def mention(contact: Contact) -> Mention:
    """How free text names this contact (before the erasure)."""
    return Mention(name=contact.fullname, email=contact.email, phone=contact.phone_number)


def get_any(session: Session, contact_id: int, *, lock: bool = False) -> Contact | None:
    """The contact, removed or not (a removed contact's data is still held)."""
    stmt = select(Contact).where(Contact.id == contact_id)
    return session.scalars(stmt.with_for_update() if lock else stmt).first()


def erased(session: Session, contact_id: int) -> ContactHistory | None:
    """The entry that records the contact's erasure, if it was erased."""
    return session.scalars(select(ContactHistory).where(ContactHistory.contact_id == contact_id,
                                                        ContactHistory.action == ERASED).limit(1)).first()


def history_of(session: Session, contact_id: int) -> list[ContactHistory]:
    return list(session.scalars(select(ContactHistory).where(ContactHistory.contact_id == contact_id)
                                .order_by(ContactHistory.created_at, ContactHistory.id)))


def _anonymised(changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**c, "from": None if c.get("from") is None else ERASED_VALUE,
             "to": None if c.get("to") is None else ERASED_VALUE} if c.get("field") in _PERSONAL_CHANGES else c
            for c in changes]


def erase(session: Session, *, actor: User, contact: Contact, now: datetime | None = None) -> int:
    """Replace the contact's personal fields and those of its history entries (kept, anonymised), remove it from
    every list and record the erasure in its history; answers how many history entries were anonymised. The caller
    commits."""
    now = now or datetime.now(UTC)
    entries = history_of(session, contact.id)
    for entry in entries:
        for column, value in HISTORY_PERSONAL.items():
            if column != "changes":
                setattr(entry, column, value(contact.id))
        entry.changes = _anonymised(entry.changes)
    for column, value in PERSONAL.items():
        setattr(contact, column, value(contact.id))
    contact.deleted_at = contact.deleted_at or now
    contact.updated_by, contact.updated_at = actor.id, now
    client = session.get(Client, contact.client_id)
    session.add(ContactHistory(contact_id=contact.id, action=ERASED, created_by=actor.id, created_at=now,
                               fullname=placeholder(contact.id), position="", division=None,
                               client_name=client.client_name if client else "", changes=[]))
    session.flush()
    return len(entries)
