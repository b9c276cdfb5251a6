"""What a user's erasure asks of the approvals (api/personal_data runs the whole erasure): none pending that names
them. While a request they asked for (or that was made on their behalf) waits, or one still waits on them as an
approver, its workflow carries their username in its search attributes (RequestedBy, PendingApprovers): the erasure is
refused until it is decided, withdrawn or reassigned. Decided requests and decisions keep their ids (the records'
numbers do not move)."""

from __future__ import annotations

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest, ApprovalTask

WAITING_TASKS = ("PENDING", "PROCESSING")


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
