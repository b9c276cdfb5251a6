"""Roles and their policy lines (casbin_rule), read and written in the caller's transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, or_, select
from sqlalchemy.orm import Session

from api.access.models import CasbinRule
from api.core.listing import Listing, ListParams, paged
from api.users.models import Role, User

WILDCARD = "*"

SORT_FIELDS: dict[str, Any] = {"roleName": Role.name, "roleDescription": func.lower(Role.description),
                               "dashboardComponent": Role.dashboard_component,
                               "hierarchyWhitelist": Role.hierarchy_whitelist}
LISTING = Listing(sort=SORT_FIELDS, default=func.lower(Role.description), tiebreak=Role.id,
                  search=(Role.name, Role.description))


def page(session: Session, params: ListParams) -> tuple[list[Role], int]:
    return paged(session, select(Role), params, LISTING)


def lines(session: Session, role_names: list[str]) -> list[CasbinRule]:
    """The roles' own `p` lines (not what they inherit)."""
    if not role_names:
        return []
    return list(session.scalars(select(CasbinRule).where(CasbinRule.ptype == "p", CasbinRule.v0.in_(role_names))))


def user_counts(session: Session, role_ids: list[int], *, active_only: bool) -> dict[int, int]:
    if not role_ids:
        return {}
    stmt = select(User.role_id, func.count()).where(User.role_id.in_(role_ids)).group_by(User.role_id)
    if active_only:
        stmt = stmt.where(User.is_active.is_(True))
    return {int(role): int(n) for role, n in session.execute(stmt)}


def name_taken(session: Session, name: str, exclude_id: int | None) -> bool:
    stmt = select(Role.id).where(func.lower(Role.name) == name.lower())
    if exclude_id is not None:
        stmt = stmt.where(Role.id != exclude_id)
    return session.scalar(stmt.limit(1)) is not None


def replace_lines(session: Session, role_name: str, granted: list[tuple[str, str]]) -> None:
    """The role's `p` lines become exactly these (page, action) pairs."""
    session.execute(delete(CasbinRule).where(CasbinRule.ptype == "p", CasbinRule.v0 == role_name))
    session.add_all([CasbinRule(ptype="p", v0=role_name, v1=code, v2=action) for code, action in granted])


def forget_role(session: Session, role_name: str) -> None:
    """Every policy line naming the role (its pages, and the `g` lines of roles it inherits or that inherit it)."""
    session.execute(delete(CasbinRule).where(or_(CasbinRule.v0 == role_name,
                                                 (CasbinRule.ptype == "g") & (CasbinRule.v1 == role_name))))

