"""Contact queries: only contacts not deleted, with their client's name and the last editor's name."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, aliased

from api.clients.contacts.models import Contact, ContactHistory
from api.clients.models import Client
from api.core.listing import Listing, ListParams, paged
from api.users.models import User

Editor = aliased(User)

SORT_FIELDS = {
    "fullname": func.lower(Contact.fullname),
    "clientName": func.lower(Client.client_name),
    "position": func.lower(Contact.position),
    "division": func.lower(Contact.division),
    "createdAt": Contact.created_at,
    "updatedAt": Contact.updated_at,
}
CRITERIA_FIELDS = {"clientId": Contact.client_id, "gender": Contact.gender, "position": Contact.position}


def _rows() -> Any:
    return (
        select(Contact, Client.client_name, Editor.fullname.label("editor"))
        .join(Client, Client.id == Contact.client_id)
        .outerjoin(Editor, Editor.id == func.coalesce(Contact.updated_by, Contact.created_by))
        .where(Contact.deleted_at.is_(None))
    )


def page(session: Session, params: ListParams) -> tuple[list[Any], int]:
    return paged(session, _rows(), params, Listing(
        sort=SORT_FIELDS, criteria=CRITERIA_FIELDS, default=Contact.updated_at, tiebreak=Contact.id.desc(),
        default_desc=True, search=(Contact.fullname, Contact.position, Contact.division, Contact.email,
                                   Contact.phone_number, Client.client_name)), entities=False)


def get_row(session: Session, contact_id: int) -> Any:
    return session.execute(_rows().where(Contact.id == contact_id)).one_or_none()


def of_client(session: Session, client_id: int) -> list[Any]:
    stmt = _rows().where(Contact.client_id == client_id).order_by(Contact.id)
    return list(session.execute(stmt))


def get(session: Session, contact_id: int) -> Contact | None:
    contact = session.get(Contact, contact_id)
    return contact if contact is not None and contact.deleted_at is None else None


def find_duplicate(session: Session, *, client_id: int, fullname: str, position: str,
                   exclude_id: int | None) -> Contact | None:
    stmt = select(Contact).where(
        Contact.client_id == client_id, Contact.deleted_at.is_(None),
        func.lower(func.trim(Contact.fullname)) == fullname.strip().lower(),
        func.lower(func.trim(Contact.position)) == position.strip().lower(),
    )
    if exclude_id is not None:
        stmt = stmt.where(Contact.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()


def history(session: Session, contact_id: int) -> list[Any]:
    stmt = (select(ContactHistory, User.fullname.label("author"))
            .outerjoin(User, User.id == ContactHistory.created_by)
            .where(ContactHistory.contact_id == contact_id)
            .order_by(ContactHistory.created_at.desc(), ContactHistory.id.desc()))
    return list(session.execute(stmt))


def client_options(session: Session) -> list[Client]:
    return list(session.scalars(select(Client).where(Client.is_active.is_(True)).order_by(Client.client_name)))


def delete_of_client(session: Session, client_id: int) -> None:
    """Every contact of the client, with their history (the client is being deleted)."""
    contact_ids = select(Contact.id).where(Contact.client_id == client_id)
    session.execute(delete(ContactHistory).where(ContactHistory.contact_id.in_(contact_ids)))
    session.execute(delete(Contact).where(Contact.client_id == client_id))
