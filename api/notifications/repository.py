"""Notification queries, always scoped to one recipient."""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import Integer, Select, String, all_, bindparam, func, select, update
from sqlalchemy.dialects.postgresql import ARRAY
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
    returns the users touched (one statement, built once: every step of an approval settles some)."""
    return sorted(set(session.scalars(_mark_read_by_link_statement(),
                                      {"the_link": link, "the_type": notification_type, "kept": keep})))


@cache
def _mark_read_by_link_statement() -> Any:
    table = table_of(Notification)  # Core: no object of the session holds these rows
    return (update(table)
            .where(table.c.link == bindparam("the_link", type_=String),
                   table.c.notification_type == bindparam("the_type", type_=String),
                   table.c.is_read.is_(False), table.c.user_id != all_(bindparam("kept", type_=ARRAY(Integer))))
            .values(is_read=True).returning(table.c.user_id))
