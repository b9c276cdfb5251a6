"""Notification queries, always scoped to one recipient."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, func, select, update
from sqlalchemy.orm import Session

from api.core.db import table_of
from api.notifications.models import Notification


def _scoped(user_id: int, type_: str | None) -> Select[Notification]:
    stmt = select(Notification).where(Notification.user_id == user_id)
    if type_ and type_ != "ALL":
        stmt = stmt.where(Notification.notification_type == type_)
    return stmt


def list_page(session: Session, *, user_id: int, type_: str | None, search: str | None, unread: bool,
              offset: int, limit: int) -> list[Notification]:
    stmt = _scoped(user_id, type_)
    if search:
        stmt = stmt.where(Notification.message.ilike(f"%{search}%"))
    if unread:
        stmt = stmt.where(Notification.is_read.is_(False))
    stmt = stmt.order_by(Notification.created_at.desc(), Notification.id.desc()).offset(offset).limit(limit)
    return list(session.scalars(stmt))


def count_unread(session: Session, *, user_id: int, type_: str | None) -> int:
    stmt = _scoped(user_id, type_).where(Notification.is_read.is_(False))
    return int(session.scalar(select(func.count()).select_from(stmt.subquery())) or 0)


def mark_read(session: Session, *, user_id: int, ids: list[int] | None, type_: str | None) -> int:
    stmt = update(Notification).where(Notification.user_id == user_id, Notification.is_read.is_(False))
    if ids is not None:
        stmt = stmt.where(Notification.id.in_(ids))
    if type_ and type_ != "ALL":
        stmt = stmt.where(Notification.notification_type == type_)
    result: Any = session.execute(stmt.values(is_read=True))
    return int(result.rowcount)


def mark_read_by_link(session: Session, *, link: str, notification_type: str, keep: list[int]) -> list[int]:
    """Mark read the unread notifications of the type pointing at `link`, but those of the users in `keep`;
    returns the users touched."""
    table = table_of(Notification)  # Core: no object of the session holds these rows
    stmt = (update(table)
            .where(table.c.link == link, table.c.notification_type == notification_type,
                   table.c.is_read.is_(False), table.c.user_id.not_in(keep or [-1]))
            .values(is_read=True).returning(table.c.user_id))
    return sorted(set(session.scalars(stmt)))
