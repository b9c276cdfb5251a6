"""The approval sweep's queries (outbox.py, withdrawals.py, owners.py hold what it does): the requests without their
workflow, the decisions, withdrawals and new owners not yet confirmed by it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest, ApprovalTask
from api.users.models import User

SWEEP_BATCH = 100  # requests or decisions the sweep takes per pass


def unstarted(session: Session, requested_before: datetime) -> list[ApprovalRequest]:
    """Pending requests committed before the cutoff whose workflow has not stamped them started."""
    return list(session.scalars(select(ApprovalRequest).where(
        ApprovalRequest.status == "PENDING", ApprovalRequest.started_at.is_(None),
        ApprovalRequest.requested_at < requested_before).order_by(ApprovalRequest.id).limit(SWEEP_BATCH)))


def not_stamped(session: Session, workflow_ids: list[str]) -> list[ApprovalRequest]:
    """Those of the requests (by workflow id) not yet stamped started."""
    return list(session.scalars(select(ApprovalRequest).where(ApprovalRequest.workflow_id.in_(workflow_ids),
                                                              ApprovalRequest.started_at.is_(None))))


def sweep_has_work(session: Session, *, requested_before: datetime, submitted_before: datetime) -> bool:
    """A request without its workflow, a decision still PROCESSING, a withdrawal not yet applied or a new owner not
    yet told, past their cutoffs (one statement)."""
    return bool(session.scalar(select(
        exists().where(ApprovalRequest.status == "PENDING", ApprovalRequest.started_at.is_(None),
                       ApprovalRequest.requested_at < requested_before)
        | exists().where(ApprovalTask.status == "PROCESSING", ApprovalTask.submitted_at < submitted_before)
        | exists().where(ApprovalRequest.status == "PENDING", ApprovalRequest.withdrawn_by.is_not(None),
                         ApprovalRequest.withdraw_requested_at < submitted_before)
        | exists().where(ApprovalRequest.status == "PENDING", ApprovalRequest.started_at.is_not(None),
                         ApprovalRequest.owner_changed_at < submitted_before))))


Processing = tuple[int, str, int, int, str | None, str | None, int | None]


def processing(session: Session, submitted_before: datetime) -> list[Processing]:
    """Decisions received but not confirmed by their workflow since before the cutoff: (request id, workflow id,
    layer, approver, action, note, the delegate who sent it)."""
    return list(session.execute(
        select(ApprovalTask.request_id, ApprovalRequest.workflow_id, ApprovalTask.layer_index,
               ApprovalTask.approver_id, ApprovalTask.submitted_action, ApprovalTask.submitted_note,
               ApprovalTask.submitted_by)
        .join(ApprovalRequest, ApprovalRequest.id == ApprovalTask.request_id)
        .where(ApprovalTask.status == "PROCESSING", ApprovalTask.submitted_at < submitted_before)
        .order_by(ApprovalTask.id).limit(SWEEP_BATCH)).tuples())


def withdrawals(session: Session, requested_before: datetime) -> list[tuple[int, str, int]]:
    """Withdrawals made durable and not yet applied by their workflow: (request id, workflow id, who withdrew)."""
    return [(i, w, b or 0) for i, w, b in session.execute(
        select(ApprovalRequest.id, ApprovalRequest.workflow_id, ApprovalRequest.withdrawn_by)
        .where(ApprovalRequest.status == "PENDING", ApprovalRequest.withdrawn_by.is_not(None),
               ApprovalRequest.withdraw_requested_at < requested_before)
        .order_by(ApprovalRequest.id)).tuples()]


@dataclass(frozen=True)
class OwnerChange:
    """A pending request whose owner changed and whose workflow is still to be told (api/approvals/owners.py)."""

    request_id: int
    workflow_id: str
    changed_at: datetime
    requested_by: int
    username: str  # the requester's
    on_behalf_of: int | None


def owner_changes(session: Session, *, request_ids: list[int] | None = None,
                  changed_before: datetime | None = None) -> list[OwnerChange]:
    """The pending requests (those named, or any changed before the cutoff) whose workflow runs and has not been told
    of their new owner yet."""
    stmt = (select(ApprovalRequest.id, ApprovalRequest.workflow_id, ApprovalRequest.owner_changed_at,
                   ApprovalRequest.requested_by, User.username, ApprovalRequest.on_behalf_of)
            .join(User, User.id == ApprovalRequest.requested_by)
            .where(ApprovalRequest.status == "PENDING", ApprovalRequest.owner_changed_at.is_not(None),
                   ApprovalRequest.started_at.is_not(None)))
    if request_ids is not None:
        stmt = stmt.where(ApprovalRequest.id.in_(request_ids))
    if changed_before is not None:
        stmt = stmt.where(ApprovalRequest.owner_changed_at < changed_before)
    return [OwnerChange(request_id, workflow_id, changed_at, requested_by, username, on_behalf_of)
            for request_id, workflow_id, changed_at, requested_by, username, on_behalf_of
            in session.execute(stmt.order_by(ApprovalRequest.id).limit(SWEEP_BATCH)).tuples()
            if changed_at is not None]
