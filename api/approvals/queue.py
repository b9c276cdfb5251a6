"""What the approval workflow's activities do to the database. Each function is idempotent: running it
twice (a retried activity, a worker restarted mid-request) leaves the same rows as running it once."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.approvals import delegates, mail_links, outcomes
from api.approvals import repository as repo
from api.approvals.models import ApprovalRequest
from api.core import metrics
from api.core.config import get_settings
from api.notifications import dispatch
from api.notifications import service as notifications
from api.notifications.catalogue import APPROVERS, REQUESTER, SALES_PERSON
from api.notifications.live import publish_changed
from api.users.models import User
from workflows.contracts.approval import WITHDRAWN

log = logging.getLogger(__name__)


def request_event(session: Session, request: ApprovalRequest, *, layer_index: int, approvers: list[int], link: str,
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
    # the delegates of the approvers asked now are asked too (their queue offers the task while it holds)
    stand_ins = delegates.standing_in(session, request.request_type, pending)
    if added:
        def asked() -> dispatch.Event:
            event = request_event(session, request, layer_index=layer_index,
                                  approvers=[*added, *(d for a, d in stand_ins.items() if a in added)], link=link)
            # the approvers' mails carry their Approve and Reject links (api/approvals/mail_links.py); a delegate
            # decides in the app
            event.mail_links = mail_links.mail_actions(get_settings(), request_id=request_id, layer=layer_index,
                                                       approvers=added)
            return event

        told = dispatch.tell(session, "REQUEST_SUBMITTED", asked)
    # the approvers no longer asked (their layer is settled, or they decided) are done with its notifications
    settled = notifications.settle_by_link(session=session, link=link, keep=[*pending, *stand_ins.values()])
    session.commit()
    if added:
        log.info("approval request %s: layer %s asks approvers %s", request_id, layer_index, added)
    publish_changed([*told, *settled])
    return added


def approval_link(request_id: int) -> str:
    """Where an approver's APPROVAL notification leads (and how its notifications are found again)."""
    return f"/system/approval?request={request_id}"


def record_decision(session: Session, *, request_id: int, layer_index: int, approver_id: int, action: str,
                    note: str | None, decided_at: datetime, final: bool, acting_id: int | None = None) -> list[int]:
    """Record an approver's decision (once) and mark their task done; a decision that does not end the request
    (not `final`) is told as REQUEST_DECIDED the first time it is recorded. The caller commits, so the decision and
    the queue or outcome that follows it are one transaction; it publishes the returned users to the live bell."""
    recorded = repo.insert_decision(session, request_id=request_id, layer_index=layer_index, approver_id=approver_id,
                                    action=action, note=note, decided_at=decided_at, acting_user_id=acting_id)
    if final or not recorded:  # the outcome's notification tells it, or it was told the first time
        return []
    request = session.get(ApprovalRequest, request_id)
    if request is None or request.status != "PENDING":
        return []

    def event() -> dispatch.Event:
        return request_event(session, request, layer_index=layer_index,
                             approvers=repo.approvers_of(session, request_id), link=f"/leads/{request.lead_id}",
                             approver=decider_name(session, approver_id, acting_id) or "An approver",
                             decision="approved" if action == "APPROVED" else "rejected", note=note)

    return dispatch.tell(session, "REQUEST_DECIDED", event)


def decider_name(session: Session, approver_id: int, acting_id: int | None) -> str | None:
    """'Hendra Gunawan', or 'Maya Kusuma for Hendra Gunawan' when their delegate decided."""
    names = repo.full_names(session, {approver_id} | ({acting_id} if acting_id else set()))
    if approver_id not in names:
        return None
    if acting_id and acting_id in names:
        return f"{names[acting_id]} for {names[approver_id]}"
    return names[approver_id]


def finish(session: Session, *, request_id: int, status: str, decided_by: int | None,
           decided: tuple[int, str | None, int | None] | None = None) -> bool:
    """End the request once (APPROVED, REJECTED or WITHDRAWN): its type's handler applies the outcome and records
    it in the lead's history. `decided`: (approver, note, delegate) of the deciding decision the caller records in
    this transaction, so it is not read back.
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
    acting: int | None = None
    if withdrawn:
        note = request.withdraw_reason
    elif decided is not None and decided[0] == decided_by:
        _, note, acting = decided
    else:
        last = repo.last_decision(session, request_id=request_id, approver_id=decided_by) if decided_by else None
        note, acting = (last.note, last.acting_user_id) if last is not None else (None, None)
    if acting and decided_by:  # 'Maya Kusuma for Hendra Gunawan'
        decider = decider_name(session, decided_by, acting)
    else:
        decider = actor.fullname if actor is not None and decided_by else None
    by = f" by {decider}" if decider else ""
    outcome = f"{verdict.capitalize()}{by}" + (f": {note}" if note else "")
    # the request's type applies what was decided (and records it where its subject keeps its history)
    link = outcomes.handler_for(request.request_type).finish(session, request, status, actor, outcome)
    if withdrawn:  # the requester, the approvers it was waiting on and the sales person's team leader
        told = dispatch.tell(session, "REQUEST_WITHDRAWN", lambda: request_event(
            session, request, layer_index=request.current_layer, approvers=asked_now, link=link,
            withdrawn_by=actor.fullname if actor is not None else "An administrator", reason=note))
    else:
        told = dispatch.tell(session, f"REQUEST_{status}", lambda: request_event(
            session, request, layer_index=request.current_layer, approvers=repo.approvers_of(session, request_id),
            link=link, approver=decider, note=note))
    settled = notifications.settle_by_link(session=session, link=approval_link(request_id), keep=[])
    session.commit()
    log.info("approval request %s %s (%s): its outcome is applied", request_id, status, request.request_type)
    metrics.APPROVALS_APPLIED.labels(request.request_type, status).inc()
    publish_changed([*told, *settled])
    return True

