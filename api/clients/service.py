"""Clients: validation with the spec's messages, availability checks, personnel, delete refusal. The rows client
management shows (with their lead counts) are read by api.client_views."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import redis
from psycopg.errors import ForeignKeyViolation
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.clients import repository
from api.clients.contacts import repository as contacts_repository
from api.clients.contacts import service as contacts_service
from api.clients.models import Client
from api.clients.schemas import ClientIn, ClientItemOut
from api.core.cache import cached, invalidate
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.master_data import models as md
from api.users.models import User

CLIENT_NOT_FOUND = "Client not found."
NAME_REQUIRED = "Please enter client name."
LEGAL_NAME_REQUIRED = "Please enter legal name."
INDUSTRY_REQUIRED = "Please select industry."
ADDRESS_REQUIRED = "Please enter address."
AFFILIATE_REQUIRED = "Please select affiliate."
CODE_REQUIRED = "Please enter client code."
CODE_LENGTH = "Client code must be 3 characters."
CODE_CHARACTERS = "Client code may contain only letters and digits."
COUNTRY_REQUIRED = "Please select country."
PROVINCE_MISMATCH = "Please select a province of the selected country."
CITY_MISMATCH = "Please select a city of the selected province."
ZIP_NUMBER = "Zip code must be a number."


# leads.client_id → clients.id (migrations/versions/20261122_6e941025cda0_master_data_clients_contacts.py): the
# database refuses to delete a client that still has a lead
LEADS_FOREIGN_KEY = "fk_leads_client_id_clients"

OPTIONS_TTL = 300  # seconds the active clients' list is cached (dropped at once when a client changes)


def options(*, session: Session, redis_client: redis.Redis) -> list[dict[str, Any]]:
    """Active clients (id and name) for the pickers, cached in Redis."""
    return cached(redis_client, "clients", lambda: [
        ClientItemOut.model_validate(c).model_dump(by_alias=True) for c in repository.active(session)],
        ttl=OPTIONS_TTL)


def changed(redis_client: redis.Redis) -> None:
    """After a client is created, renamed, (de)activated or deleted."""
    invalidate(redis_client, "clients")


def name_taken_message(name: str) -> str:
    return f"Client name '{name}' is already registered."


def code_taken_message(code: str, owner: str) -> str:
    return f"Client code '{code}' is already used by {owner}."


def has_leads_message(count: int) -> str:
    return f"The client still has {count} lead{'s' if count != 1 else ''}; only a client without leads can be removed."


def normalize_code(code: str | None) -> str:
    return (code or "").strip().upper()


def _validate(session: Session, data: ClientIn) -> dict[str, Any]:
    errors: list[str] = []
    name, legal = (data.client_name or "").strip(), (data.legal_name or "").strip()
    address = (data.address or "").strip()
    code = normalize_code(data.client_code)
    if not name:
        errors.append(NAME_REQUIRED)
    if not legal:
        errors.append(LEGAL_NAME_REQUIRED)
    if not code:
        errors.append(CODE_REQUIRED)
    elif len(code) != 3:
        errors.append(CODE_LENGTH)
    elif not re.fullmatch(r"[A-Z0-9]{3}", code):
        errors.append(CODE_CHARACTERS)
    if not data.industry or session.get(md.Industry, data.industry) is None:
        errors.append(INDUSTRY_REQUIRED)
    if not address:
        errors.append(ADDRESS_REQUIRED)
    if not data.country or session.get(md.Country, data.country) is None:
        errors.append(COUNTRY_REQUIRED)
    province = session.get(md.Province, data.province) if data.province else None
    if data.province and (province is None or province.country_id != data.country):
        errors.append(PROVINCE_MISMATCH)
    city = session.get(md.City, data.city) if data.city else None
    if data.city and (city is None or city.province_id != data.province):
        errors.append(CITY_MISMATCH)
    zip_code = str(data.zip_code).strip() if data.zip_code not in (None, "") else None
    if zip_code is not None and not (zip_code.isascii() and zip_code.isdigit()):
        errors.append(ZIP_NUMBER)
    if not data.affiliate or session.get(md.Affiliate, data.affiliate) is None:
        errors.append(AFFILIATE_REQUIRED)
    if errors:
        raise ValidationFailed(errors)
    return {"client_code": code, "client_name": name, "legal_name": legal, "industry_id": data.industry,
            "address": address, "country_id": data.country, "province_id": data.province, "city_id": data.city,
            "zip_code": zip_code, "affiliate_id": data.affiliate, "npwp": (data.npwp or "").strip() or None,
            "is_active": data.is_active}


def check_name(*, session: Session, name: str | None, exclude_id: int | None) -> None:
    if not (name or "").strip():
        raise ValidationFailed(NAME_REQUIRED)
    if repository.name_taken(session, name or "", exclude_id):
        raise Conflict(name_taken_message((name or "").strip()))


def check_code(*, session: Session, code: str | None, exclude_id: int | None) -> None:
    code = normalize_code(code)
    if not code:
        raise ValidationFailed(CODE_REQUIRED)
    if len(code) != 3:
        raise ValidationFailed(CODE_LENGTH)
    owner = repository.code_taken(session, code, exclude_id)
    if owner is not None:
        message = code_taken_message(code, owner.client_name)
        raise Conflict(message, extra={"errors": {"message": message}})


def _commit(session: Session, fields: dict[str, Any]) -> None:
    try:
        session.commit()
    except IntegrityError as exc:  # a concurrent save took the name or code between the check and the insert
        session.rollback()
        if "client_code" in str(exc.orig):
            raise Conflict(f"Client code '{fields['client_code']}' is already used.") from exc
        raise Conflict(name_taken_message(fields["client_name"])) from exc


def create(*, session: Session, redis_client: redis.Redis | None, actor: User, data: ClientIn,
           commit: bool = True) -> int:
    """A new client (and its personnel); `commit=False`: flushed only, in the caller's transaction (an import)."""
    fields = _validate(session, data)
    check_name(session=session, name=fields["client_name"], exclude_id=None)
    check_code(session=session, code=fields["client_code"], exclude_id=None)
    client = Client(**fields, created_by=actor.id, updated_by=actor.id)
    session.add(client)
    session.flush()
    for person in data.personnel or []:
        contacts_service.create(session=session, actor=actor, data=person.model_copy(update={"id": None}),
                                client=client, commit=False)
    _finish(session, redis_client, fields, commit)
    return client.id


