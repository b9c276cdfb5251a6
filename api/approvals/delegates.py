"""Who stands in for whom today: the approval engine's reading of the delegations approvers set (out of office).
A delegate is offered their delegator's tasks and decides for them; one step only (a delegate's own delegate is
never asked for the delegator)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDelegation
from api.core.config import get_settings
from api.core.times import company_today
from api.users.models import User


def today() -> date:
    """Today in the company's time zone (a delegation's days are inclusive there)."""
    return company_today(get_settings().time_zone)


def _holding(request_type: str, on: date) -> tuple[Any, ...]:
    return (ApprovalDelegation.starts_on <= on, ApprovalDelegation.ends_on >= on,
            or_(ApprovalDelegation.request_type.is_(None), ApprovalDelegation.request_type == request_type))


def standing_in(session: Session, request_type: str, approver_ids: list[int], on: date | None = None) -> dict[int, int]:
    """{approver: their delegate} for the approvers who delegate this request type today (to an active user)."""
    if not approver_ids:
        return {}
    rows = session.execute(
        select(ApprovalDelegation.delegator_id, ApprovalDelegation.delegate_id)
        .join(User, User.id == ApprovalDelegation.delegate_id)
        .where(ApprovalDelegation.delegator_id.in_(approver_ids), User.is_active,
               *_holding(request_type, on or today()))
        .order_by(ApprovalDelegation.id)).tuples().all()
    return {delegator: delegate for delegator, delegate in rows if delegate != delegator}


def delegators_of(session: Session, delegate_id: int, request_type: str, on: date | None = None) -> list[int]:
    """The approvers `delegate_id` stands in for today for this request type."""
    return list(session.scalars(
        select(ApprovalDelegation.delegator_id)
        .where(ApprovalDelegation.delegate_id == delegate_id, ApprovalDelegation.delegator_id != delegate_id,
               *_holding(request_type, on or today()))
        .order_by(ApprovalDelegation.id)))


def delegations_to(session: Session, delegate_id: int, on: date | None = None) -> list[tuple[int, str | None]]:
    """(delegator, request type or None for all) of every delegation to `delegate_id` holding today."""
    when = on or today()
    return list(session.execute(
        select(ApprovalDelegation.delegator_id, ApprovalDelegation.request_type)
        .where(ApprovalDelegation.delegate_id == delegate_id, ApprovalDelegation.delegator_id != delegate_id,
               ApprovalDelegation.starts_on <= when, ApprovalDelegation.ends_on >= when)).tuples())
