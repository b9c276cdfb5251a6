"""What the approval workflow's activities do to the database. Each function is idempotent: running it
twice (a retried activity, a worker restarted mid-request) leaves the same rows as running it once."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import and_, case, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalDecision, ApprovalRequest, ApprovalTask
from api.clients.models import Client
from api.leads import service as leads_service
from api.leads.models import Lead, Stage
from api.notifications import service as notifications
from api.notifications.live import publish_changed
from api.pcs import approval as pcs_approval
from api.users.models import User

DESCRIPTIONS = {"CHANGE_LEAD_STAGE": "move", "HOLD_LEAD": "hold", "DROP_LEAD": "drop", "CLOSE_LEAD": "close"}
TYPE_NAMES = {"CHANGE_LEAD_STAGE": "Stage change", "HOLD_LEAD": "Hold", "DROP_LEAD": "Drop", "CLOSE_LEAD": "Close",
              "PCS": "Cost sheet"}


def describe(session: Session, request: ApprovalRequest) -> str:
    """'hold 'Project' (Client)', 'move 'Project' (Client) to E2 Connected', ... for notifications."""
    if request.request_type == "PCS":
        return pcs_approval.describe(session, request)
    # one statement for the lead, its client and the target stage (a notification is written on every step)
    row = session.execute(
        select(Lead.project_name, Client.client_name, Stage.stage_name, Stage.stage_description)
        .select_from(Lead).join(Client, Client.id == Lead.client_id)
        .outerjoin(Stage, Stage.id == request.target_stage_id)
        .where(Lead.id == request.lead_id)).first()
    what = f"'{row.project_name}' ({row.client_name})" if row else f"lead #{request.lead_id}"
    if request.request_type == "CHANGE_LEAD_STAGE" and request.target_stage_id:
        return f"move {what} to {row.stage_name} {row.stage_description}" if row and row.stage_name \
            else f"move {what}"
    return f"{DESCRIPTIONS.get(request.request_type, 'change')} {what}"


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
    lead = session.get(Lead, request.lead_id)
    actor = session.get(User, decided_by or request.requested_by)
    what = describe(session, request)
    verdict = "approved" if status == "APPROVED" else "rejected"
    note = session.scalar(select(ApprovalDecision.note).where(
        ApprovalDecision.request_id == request_id, ApprovalDecision.approver_id == decided_by)
        .order_by(ApprovalDecision.layer_index.desc())) if decided_by else None
    by = f" by {actor.fullname}" if actor is not None and decided_by else ""
    outcome = f"{verdict.capitalize()}{by}" + (f": {note}" if note else "")
    link = f"/leads/{request.lead_id}"
    if request.request_type == "PCS":  # the sheet changes; the lead's status was never WAITING for it
        pcs_approval.apply_outcome(session, request, status, actor)
        link = f"/leads/{request.lead_id}/project-cost-sheet"
    elif status == "APPROVED" and lead is not None and actor is not None:
        _apply(session, request, lead, actor)
    elif lead is not None and lead.status == "WAITING" and actor is not None:
        _set_status(session, lead, actor, "NEW")  # the history says the lead stopped waiting
    if lead is not None and actor is not None:
        # the outcome itself, with who decided and why, in the lead's history
        leads_service.record_change(session, lead, actor, "approval",
                                    f"{TYPE_NAMES.get(request.request_type, 'Request')} #{request.id}", outcome)
    notifications.notify(session=session, user_id=request.requested_by, notification_type="INFORMATION",
                         message=f"Your request to {what} has been {verdict}{by}" + (f": {note}" if note else "."),
                         link=link)
    settled = notifications.settle_by_link(session=session, link=approval_link(request_id), keep=[])
    session.commit()
    publish_changed([request.requested_by, *settled])
    return True


def _apply(session: Session, request: ApprovalRequest, lead: Lead, actor: User) -> None:
    if request.request_type == "CHANGE_LEAD_STAGE" and request.target_stage_id:
        target = session.get(Stage, request.target_stage_id)
        if target is not None and target.id != lead.stage_id:
            leads_service.move_to(session, lead, actor, target)
        _set_status(session, lead, actor, "NEW")
    elif request.request_type == "HOLD_LEAD":
        _set_status(session, lead, actor, "HOLD")
    elif request.request_type == "DROP_LEAD":
        _set_status(session, lead, actor, "DROPPED")
    elif request.request_type == "CLOSE_LEAD":
        closed = session.scalars(select(Stage).where(Stage.stage_name == "E7")).first()
        if closed is not None and closed.id != lead.stage_id:
            leads_service.move_to(session, lead, actor, closed)
        _set_status(session, lead, actor, "CLOSED")


def _set_status(session: Session, lead: Lead, actor: User, status: str) -> None:
    if lead.status != status:
        leads_service.record_change(session, lead, actor, "status", lead.status, status)
        lead.status = status
