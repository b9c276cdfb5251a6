"""What the approval workflow's activities do to the database. Each function is idempotent: running it
twice (a retried activity, a worker restarted mid-request) leaves the same rows as running it once."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from api.approvals import mail_links, outcomes
from api.approvals import queue_queries as queries
from api.approvals import repository as repo
from api.approvals.models import ApprovalRequest
from api.core import metrics
from api.core.config import get_settings
from api.notifications import dispatch
from api.notifications import service as notifications
from api.notifications.catalogue import APPROVERS, REQUESTER, SALES_PERSON
from api.notifications.live import publish_changed
from workflows.contracts.approval import WITHDRAWN

log = logging.getLogger(__name__)


def request_event(session: Session, request: ApprovalRequest, *, layer_index: int, approvers: list[int], link: str,
                  known: tuple[list[Any], str | None] | None = None, **values: object) -> dispatch.Event:
    """An approval event as its setting's template and recipients see it (api/notifications/catalogue.py). `known`:
    the request's layers and requester's name when the caller read them already."""
    subject = outcomes.handler_for(request.request_type).subject(session, request)
    layers, requester = known if known is not None else repo.layers_and_requester(session, request)
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
    started = queries.start_layer(session, request_id=request_id, layer_index=layer_index, now=datetime.now(UTC))
    if started is None:
        session.commit()  # nothing to queue; a decision the caller recorded in this transaction stays
        return []
    request, layers, requester = started
    # the delegates of the approvers asked now are asked too (their queue offers the task while it holds)
    added, stand_ins = queries.sync_tasks(session, request_id=request_id, request_type=request.request_type,
                                       layer_index=layer_index, pending=pending)
    link = approval_link(request_id)
    told: list[int] = []
    if added:
        def asked() -> dispatch.Event:
            event = request_event(session, request, layer_index=layer_index, known=(layers, requester),
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
    recorded = queries.insert_decision(session, request_id=request_id, layer_index=layer_index, approver_id=approver_id,
                                    action=action, note=note, decided_at=decided_at, acting_user_id=acting_id)
    if final or not recorded or not dispatch.sends(session, "REQUEST_DECIDED"):
        return []  # the outcome's notification tells it, it was told the first time, or its setting sends nothing
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
    return _decider(repo.full_names(session, {approver_id} | ({acting_id} if acting_id else set())), approver_id,
                    acting_id)


def _decider(names: dict[int, str], approver_id: int, acting_id: int | None) -> str | None:
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
    withdrawn = status == WITHDRAWN
    # a decision ended it before a withdrawal on its way: that withdrawal is moot
    request = queries.close_request(session, request_id=request_id, status=status, decided_at=datetime.now(UTC),
                                 clear_withdrawal=not withdrawn)
    if request is None:
        session.commit()  # an earlier run finished it; what the caller added (an idempotent decision) stays
        return False
    asked_now = repo.layer_approvers(session, request_id, request.current_layer) if withdrawn else []
    acting: int | None = None
    if withdrawn:
        note = request.withdraw_reason
    elif decided is not None and decided[0] == decided_by:
        _, note, acting = decided
    else:
        last = repo.last_decision(session, request_id=request_id, approver_id=decided_by) if decided_by else None
        note, acting = (last.note, last.acting_user_id) if last is not None else (None, None)
    facts = queries.outcome_facts(session, request, actor_id=decided_by or request.requested_by,
                               names={decided_by, acting} if acting and decided_by else set())
    actor = facts.actor
    if acting and decided_by:  # 'Maya Kusuma for Hendra Gunawan'
        decider = _decider(facts.names, decided_by, acting)
    else:
        decider = actor.fullname if actor is not None and decided_by else None
    verdict = status.lower()
    by = f" by {decider}" if decider else ""
    outcome = f"{verdict.capitalize()}{by}" + (f": {note}" if note else "")
    # the request's type applies what was decided (and records it where its subject keeps its history)
    link = outcomes.handler_for(request.request_type).finish(session, request, status, actor, outcome)
    known = (facts.layers, facts.requester)
    if withdrawn:  # the requester, the approvers it was waiting on and the sales person's team leader
        told = dispatch.tell(session, "REQUEST_WITHDRAWN", lambda: request_event(
            session, request, layer_index=request.current_layer, approvers=asked_now, link=link, known=known,
            withdrawn_by=actor.fullname if actor is not None else "An administrator", reason=note))
    else:
        told = dispatch.tell(session, f"REQUEST_{status}", lambda: request_event(
            session, request, layer_index=request.current_layer, approvers=facts.approvers, link=link, known=known,
            approver=decider, note=note))
    settled = notifications.settle_by_link(session=session, link=approval_link(request_id), keep=[])
    session.commit()
    log.info("approval request %s %s (%s): its outcome is applied", request_id, status, request.request_type)
    metrics.APPROVALS_APPLIED.labels(request.request_type, status).inc()
    publish_changed([*told, *settled])
    return True
