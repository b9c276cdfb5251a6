"""What the approval workflow's activities do to the database. Each function is idempotent: running it
twice (a retried activity, a worker restarted mid-request) leaves the same rows as running it once."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import and_, case, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.approvals import outcomes
from api.approvals.models import ApprovalDecision, ApprovalRequest, ApprovalTask
from api.notifications import service as notifications
from api.notifications.live import publish_changed
from api.users.models import User


def describe(session: Session, request: ApprovalRequest) -> str:
    """'hold 'Project' (Client)', 'approve the cost sheet of ...' for notifications (its type's handler says)."""
    return outcomes.handler_for(request.request_type).describe(session, request)


def sync_queue(session: Session, *, request_id: int, layer_index: int, pending: list[int]) -> list[int]:
    """Make `pending` the approvers whose turn it is; returns those newly queued (and notified)."""
    request = session.get(ApprovalRequest, request_id)
    if request is None or request.status != "PENDING":
        session.commit()  # nothing to queue; a decision the caller recorded in this transaction stays
        return []
    # one statement queues the approvers whose turn it is (those already queued are left alone) ...
    added = list(session.scalars(
        insert(ApprovalTask).values([{"request_id": request_id, "layer_index": layer_index, "approver_id": a,
                                      "status": "PENDING"} for a in pending])
        .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"])
        .returning(ApprovalTask.approver_id))) if pending else []
    # ... and one closes the others: DONE if they decided on this layer, else CANCELLED
    decided = select(ApprovalDecision.id).where(ApprovalDecision.request_id == request_id,
                                                ApprovalDecision.layer_index == layer_index,
                                                ApprovalDecision.approver_id == ApprovalTask.approver_id).exists()
    session.execute(
        update(ApprovalTask)
        .where(ApprovalTask.request_id == request_id, ApprovalTask.status == "PENDING",
               or_(ApprovalTask.layer_index != layer_index, ApprovalTask.approver_id.not_in(pending or [-1])))
        .values(status=case((and_(ApprovalTask.layer_index == layer_index, decided), "DONE"), else_="CANCELLED"))
        .execution_options(synchronize_session=False))
    request.current_layer = layer_index
    request.started_at = request.started_at or datetime.now(UTC)  # its workflow runs: the sweep leaves it alone
    link = approval_link(request_id)
    if added:
        requester = session.scalar(select(User.fullname).where(User.id == request.requested_by))
        message = f"{requester or 'A sales person'} asks to {describe(session, request)}."
        for approver_id in added:
            notifications.notify(session=session, user_id=approver_id, notification_type="APPROVAL",
                                 message=message, link=link)
    # the approvers no longer asked (their layer is settled, or they decided) are done with its notifications
    settled = notifications.settle_by_link(session=session, link=link, keep=pending)
    session.commit()
    publish_changed([*added, *settled])
    return added


def approval_link(request_id: int) -> str:
    """Where an approver's APPROVAL notification leads (and how its notifications are found again)."""
    return f"/system/approval?request={request_id}"


def record_decision(session: Session, *, request_id: int, layer_index: int, approver_id: int, action: str,
                    note: str | None, decided_at: datetime) -> None:
    """Record an approver's decision (once) and mark their task done. The caller commits, so the decision and
    the queue or outcome that follows it are one transaction."""
    session.execute(
        insert(ApprovalDecision).values(request_id=request_id, layer_index=layer_index, approver_id=approver_id,
                                        action=action, note=note, decided_at=decided_at)
        .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"]))
    # upsert: the decision may arrive before the workflow's first queue sync created the task
    session.execute(
        insert(ApprovalTask).values(request_id=request_id, layer_index=layer_index, approver_id=approver_id,
                                    status="DONE")
        .on_conflict_do_update(index_elements=["request_id", "layer_index", "approver_id"], set_={"status": "DONE"}))


def finish(session: Session, *, request_id: int, status: str, decided_by: int | None) -> bool:
    """End the request once: on APPROVED apply the outcome to the lead and record it in its history.
    Returns False when an earlier run already finished it (nothing is applied twice)."""
    request = session.scalars(select(ApprovalRequest).where(ApprovalRequest.id == request_id)
                              .with_for_update()).first()
    if request is None or request.status != "PENDING":
        session.commit()  # an earlier run finished it; what the caller added (an idempotent decision) stays
        return False
    request.status = status
    request.decided_at = datetime.now(UTC)
    session.execute(update(ApprovalTask).where(ApprovalTask.request_id == request_id,
                                               ApprovalTask.status == "PENDING").values(status="CANCELLED"))
    actor = session.get(User, decided_by or request.requested_by)
    what = describe(session, request)
    verdict = "approved" if status == "APPROVED" else "rejected"
    note = session.scalar(select(ApprovalDecision.note).where(
        ApprovalDecision.request_id == request_id, ApprovalDecision.approver_id == decided_by)
        .order_by(ApprovalDecision.layer_index.desc())) if decided_by else None
    by = f" by {actor.fullname}" if actor is not None and decided_by else ""
    outcome = f"{verdict.capitalize()}{by}" + (f": {note}" if note else "")
    # the request's type applies what was decided (and records it where its subject keeps its history)
    link = outcomes.handler_for(request.request_type).finish(session, request, status, actor, outcome)
    notifications.notify(session=session, user_id=request.requested_by, notification_type="INFORMATION",
                         message=f"Your request to {what} has been {verdict}{by}" + (f": {note}" if note else "."),
                         link=link)
    settled = notifications.settle_by_link(session=session, link=approval_link(request_id), keep=[])
    session.commit()
    publish_changed([request.requested_by, *settled])
    return True

