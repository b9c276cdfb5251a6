"""User queries."""

from __future__ import annotations

from sqlalchemy import CTE, func, select
from sqlalchemy.orm import Session

from api.users.models import User


def by_username(session: Session, username: str) -> User | None:
    """The user of this username, whatever its case and surrounding spaces."""
    return session.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))


def hierarchy_below(user_id: int) -> CTE:
    """The user and everyone below them in the user hierarchy (column `id`), as one recursive query: whose leads a
    user works on (api/leads/visibility.py) and whose names a team leader's filters offer."""
    tree = select(User.id).where(User.id == user_id).cte("tree", recursive=True)
    return tree.union_all(select(User.id).join(tree, User.leader_id == tree.c.id))