def update(*, session: Session, redis_client: redis.Redis | None, actor: User, data: ClientIn,
           commit: bool = True) -> int:
    """The client changed (and its personnel when listed); `commit=False` as `create`."""
    client = session.get(Client, data.id) if data.id else None
    if client is None:
        raise NotFound(CLIENT_NOT_FOUND)
    fields = _validate(session, data)
    check_name(session=session, name=fields["client_name"], exclude_id=client.id)
    check_code(session=session, code=fields["client_code"], exclude_id=client.id)
    for name, value in fields.items():
        setattr(client, name, value)
    client.updated_by = actor.id
    client.updated_at = datetime.now(UTC)
    session.flush()
    if data.personnel is not None:
        _sync_personnel(session, actor, client, data)
    _finish(session, redis_client, fields, commit)
    return client.id


def _finish(session: Session, redis_client: redis.Redis | None, fields: dict[str, Any], commit: bool) -> None:
    if commit:
        _commit(session, fields)
    else:
        session.flush()
    if redis_client is not None:
        changed(redis_client)


def _sync_personnel(session: Session, actor: User, client: Client, data: ClientIn) -> None:
    """Listed personnel with an id are updated, without one added; the client's others are removed."""
    existing = {row[0].id for row in contacts_repository.of_client(session, client.id)}
    kept = {p.id for p in data.personnel or [] if p.id}
    for contact_id in existing - kept:
        contacts_service.delete(session=session, actor=actor, contact_id=contact_id, commit=False)
    for person in data.personnel or []:
        if person.id:
            if person.id not in existing:
                raise NotFound(contacts_service.CONTACT_NOT_FOUND)
            contacts_service.update(session=session, actor=actor, data=person, client=client, commit=False)
        else:
            contacts_service.create(session=session, actor=actor, data=person, client=client, commit=False)


def delete(*, session: Session, redis_client: redis.Redis | None, actor: User, client_id: int,
           lead_count: Callable[[], int], commit: bool = True) -> None:
    """Only a client without leads; its contacts go with it. `lead_count()`: how many leads the client has now
    (leads sit above clients: the caller counts them). A lead added after the count is refused by the database, with
    the same 409."""
    client = session.get(Client, client_id)
    if client is None:
        raise NotFound(CLIENT_NOT_FOUND)
    count = lead_count()
    if count:
        raise Conflict(has_leads_message(count))
    contacts_repository.delete_of_client(session, client_id)
    session.delete(client)
    if not commit:  # the caller's transaction (an import's undo): a lead that came meanwhile fails its flush
        session.flush()
        return
    try:
        session.commit()
    except IntegrityError as exc:  # a lead came between the count and the delete: nothing is removed
        session.rollback()
        if not (isinstance(exc.orig, ForeignKeyViolation) and exc.orig.diag.constraint_name == LEADS_FOREIGN_KEY):
            raise
        # at least the one the database saw, should it have gone again before this count
        raise Conflict(has_leads_message(max(lead_count(), 1))) from exc
    if redis_client is not None:
        changed(redis_client)
