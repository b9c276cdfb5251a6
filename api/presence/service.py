"""Sales monitoring's list: the caller's team (the leads' hierarchy rule), each online, away or offline, with when
they were last seen."""

from __future__ import annotations

import math
import time
from datetime import datetime
from typing import Any

import redis.asyncio as aioredis
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import and_, exists, func, or_, select
from sqlalchemy.orm import Session, aliased

from api.core.listing import like
from api.leads.visibility import scoped, visible_sales_ids
from api.presence import store
from api.presence.schemas import MonitoredPerson
from api.users.models import Role, User
from api.users.repository import SALES_ROLE

SEARCH_MAX = 100


def _team(session: Session, actor: User, search: str | None) -> list[Any]:
    """(id, fullname, role, last sign-in) of the active people the actor watches, but the actor: the sales people and
    the leaders of the hierarchy below them (everyone's, for the roles that see every lead)."""
    visible = visible_sales_ids(session, actor)
    member = aliased(User)
    leads_someone = exists().where(and_(member.leader_id == User.id, member.is_active.is_(True)))
    stmt = (select(User.id, User.fullname, Role.description, User.last_sign_in_at).join(Role, Role.id == User.role_id)
            .where(User.is_active.is_(True), User.id != actor.id, or_(Role.name == SALES_ROLE, leads_someone)))
    stmt = scoped(stmt, visible, User.id)
    if search and search.strip():
        stmt = stmt.where(User.fullname.ilike(like(search.strip())))
    return list(session.execute(stmt.order_by(func.lower(User.fullname), User.id)))


def _latest(*moments: datetime | None) -> datetime | None:
    known = [m for m in moments if m is not None]
    return max(known) if known else None


async def team(*, r: aioredis.Redis, session: Session, actor: User, search: str | None) -> list[MonitoredPerson]:
    """The actor's team: who is connected first (longest online first), then the others, most recently seen first."""
    now = time.time()
    await store.sweep(r, now=now)
    people = await run_in_threadpool(_team, session, actor, search)
    ids = [p.id for p in people]
    connected = {o.user_id: o for o in await store.online(r, now=now, user_ids=ids)}
    seen = await store.last_seen(r, ids)
    rows = []
    for person in people:
        on = connected.get(person.id)
        rows.append(MonitoredPerson(
            user_id=person.id, name=person.fullname, role_name=person.description,
            status="Offline" if on is None else "Online" if on.visible else "Away", is_logged_in=on is not None,
            connected_at=on.connected_at if on else None,
            last_seen_at=_latest(seen.get(person.id), person.last_sign_in_at),
            tabs=on.tabs if on else 0, devices=on.devices if on else 0))
    return sorted(rows, key=_order)  # stable: people alike stay by name


def _order(person: MonitoredPerson) -> tuple[int, float]:
    if person.connected_at is not None:
        return 0, person.connected_at.timestamp()
    return 1, -person.last_seen_at.timestamp() if person.last_seen_at else math.inf
