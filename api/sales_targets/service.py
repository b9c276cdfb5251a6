"""Sales targets: a yearly gross-profit target per sales person, set by top management (or a team leader for
their team), each change kept; the dashboard reads them (`per_person`)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.core.errors import NotFound, ValidationFailed
from api.core.listing import ListParams
from api.leads.visibility import visible_sales_ids
from api.sales_targets import repository as repo
from api.sales_targets.models import SalesTarget, SalesTargetHistory
from api.sales_targets.schemas import TargetChange, TargetDetail, TargetIn, TargetPage, TargetRow, TeamTotal
from api.users.models import User

NOT_A_SALES_PERSON = "Please choose an active sales person of your team."
TARGET_NOT_FOUND = "Sales target not found."
SALES_PERSON_NOT_FOUND = "Sales person not found."


def _row(user: User, leader_name: str | None, target: SalesTarget | None, year: int,
         changed_by: str | None = None) -> TargetRow:
    return TargetRow(id=target.id if target else None, sales_person_id=user.id, fullname=user.fullname,
                     nickname=user.nickname, leader_id=user.leader_id, leader_name=leader_name, year=year,
                     amount=float(target.amount) if target else 0.0, updated_at=target.updated_at if target else None,
                     updated_by_name=changed_by if target else None)


def list_targets(*, session: Session, actor: User, year: int, params: ListParams) -> TargetPage:
    scope = visible_sales_ids(session, actor)
    rows, total = repo.page(session, year=year, scope=scope, params=params)
    teams = [TeamTotal(leader_id=leader_id, leader_name=name or "No leader", members=members, amount=float(amount))
             for leader_id, name, members, amount in repo.totals(session, year=year, scope=scope)]
    return TargetPage(data=[_row(u, leader, t, year, by) for u, leader, t, by in rows], total_rows=total, year=year,
                      total_amount=sum(t.amount for t in teams), teams=teams)


def _detail(session: Session, target: SalesTarget) -> TargetDetail:
    user = session.get(User, target.sales_person_id)
    assert user is not None
    leader = session.get(User, user.leader_id) if user.leader_id else None
    changer = session.get(User, target.updated_by) if target.updated_by else None
    row = _row(user, leader.fullname if leader else None, target, target.year, changer.fullname if changer else None)
    return TargetDetail(**row.model_dump(), history=_history(session, target.id))


def _history(session: Session, target_id: int) -> list[TargetChange]:
    return [TargetChange(old_amount=float(h.old_amount) if h.old_amount is not None else None,
                         new_amount=float(h.new_amount), changed_by=name, changed_at=h.changed_at)
            for h, name in repo.history(session, target_id)]


def _visible(session: Session, actor: User, sales_person_id: int) -> User:
    scope = visible_sales_ids(session, actor)
    user = repo.sales_person(session, sales_person_id)
    if user is None or (scope is not None and user.id not in scope):
        raise ValidationFailed(NOT_A_SALES_PERSON)
    return user


def get_target(*, session: Session, actor: User, target_id: int) -> TargetDetail:
    target = session.get(SalesTarget, target_id)
    scope = visible_sales_ids(session, actor)
    if target is None or (scope is not None and target.sales_person_id not in scope):
        raise NotFound(TARGET_NOT_FOUND)
    return _detail(session, target)


def get_for_person(*, session: Session, actor: User, sales_person_id: int, year: int) -> TargetDetail:
    """A sales person's target for a year with its history: amount 0, no id and no history when none is set yet."""
    found = repo.one(session, year=year, scope=visible_sales_ids(session, actor), sales_person_id=sales_person_id)
    if found is None:
        raise NotFound(SALES_PERSON_NOT_FOUND)
    user, leader_name, target, changed_by = found
    return TargetDetail(**_row(user, leader_name, target, year, changed_by).model_dump(),
                        history=_history(session, target.id) if target else [])


def save_target(*, session: Session, actor: User, data: TargetIn) -> TargetDetail:
    """Set a sales person's target for a year (made on first save); an unchanged amount records nothing."""
    user = _visible(session, actor, data.sales_person_id)
    amount = data.amount
    target = repo.of(session, user.id, data.year, for_update=True)
    if target is None:
        target = SalesTarget(sales_person_id=user.id, year=data.year, amount=amount, updated_by=actor.id)
        session.add(target)
        session.flush()
        session.add(SalesTargetHistory(target_id=target.id, old_amount=None, new_amount=amount, changed_by=actor.id))
    elif target.amount != amount:
        session.add(SalesTargetHistory(target_id=target.id, old_amount=target.amount, new_amount=amount,
                                       changed_by=actor.id))
        target.amount, target.updated_by, target.updated_at = amount, actor.id, datetime.now(UTC)
    session.commit()
    return _detail(session, target)


def per_person(session: Session, *, year: int, sales_ids: list[int]) -> dict[int, float]:
    return repo.by_person(session, year=year, sales_ids=sales_ids)
