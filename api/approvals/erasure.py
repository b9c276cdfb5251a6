"""What a user's erasure asks of the approvals (api/personal_data runs the whole erasure): none pending that names
them. While a request they asked for (or that was made on their behalf) waits, or one still waits on them as an
approver, its workflow carries their username in its search attributes (RequestedBy, PendingApprovers): the erasure is
refused until it is decided, withdrawn or reassigned. Decided requests and decisions keep their ids (the records'
numbers do not move); each mention of the user in their notes is replaced, and so is the name a layer's clock kept of
the person it escalated to."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, func, or_, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDecision, ApprovalDelegation, ApprovalRequest, ApprovalTask
from api.core.mentions import Mention

WAITING_TASKS = ("PENDING", "PROCESSING")
_TEXTS: tuple[tuple[Any, tuple[str, ...]], ...] = (
    (ApprovalRequest, ("notes", "withdraw_reason")), (ApprovalDecision, ("note",)),
    (ApprovalTask, ("submitted_note",)), (ApprovalDelegation, ("note",)))


# unscoped: an administrator's request about one person, across every lead
def pending_naming(session: Session, user_id: int) -> int:
    """How many pending requests the user asked for (or that were made for them) or still waits on them."""
    asked = select(ApprovalRequest.id).where(or_(ApprovalRequest.requested_by == user_id,
                                                 ApprovalRequest.on_behalf_of == user_id))
    waiting = select(ApprovalTask.request_id).where(ApprovalTask.approver_id == user_id,
                                                    ApprovalTask.status.in_(WAITING_TASKS))
    return int(session.scalar(select(func.count()).select_from(ApprovalRequest).where(
        ApprovalRequest.status == "PENDING", or_(ApprovalRequest.id.in_(asked), ApprovalRequest.id.in_(waiting))))
        or 0)


def _texts(session: Session, mention: Mention) -> list[tuple[Any, tuple[str, ...]]]:
    """The requests, decisions, tasks and delegations whose notes mention the person, with those columns."""
    found: list[tuple[Any, tuple[str, ...]]] = []
    for model, columns in _TEXTS:
        rows = session.scalars(select(model).where(or_(*(mention.sql(getattr(model, c)) for c in columns)))
                               .order_by(model.id)).all()
        found += [(row, columns) for row in rows if any(mention.found_in(getattr(row, c)) for c in columns)]
    return found


# unscoped: an administrator's erasure of one person, across every lead
def erase_user(session: Session, *, user_id: int, username: str, mention: Mention, replacement: str) -> int:
    """A user's erasure: each mention of them in the approvals' notes is replaced, and a layer's clock that escalated
    to them names the placeholder (its `escalatedTo` stays the id). Answers how many rows changed. The caller
    commits."""
    rows = _texts(session, mention)
    for row, columns in rows:
        for column in columns:
            setattr(row, column, mention.replaced(getattr(row, column), replacement))
    escalated = session.scalars(select(ApprovalRequest).where(
        ApprovalRequest.clocks.cast(String).contains(f'"escalatedTo": {user_id}'))).all()
    changed = {id(row) for row, _ in rows}
    for request in escalated:
        clocks = {layer: ({**clock, "escalatedToName": replacement, "escalatedToUsername": username}
                          if isinstance(clock, dict) and clock.get("escalatedTo") == user_id else clock)
                  for layer, clock in request.clocks.items()}
        if clocks != request.clocks:
            request.clocks = clocks
            changed.add(id(request))
    session.flush()
    return len(changed)
