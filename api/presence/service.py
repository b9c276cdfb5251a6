"""Sales monitoring's list: who of the people the caller sees (the leads' hierarchy rule) is connected now."""

from __future__ import annotations

import time

import redis.asyncio as aioredis
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.core.listing import like
from api.leads.visibility import visible_sales_ids
from api.presence import store
from api.presence.schemas import OnlinePerson
from api.users.models import Role, User

SEARCH_MAX = 100


def _people(session: Session, actor: User, user_ids: list[int], search: str | None) -> dict[int, tuple[str, str]]:
    visible = visible_sales_ids(session, actor)
    wanted = [u for u in user_ids if visible is None or u in set(visible)]
    stmt = (select(User.id, User.fullname, Role.description).join(Role, Role.id == User.role_id)
            .where(User.id.in_(wanted), User.is_active.is_(True)))
    if search and search.strip():
        stmt = stmt.where(User.fullname.ilike(like(search.strip())))
    return {row.id: (row.fullname, row.description) for row in session.execute(stmt)}


async def online_people(*, r: aioredis.Redis, session: Session, actor: User, search: str | None) -> list[OnlinePerson]:
    now = time.time()
    await store.sweep(r, now=now)
    online = await store.online(r, now=now)
    found = await run_in_threadpool(_people, session, actor, [o.user_id for o in online], search)
    return [OnlinePerson(user_id=o.user_id, name=found[o.user_id][0], role_name=found[o.user_id][1],
                         status="Online" if o.visible else "Away", is_logged_in=True, connected_at=o.connected_at,
                         tabs=o.tabs, devices=o.devices)
            for o in online if o.user_id in found]
