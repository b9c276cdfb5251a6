"""Out-of-office delegations' queries (delegations.py holds their rules)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import case, or_, select, text
from sqlalchemy.orm import Session, aliased

from api.approvals.models import (
    ApprovalDelegation,
)
from api.core.listing import Listing, ListParams, paged
from api.users.models import User


def overlapping_delegations(session: Session, *, delegator_id: int, starts_on: date, ends_on: date,
                            request_type: str | None, exclude_id: int | None) -> list[ApprovalDelegation]:
    """The approver's delegations whose period meets this one for the same request type (one for every type meets
    any type)."""
    stmt = select(ApprovalDelegation).where(
        ApprovalDelegation.delegator_id == delegator_id, ApprovalDelegation.starts_on <= ends_on,
        ApprovalDelegation.ends_on >= starts_on)
    if request_type is not None:
        stmt = stmt.where(or_(ApprovalDelegation.request_type.is_(None),
                              ApprovalDelegation.request_type == request_type))
    if exclude_id is not None:
        stmt = stmt.where(ApprovalDelegation.id != exclude_id)
    return list(session.scalars(stmt.order_by(ApprovalDelegation.starts_on)))


DELEGATION_SORT = {"startsOn": ApprovalDelegation.starts_on, "endsOn": ApprovalDelegation.ends_on}
DELEGATION_CRITERIA = {"requestType": ApprovalDelegation.request_type}


def delegations(session: Session, *, user_id: int | None, delegator_id: int | None, since: date, today: date,
                params: ListParams) -> tuple[list[ApprovalDelegation], int]:
    """A page of the delegations that end on or after `since`: the user's (as approver or delegate), one approver's,
    or everyone's; searched in the approver's and the delegate's names and the note. By default the current ones
    first, then the upcoming ones (the soonest first), then the past ones (the latest first)."""
    delegator, delegate = aliased(User), aliased(User)
    stmt = (select(ApprovalDelegation).join(delegator, delegator.id == ApprovalDelegation.delegator_id)
            .join(delegate, delegate.id == ApprovalDelegation.delegate_id)
            .where(ApprovalDelegation.ends_on >= since))
    if user_id is not None:
        stmt = stmt.where(or_(ApprovalDelegation.delegator_id == user_id, ApprovalDelegation.delegate_id == user_id))
    if delegator_id is not None:
        stmt = stmt.where(ApprovalDelegation.delegator_id == delegator_id)
    def current_first(stmt: Any) -> Any:
        past = ApprovalDelegation.ends_on < today
        state = case((past, 2), (ApprovalDelegation.starts_on > today, 1), else_=0)
        return stmt.order_by(state, case((past, None), else_=ApprovalDelegation.starts_on).asc().nulls_last(),
                             ApprovalDelegation.ends_on.desc(), ApprovalDelegation.id.desc())

    return paged(session, stmt, params, Listing(
        sort=DELEGATION_SORT, criteria=DELEGATION_CRITERIA, default=current_first,
        tiebreak=ApprovalDelegation.id.desc(), search=(delegator.fullname, delegate.fullname, ApprovalDelegation.note)))


def lock_delegator(session: Session, delegator_id: int) -> None:
    """Serialise saving one approver's delegations until the transaction ends (the overlap check holds)."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
                    {"key": f"approval-delegation:{delegator_id}"})
