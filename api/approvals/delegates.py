"""Who stands in for whom today: the approval engine's reading of the delegations approvers set (out of office).
A delegate is offered their delegator's tasks and decides for them; one step only (a delegate's own delegate is
never asked for the delegator)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, any_, func, or_, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDelegation, ApprovalRequest, ApprovalTask
from api.core.config import get_settings
from api.core.times import company_today
from api.users.models import User


def today() -> date:
    """Today in the company's time zone (a delegation's days are inclusive there)."""
    return company_today(get_settings().time_zone)


def _holding(request_type: Any, on: Any) -> tuple[Any, ...]:
    return (ApprovalDelegation.starts_on <= on, ApprovalDelegation.ends_on >= on,
            or_(ApprovalDelegation.request_type.is_(None), ApprovalDelegation.request_type == request_type))


def _standing_in(request_type: str, approver_ids: list[int], on: date | None) -> Select[int, int]:
    return (select(ApprovalDelegation.delegator_id, ApprovalDelegation.delegate_id)
            .join(User, User.id == ApprovalDelegation.delegate_id)
            .where(ApprovalDelegation.delegator_id.in_(approver_ids), User.is_active,
                   ApprovalDelegation.delegate_id != ApprovalDelegation.delegator_id,
                   *_holding(request_type, on or today())))


def standing_in(session: Session, request_type: str, approver_ids: list[int], on: date | None = None) -> dict[int, int]:
    """{approver: their delegate} for the approvers who delegate this request type today (to an active user)."""
    if not approver_ids:
        return {}
    rows = session.execute(_standing_in(request_type, approver_ids, on).order_by(ApprovalDelegation.id)).tuples()
    return {delegator: delegate for delegator, delegate in rows}


def standing_in_column(request_type: Any, approver_ids: Any, on: Any) -> Any:
    """standing_in as a column of another statement, its values bound parameters of that statement (a statement built
    once: `approver_ids` an integer array): [[approver, delegate], ...] (NULL for none), read back with
    `stand_ins`."""
    found = (select(ApprovalDelegation.delegator_id, ApprovalDelegation.delegate_id, ApprovalDelegation.id)
             .join(User, User.id == ApprovalDelegation.delegate_id)
             .where(ApprovalDelegation.delegator_id == any_(approver_ids), User.is_active,
                    ApprovalDelegation.delegate_id != ApprovalDelegation.delegator_id, *_holding(request_type, on))
             .subquery())
    pair = func.json_build_array(found.c.delegator_id, found.c.delegate_id)
    return select(func.json_agg(aggregate_order_by(pair, found.c.id))).scalar_subquery()


def stand_ins(pairs: list[list[int]] | None) -> dict[int, int]:
    """What standing_in_column read: {approver: their delegate}."""
    return {delegator: delegate for delegator, delegate in pairs or []}


def delegators_of(session: Session, delegate_id: int, request_type: str, on: date | None = None) -> list[int]:
    """The approvers `delegate_id` stands in for today for this request type."""
    return list(session.scalars(
        select(ApprovalDelegation.delegator_id)
        .where(ApprovalDelegation.delegate_id == delegate_id, ApprovalDelegation.delegator_id != delegate_id,
               *_holding(request_type, on or today()))
        .order_by(ApprovalDelegation.id)))


def tasks_offered_to(session: Session, user_id: int, on: date | None = None) -> ColumnElement[bool]:
    """Which approval tasks are offered to the user, as a condition on ApprovalTask joined to its ApprovalRequest:
    their own, and those of the approvers they stand in for today (of the delegated request type, never on the
    user's own request). The queue lists them; the leads they are about may be read."""
    when = on or today()
    offered: list[ColumnElement[bool]] = [ApprovalTask.approver_id == user_id]
    for delegator, request_type in session.execute(
            select(ApprovalDelegation.delegator_id, ApprovalDelegation.request_type)
            .where(ApprovalDelegation.delegate_id == user_id, ApprovalDelegation.delegator_id != user_id,
                   ApprovalDelegation.starts_on <= when, ApprovalDelegation.ends_on >= when)).tuples():
        offered.append(and_(ApprovalTask.approver_id == delegator, ApprovalRequest.requested_by != user_id,
                            func.coalesce(ApprovalRequest.on_behalf_of, 0) != user_id,
                            *([ApprovalRequest.request_type == request_type] if request_type else [])))
    return or_(*offered)
