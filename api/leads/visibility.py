"""Who sees which lead: their own, their team's down the user hierarchy, or all for whitelisted roles."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.users.models import User


def visible_sales_ids(session: Session, actor: User) -> list[int] | None:
    """None when the actor sees every lead (roles with the hierarchy whitelist: top management, admins);
    otherwise the actor and everyone below them in the hierarchy, in one recursive query."""
    if actor.role.hierarchy_whitelist:
        return None
    tree = select(User.id).where(User.id == actor.id).cte("tree", recursive=True)
    tree = tree.union_all(select(User.id).join(tree, User.leader_id == tree.c.id))
    return list(session.scalars(select(tree.c.id)))
