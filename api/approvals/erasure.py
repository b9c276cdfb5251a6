"""Erasing a person from the approvals (api/personal_data runs the whole erasure). A request's notes and withdrawal
reason, a task's submitted note, a decision's note and a delegation's note keep their text with each mention replaced
(TEXTS: a contact's erasure and a user's). Nothing else of an approval changes: its requester, approvers, layers,
decisions and numbers stay.

A user's erasure asks more: none pending that names them. While a request they asked for (or that was made on their
behalf) waits, or one still waits on them as an approver, its workflow carries their username in its search
attributes (RequestedBy, PendingApprovers): the erasure is refused until it is decided, withdrawn or reassigned. The
name a layer's clock kept of the person it escalated to is replaced too."""

from __future__ import annotations

from sqlalchemy import String, func, or_, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDecision, ApprovalDelegation, ApprovalRequest, ApprovalTask
from api.core.mentions import Mention, Texts

WAITING_TASKS = ("PENDING", "PROCESSING")
TEXTS = (Texts(ApprovalRequest, ("notes", "withdraw_reason"), "approval request notes"),
         Texts(ApprovalTask, ("submitted_note",), "approval task notes"),
         Texts(ApprovalDecision, ("note",), "approval decision notes"),
         Texts(ApprovalDelegation, ("note",), "approval delegation notes"))


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


# unscoped: an administrator's erasure of one person, across every lead
def erase_user(session: Session, *, user_id: int, username: str, mention: Mention, replacement: str) -> int:
    """A user's erasure: each mention of them in the approvals' notes is replaced, and a layer's clock that escalated
    to them names the placeholder (its `escalatedTo` stays the id). Answers how many rows changed. The caller
    commits."""
    changed = {(texts.table, row.id) for texts in TEXTS  # by table and id: the session holds its rows weakly
               for row in texts.erase(session, mention=mention, replacement=replacement)}
    escalated = session.scalars(select(ApprovalRequest).where(
        ApprovalRequest.clocks.cast(String).contains(f'"escalatedTo": {user_id}'))).all()
    for request in escalated:
        clocks = {layer: ({**clock, "escalatedToName": replacement, "escalatedToUsername": username}
                          if isinstance(clock, dict) and clock.get("escalatedTo") == user_id else clock)
                  for layer, clock in request.clocks.items()}
        if clocks != request.clocks:
            request.clocks = clocks
            changed.add((ApprovalRequest.__tablename__, request.id))
    session.flush()
    return len(changed)
