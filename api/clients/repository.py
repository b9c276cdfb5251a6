"""Client queries: the name and code checks, the active clients. The rows client management shows (with their lead
and personnel counts) are api.client_views.rows."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.clients.models import Client


def name_taken(session: Session, name: str, exclude_id: int | None) -> Client | None:
    stmt = select(Client).where(func.lower(Client.client_name) == name.strip().lower())
    if exclude_id is not None:
        stmt = stmt.where(Client.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()


def code_taken(session: Session, code: str, exclude_id: int | None) -> Client | None:
    stmt = select(Client).where(Client.client_code == code)
    if exclude_id is not None:
        stmt = stmt.where(Client.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()


def active(session: Session) -> list[Client]:
    return list(session.scalars(select(Client).where(Client.is_active.is_(True)).order_by(Client.client_name)))
