"""Sales target queries."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from api.core.listing import Listing, ListParams, paged
from api.sales_targets.models import SalesTarget, SalesTargetHistory
from api.users.models import Role, User

Leader = aliased(User)
Changer = aliased(User)
Scope = list[int] | None


def _rows(year: int, scope: Scope) -> Any:
    """Every active sales person in scope with their leader's name, their target for the year (outer joined: none is
    0) and who changed it last."""
    stmt = (select(User, Leader.fullname.label("leader_name"), SalesTarget, Changer.fullname.label("changed_by"))
            .join(Role, Role.id == User.role_id)
            .outerjoin(Leader, Leader.id == User.leader_id)
            .outerjoin(SalesTarget, (SalesTarget.sales_person_id == User.id) & (SalesTarget.year == year))
            .outerjoin(Changer, Changer.id == SalesTarget.updated_by)
            .where(Role.name == "SALES", User.is_active.is_(True)))
    return stmt if scope is None else stmt.where(User.id.in_(scope))


SORT = {"fullname": func.lower(User.fullname), "leaderName": func.lower(Leader.fullname),
        "amount": func.coalesce(SalesTarget.amount, 0)}
LISTING = Listing(sort=SORT, default=func.lower(User.fullname), tiebreak=User.id, count_by=User.id,
                  search=(User.fullname, User.nickname, Leader.fullname))


def page(session: Session, *, year: int, scope: Scope, params: ListParams) -> tuple[list[Any], int]:
    return paged(session, _rows(year, scope), params, LISTING, entities=False)


def totals(session: Session, *, year: int, scope: Scope) -> list[tuple[int | None, str | None, int, Any]]:
    """Per leader: (leader id, name, sales people, sum of their targets)."""
    rows = _rows(year, scope).subquery()
    stmt = (select(rows.c.leader_id, rows.c.leader_name, func.count(), func.coalesce(func.sum(rows.c.amount), 0))
            .group_by(rows.c.leader_id, rows.c.leader_name).order_by(rows.c.leader_name))
    return [(a, b, int(c), d) for a, b, c, d in session.execute(stmt).tuples()]


def one(session: Session, *, year: int, scope: Scope, sales_person_id: int) -> Any:
    """One sales person's row of `page` (None when they are not an active sales person in scope)."""
    return session.execute(_rows(year, scope).where(User.id == sales_person_id)).tuples().first()


def of(session: Session, sales_person_id: int, year: int, *, for_update: bool = False) -> SalesTarget | None:
    stmt = select(SalesTarget).where(SalesTarget.sales_person_id == sales_person_id, SalesTarget.year == year)
    return session.scalars(stmt.with_for_update() if for_update else stmt).first()


def history(session: Session, target_id: int) -> list[tuple[SalesTargetHistory, str | None]]:
    changer = aliased(User)
    return list(session.execute(
        select(SalesTargetHistory, changer.fullname).outerjoin(changer, changer.id == SalesTargetHistory.changed_by)
        .where(SalesTargetHistory.target_id == target_id)
        .order_by(SalesTargetHistory.changed_at.desc(), SalesTargetHistory.id.desc())).tuples())


def by_person(session: Session, *, year: int, sales_ids: list[int]) -> dict[int, float]:
    if not sales_ids:
        return {}
    stmt = select(SalesTarget.sales_person_id, SalesTarget.amount).where(
        SalesTarget.year == year, SalesTarget.sales_person_id.in_(sales_ids))
    return {i: float(a) for i, a in session.execute(stmt).tuples()}


def sales_person(session: Session, user_id: int) -> User | None:
    """An active user of the SALES role."""
    return session.scalars(select(User).join(Role, Role.id == User.role_id).where(
        User.id == user_id, Role.name == "SALES", User.is_active.is_(True))).first()
