"""Contacts from a spreadsheet: created or updated through the contact service (its rules and messages, its
changelog), matched on the e-mail address or the phone number; the client named by its code or its name."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select

from api.clients.contacts import service as contacts_service
from api.clients.contacts import validation as v
from api.clients.contacts.models import Contact
from api.clients.contacts.schemas import ContactIn
from api.clients.models import Client
from api.core.errors import ValidationFailed
from api.imports import repository
from api.imports.fields import Context, Field, Outcome, Values, unknown_message

FIELDS: tuple[Field, ...] = (
    Field("client", "Client", True, ("client code", "client name", "company")),
    Field("fullname", "Full Name", True, ("name", "contact name", "full name")),
    Field("nickname", "Nickname", aliases=("nick name",)),
    Field("gender", "Gender", True, ("sex",)),
    Field("position", "Position", True, ("title", "job title")),
    Field("division", "Division", aliases=("department",)),
    Field("email", "Email", aliases=("e-mail", "email address", "mail")),
    Field("phoneNumber", "Phone Number", aliases=("phone", "mobile", "telephone", "hp")),
    Field("linkedin", "LinkedIn", aliases=("linkedin url",)),
)
MATCH_RULES = {"email": "Contact e-mail", "phone": "Contact phone number"}
GENDERS = {"male": "Male", "m": "Male", "l": "Male", "laki-laki": "Male", "pria": "Male",
           "female": "Female", "f": "Female", "p": "Female", "perempuan": "Female", "wanita": "Female"}
TEXT = ("fullname", "nickname", "position", "division", "email", "linkedin")
SNAPSHOT = ("client_id", "fullname", "nickname", "gender", "position", "division", "email", "phone_number",
            "linkedin")


def snapshot(contact: Contact) -> dict[str, Any]:
    return {f: getattr(contact, f) for f in SNAPSHOT}


class ContactsImport:
    kind = "contacts"
    label = "Contacts"
    fields: tuple[Field, ...] = FIELDS
    match_rules = MATCH_RULES

    def key(self, values: Values, match_on: str) -> str | None:
        if match_on == "phone":
            return v.normalize_phone(values.get("phoneNumber"))
        return (values.get("email") or "").strip().lower() or None

    def prepare(self, ctx: Context, rows: list[Values], match_on: str) -> None:
        keys = {k for k in (self.key(v, match_on) for v in rows) if k}
        ctx.cache["contacts:existing"] = (repository.contacts_by(ctx.session, phones=keys) if match_on == "phone"
                                          else repository.contacts_by(ctx.session, emails=keys))

    def _existing(self, ctx: Context, values: Values, match_on: str) -> Contact | None:
        """The contact the row matches: among those its batch read at once (a row cannot change what it is matched
        on, and two rows with one key are duplicates), else by a query of its own."""
        key = self.key(values, match_on)
        if key is None:
            return None
        prepared = ctx.cache.get("contacts:existing")
        if isinstance(prepared, dict):
            return prepared.get(key if match_on == "phone" else key.lower())
        return repository.contact_by(ctx.session, **({"phone": key} if match_on == "phone" else {"email": key}))

    def apply(self, ctx: Context, values: Values, match_on: str) -> Outcome:
        contact = self._existing(ctx, values, match_on)
        before = snapshot(contact) if contact is not None else None
        data: dict[str, Any] = dict(before or {})
        for name in TEXT:
            if values.get(name) is not None:
                data[name] = values[name]
        if values.get("phoneNumber") is not None:
            data["phone_number"] = values["phoneNumber"]
        gender = values.get("gender")
        if gender is not None:
            data["gender"] = GENDERS.get(gender.strip().lower(), gender)
        client = values.get("client")
        if client is not None:
            client_id = ctx.lookup("clients", lambda: repository.client_ids(ctx.session)).get(client.strip().lower())
            if client_id is None:
                raise ValidationFailed(unknown_message("Client", client))
            data["client_id"] = client_id
            if f"held:client:{client_id}" not in ctx.cache:  # the service's session.get of it then reads no row again
                ctx.cache[f"held:client:{client_id}"] = ctx.session.get(Client, client_id)
        if contact is None:
            created = contacts_service.create(session=ctx.session, actor=ctx.actor,
                                              data=ContactIn.model_validate(data), commit=False)
            return Outcome("CREATED", record_id=created.id, written_at=self.written_at(ctx, created.id))
        cleaned = contacts_service.validate(ContactIn.model_validate(data))
        if {f: cleaned.get(f) for f in SNAPSHOT} == before:
            return Outcome("UNCHANGED", record_id=contact.id)
        contacts_service.update(session=ctx.session, actor=ctx.actor,
                                data=ContactIn.model_validate({**data, "id": contact.id}), commit=False)
        return Outcome("UPDATED", record_id=contact.id, before=before, written_at=self.written_at(ctx, contact.id))

    def written_at(self, ctx: Context, record_id: int) -> datetime | None:
        return ctx.session.scalar(select(Contact.updated_at).where(Contact.id == record_id,
                                                                   Contact.deleted_at.is_(None))
                                  .execution_options(populate_existing=True))

    def undo(self, ctx: Context, record_id: int, before: dict[str, Any] | None) -> str | None:
        if before is None:
            contacts_service.delete(session=ctx.session, actor=ctx.actor, contact_id=record_id, commit=False)
        else:
            contacts_service.update(session=ctx.session, actor=ctx.actor,
                                    data=ContactIn.model_validate({**before, "id": record_id}), commit=False)
        return None


CONTACTS = ContactsImport()
