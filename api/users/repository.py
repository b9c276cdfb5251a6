"""User queries."""

from __future__ import annotations

from typing import Any

from sqlalchemy import CTE, BindParameter, ColumnElement, and_, func, select
from sqlalchemy.orm import Session, aliased

from api.core.listing import Listing, ListParams, paged
from api.users.models import Role, User

SALES_ROLE = "SALES"  # the role whose people own leads (the board's, the lead form's and reassignment's sales people)


def active_sales_person() -> ColumnElement[bool]:
    """The condition on User of an active person of the role that owns leads: whom a lead may be given to."""
    return and_(User.is_active.is_(True), User.role.has(Role.name == SALES_ROLE))

Leader = aliased(User)


def by_username(session: Session, username: str) -> User | None:
    """The user of this username, whatever its case and surrounding spaces."""
    return session.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))


def hierarchy_below(user_id: int | BindParameter[int], *, name: str = "tree") -> CTE:
    """The user and everyone below them in the user hierarchy (column `id`), as one recursive query: whose leads a
    user works on (api/leads/visibility.py) and whose names a team leader's filters offer. `user_id` may be a bind
    parameter (a statement built once and kept); `name`: another name for a second tree in the same statement (a team
    filtered within the reader's scope)."""
    tree = select(User.id).where(User.id == user_id).cte(name, recursive=True)
    return tree.union_all(select(User.id).join(tree, User.leader_id == tree.c.id))


SORT_FIELDS: dict[str, Any] = {
    "fullname": func.lower(User.fullname), "username": User.username, "role": Role.description,
    "leader": func.lower(Leader.fullname), "isActive": User.is_active, "lastSignInAt": User.last_sign_in_at,
}
CRITERIA_FIELDS: dict[str, Any] = {"roleId": User.role_id, "isActive": User.is_active, "leaderId": User.leader_id}
LISTING = Listing(sort=SORT_FIELDS, criteria=CRITERIA_FIELDS, default=func.lower(User.fullname), tiebreak=User.id,
                  search=(User.fullname, User.username, User.nickname, User.email))


def page(session: Session, params: ListParams) -> tuple[list[User], int]:
    """Users by name, username, nickname or e-mail (any case), filtered by role, leader or active state."""
    stmt = select(User).join(Role, Role.id == User.role_id).outerjoin(Leader, Leader.id == User.leader_id)
    return paged(session, stmt, params, LISTING)


def report_counts(session: Session, user_ids: list[int]) -> dict[int, int]:
    """How many active users report directly to each of these."""
    if not user_ids:
        return {}
    rows = session.execute(select(User.leader_id, func.count()).where(User.leader_id.in_(user_ids),
                                                                       User.is_active.is_(True))
                           .group_by(User.leader_id))
    return {int(leader): int(n) for leader, n in rows if leader is not None}


def roles(session: Session) -> list[Role]:
    return list(session.scalars(select(Role).order_by(func.lower(Role.description), Role.id)))


def username_taken(session: Session, username: str, *, exclude_id: int | None) -> bool:
    stmt = select(User.id).where(func.lower(User.username) == username.lower())
    if exclude_id is not None:
        stmt = stmt.where(User.id != exclude_id)
    return session.scalar(stmt.limit(1)) is not None


def is_below(session: Session, user_id: int, leader_id: int) -> bool:
    """Whether `user_id` is `leader_id` or anywhere below them in the hierarchy."""
    tree = hierarchy_below(leader_id)
    return session.scalar(select(tree.c.id).where(tree.c.id == user_id).limit(1)) is not None


HIERARCHY_LOCK = 7_310_001  # pg_advisory_xact_lock key: one change of leaders at a time


def lock_hierarchy(session: Session) -> None:
    """Changes of leaders wait for each other until commit: two at once (A under B, B under A) would each pass the
    cycle check against a tree without the other."""
    session.execute(select(func.pg_advisory_xact_lock(HIERARCHY_LOCK)))


def active_people(session: Session, *, below: int | None) -> list[User]:
    """Active users by name: everyone, or `below` and everyone under them."""
    stmt = select(User).where(User.is_active.is_(True)).order_by(func.lower(User.fullname), User.id)
    if below is not None:
        tree = hierarchy_below(below)
        stmt = stmt.where(User.id.in_(select(tree.c.id)))
    return list(session.scalars(stmt))
