"""What the approval workflow's activities do to the database. Each function is idempotent: running it
twice (a retried activity, a worker restarted mid-request) leaves the same rows as running it once."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.approvals import outcomes
from api.approvals import repository as repo
from api.approvals.models import ApprovalRequest
from api.core import metrics
from api.notifications import dispatch
from api.notifications import service as notifications
from api.notifications.catalogue import APPROVERS, REQUESTER, SALES_PERSON
from api.notifications.live import publish_changed
from api.users.models import User
from workflows.contracts.approval import WITHDRAWN

log = logging.getLogger(__name__)


def _event(session: Session, request: ApprovalRequest, *, layer_index: int, approvers: list[int], link: str,
           **values: object) -> dispatch.Event:
    """An approval event as its setting's template and recipients see it (api/notifications/catalogue.py)."""
    subject = outcomes.handler_for(request.request_type).subject(session, request)
    layers, requester = repo.layers_and_requester(session, request)
    layer = layers[layer_index]["name"] if 0 <= layer_index < len(layers) else f"Layer {layer_index + 1}"
    people = {REQUESTER: [request.requested_by], APPROVERS: approvers}
    if subject.sales_person_id is not None:
        people[SALES_PERSON] = [subject.sales_person_id]
    return dispatch.Event(
        {"requester": requester or "A sales person", "request": subject.description,
         "project": subject.project, "client": subject.client, "layer": layer, **values},
        people=people, link=link, lead_id=request.lead_id)


def sync_queue(session: Session, *, request_id: int, layer_index: int, pending: list[int]) -> list[int]:
    """Make `pending` the approvers whose turn it is; returns those newly queued (and notified)."""
    request = session.get(ApprovalRequest, request_id)
    if request is None or request.status != "PENDING":
        session.commit()  # nothing to queue; a decision the caller recorded in this transaction stays
        return []
    added = repo.queue_approvers(session, request_id=request_id, layer_index=layer_index, pending=pending)
    repo.close_other_tasks(session, request_id=request_id, layer_index=layer_index, pending=pending)
    request.current_layer = layer_index
    request.started_at = request.started_at or datetime.now(UTC)  # its workflow runs: the sweep leaves it alone
    link = approval_link(request_id)
    told: list[int] = []
    if added:
        told = dispatch.tell(session, "REQUEST_SUBMITTED",
                             lambda: _event(session, request, layer_index=layer_index, approvers=added, link=link))
    # the approvers no longer asked (their layer is settled, or they decided) are done with its notifications
    settled = notifications.settle_by_link(session=session, link=link, keep=pending)
    session.commit()
    if added:
        log.info("approval request %s: layer %s asks approvers %s", request_id, layer_index, added)
    publish_changed([*told, *settled])
    return added


def approval_link(request_id: int) -> str:
    """Where an approver's APPROVAL notification leads (and how its notifications are found again)."""
    return f"/system/approval?request={request_id}"


def record_decision(session: Session, *, request_id: int, layer_index: int, approver_id: int, action: str,
                    note: str | None, decided_at: datetime, final: bool) -> list[int]:
    """Record an approver's decision (once) and mark their task done; a decision that does not end the request
    (not `final`) is told as REQUEST_DECIDED the first time it is recorded. The caller commits, so the decision and
    the queue or outcome that follows it are one transaction; it publishes the returned users to the live bell."""
    recorded = repo.insert_decision(session, request_id=request_id, layer_index=layer_index, approver_id=approver_id,
                                    action=action, note=note, decided_at=decided_at)
    if final or not recorded:  # the outcome's notification tells it, or it was told the first time
        return []
    request = session.get(ApprovalRequest, request_id)
    if request is None or request.status != "PENDING":
        return []

    def event() -> dispatch.Event:
        approver = session.get(User, approver_id)
        return _event(session, request, layer_index=layer_index, approvers=repo.approvers_of(session, request_id),
                      link=f"/leads/{request.lead_id}", approver=approver.fullname if approver else "An approver",
                      decision="approved" if action == "APPROVED" else "rejected", note=note)

    return dispatch.tell(session, "REQUEST_DECIDED", event)


def finish(session: Session, *, request_id: int, status: str, decided_by: int | None,
           decided: tuple[int, str | None] | None = None) -> bool:
    """End the request once (APPROVED, REJECTED or WITHDRAWN): its type's handler applies the outcome and records
    it in the lead's history. `decided`: (approver, note) of the deciding decision the caller records in this
    transaction, so its note is not read back.
    Returns False when an earlier run already finished it (nothing is applied twice)."""
    request = repo.request_for_update(session, request_id)
    if request is None or request.status != "PENDING":
        session.commit()  # an earlier run finished it; what the caller added (an idempotent decision) stays
        return False
    withdrawn = status == WITHDRAWN
    asked_now = repo.layer_approvers(session, request_id, request.current_layer) if withdrawn else []
    if not withdrawn:  # a decision ended it before a withdrawal on its way: that withdrawal is moot
        request.withdrawn_by = request.withdraw_reason = request.withdraw_requested_at = None
    request.status = status
    request.decided_at = datetime.now(UTC)
    repo.cancel_pending_tasks(session, request_id)
    actor = session.get(User, decided_by or request.requested_by)
    verdict = status.lower()
    if withdrawn:
        note = request.withdraw_reason
    elif decided is not None and decided[0] == decided_by:
        note = decided[1]
    else:
        note = repo.last_note(session, request_id=request_id, approver_id=decided_by) if decided_by else None
    by = f" by {actor.fullname}" if actor is not None and decided_by else ""
    outcome = f"{verdict.capitalize()}{by}" + (f": {note}" if note else "")
    # the request's type applies what was decided (and records it where its subject keeps its history)
    link = outcomes.handler_for(request.request_type).finish(session, request, status, actor, outcome)
    if withdrawn:  # the requester, the approvers it was waiting on and the sales person's team leader
        told = dispatch.tell(session, "REQUEST_WITHDRAWN", lambda: _event(
            session, request, layer_index=request.current_layer, approvers=asked_now, link=link,
            withdrawn_by=actor.fullname if actor is not None else "An administrator", reason=note))
    else:
        told = dispatch.tell(session, f"REQUEST_{status}", lambda: _event(
            session, request, layer_index=request.current_layer, approvers=repo.approvers_of(session, request_id),
            link=link, approver=actor.fullname if actor is not None and decided_by else None, note=note))
    settled = notifications.settle_by_link(session=session, link=approval_link(request_id), keep=[])
    session.commit()
    log.info("approval request %s %s (%s): its outcome is applied", request_id, status, request.request_type)
    metrics.APPROVALS_APPLIED.labels(request.request_type, status).inc()
    publish_changed([*told, *settled])
    return True

