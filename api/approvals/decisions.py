"""The approver queue, decisions (durable before the workflow is asked) and the live or recorded timeline."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from api.approvals import delegates, outbox, outcomes
from api.approvals import repository as repo
from api.approvals import timeline as timelines
from api.approvals.models import ApprovalRequest, ApprovalTask
from api.approvals.schemas import (
    DecisionIn,
    TimelineOut,
)
from api.approvals.service import UNAVAILABLE
from api.core import metrics
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import AppError, Conflict, NotFound
from api.core.temporal import Client, Closed, Refused, Unconfirmed, blocking
from api.core.temporal import approvals as approval_client
from api.operations import access as operations
from api.users.models import User
from workflows.contracts import approval_rules as rules
from workflows.contracts.approval import DecideInput, Timeline, update_id_for

log = logging.getLogger(__name__)

REQUEST_NOT_FOUND = "Approval request not found."
RECEIVED = "Your decision was received and will be applied shortly."
STARTING = "This request is still being sent to its approvers. Please try again in a moment."
NOT_THEIR_DELEGATE = "You do not stand in for this approver today."
OPEN = ("PENDING", "PROCESSING")  # a task whose decision is still to come (or on its way)


class RefusedDecision(AppError):
    """A decision the rules refuse; its type names the rule and decides the status."""

    def __init__(self, refusal: rules.Refusal):
        super().__init__(refusal.message, status=rules.REFUSAL_STATUS.get(refusal.type, 409))
        self.type = refusal.type


class RequestStarting(Conflict):
    type = "RequestStarting"



def _request_for(session: Session, actor: User, approval_id: int, *,
                 decide: bool) -> tuple[ApprovalRequest, list[Any]]:
    """A request the actor approves (any layer, as an approver, the delegate of one today, or the person a layer was
    escalated to) or, to read it, one they requested or whose lead they see; with its version's layers."""
    found = repo.request_with_layers(session, approval_id)
    if found is None:
        raise NotFound(REQUEST_NOT_FOUND)
    req, layers = found[0], found[1] or []
    approvers = {a for layer in layers for a in layer["approvers"]}
    if actor.id in approvers or repo.has_task(session, request_id=req.id, user_id=actor.id):
        return req, layers
    if approvers & set(delegates.delegators_of(session, actor.id, req.request_type)):
        return req, layers
    if not decide and outcomes.handler_for(req.request_type).readable(session, actor, req):
        return req, layers
    raise NotFound(REQUEST_NOT_FOUND)


def deciding_as(session: Session, req: ApprovalRequest, actor: User,
                for_user_id: int | None) -> tuple[int, bool, ApprovalTask | None]:
    """Whose decision the actor sends, whether as their delegate, and its task (locked): the approver named
    (`for_user_id`, whom the actor must stand in for today), else the actor's own turn, else the first approver they
    stand in for whose turn it is. Never on the actor's own request as a delegate (one step only: a delegate's
    delegate is not one)."""
    def task_of(approver: int) -> ApprovalTask | None:
        return repo.task_for_update(session, request_id=req.id, layer_index=req.current_layer, approver_id=approver)

    if for_user_id is not None and for_user_id != actor.id:
        if for_user_id not in delegates.delegators_of(session, actor.id, req.request_type):
            raise RefusedDecision(rules.Refusal("NotAnApprover", NOT_THEIR_DELEGATE))
        approver, delegated, task = for_user_id, True, task_of(for_user_id)
    else:
        approver, delegated, task = actor.id, False, task_of(actor.id)
        if task is None or task.status not in OPEN:
            stand_in_for = repo.open_task_holders(session, request_id=req.id, layer_index=req.current_layer,
                                                  among=delegates.delegators_of(session, actor.id, req.request_type))
            if stand_in_for:
                approver, delegated, task = stand_in_for[0], True, task_of(stand_in_for[0])
    if delegated and actor.id in (req.requested_by, req.on_behalf_of):
        raise RefusedDecision(rules.Refusal("OwnRequest", rules.OWN_REQUEST))
    return approver, delegated, task


def decided_message(timeline: TimelineOut, action: str) -> str:
    """What the approver is told of an applied decision (the Review dialog says the same): "'Andi Pratama' request
    has been approved successfully."."""
    verdict = "approved" if action == "APPROVED" else "rejected"
    return f"'{timeline.requested_by_name or 'A sales person'}' request has been {verdict} successfully."


@dataclass
class DecisionAnswer:
    timeline: TimelineOut
    confirmed: bool  # False: received, made durable, and applied by the workflow (or the sweep) shortly


@dataclass
class _Durable:
    """A decision ready to send, on the request's current layer: the request, whose decision it is, whether a
    delegate sends it and whether it was made durable (its task PROCESSING)."""

    req: ApprovalRequest
    layers: list[Any]
    approver: int
    delegated: bool
    durable: bool


def decide(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int,
           data: DecisionIn, policy: PolicyStore | None = None) -> DecisionAnswer:
    """Send an approver's decision to the request's workflow. The decision is made durable first (the task turns
    PROCESSING), so a call that cannot be confirmed in time answers 'received' and the sweep finishes it."""
    ui_link = operations.ui_links(settings, policy, actor)
    note_problem = rules.note_refusal(data.approvers_action, data.note)
    claimed = None
    if note_problem is None and data.for_user_id in (None, actor.id):  # the approver's own turn: one statement
        claimed = repo.claim_own_task(session, request_id=approval_id, approver_id=actor.id,
                                      action=data.approvers_action, note=data.note, at=datetime.now(UTC))
    if claimed is not None:
        ready = _Durable(claimed[0], claimed[1], actor.id, False, True)
    else:
        prepared = _prepare(session, actor, approval_id, data, note_problem)
        if isinstance(prepared, DecisionAnswer):
            return prepared
        ready = prepared
    req, approver, delegated, durable = ready.req, ready.approver, ready.delegated, ready.durable
    layer = req.current_layer
    acting = actor.id if delegated else None
    # what the answer's timeline needs besides the workflow's (in this transaction: no second one after the update)
    known = repo.processing_and_names(session, req.id, timelines.people_ids(req, ready.layers))
    session.commit()

    verdict = blocking(
        approval_client.decide, temporal, req.workflow_id,
        DecideInput(approver, data.approvers_action, data.note, acting, actor.fullname if delegated else None),
        update_id=update_id_for(request_id=req.id, layer_index=layer, approver_id=approver, acting_id=acting),
        timeout=settings.approval_decision_timeout)
    match verdict:
        case Refused(type=kind, message=message):
            if durable:
                outbox.settle_refused(session, request_id=req.id, layer_index=layer, approver_id=approver, reason=None)
            raise RefusedDecision(rules.Refusal(kind, message))
        case Unconfirmed():  # no answer in time, Temporal unreachable or refusing calls: no verdict
            return _unconfirmed(session, req, data, durable=durable, layer=layer, approver=approver, cause=verdict)
        case Closed():
            # another decision settled the request first (the close aborted this update), or this very one did and
            # only its answer was lost; what the workflow wrote before it closed says which
            lost = outbox.lost_to(session, req, layer=layer, approver_id=approver)
            if lost is not None:
                if durable:
                    outbox.settle_refused(session, request_id=req.id, layer_index=layer, approver_id=approver,
                                          reason=None)
                raise RefusedDecision(lost)
            session.expire_all()
            return DecisionAnswer(timelines.recorded_out(session, req, ui_link), True)
    live = verdict.value
    metrics.APPROVALS_DECIDED.labels(data.approvers_action).inc()
    out = timelines.out(session, req, live, ui_link, known)
    if out.needs_attention:
        out.processing, out.message = True, RECEIVED
        return DecisionAnswer(out, False)
    return DecisionAnswer(out, True)


def _prepare(session: Session, actor: User, approval_id: int, data: DecisionIn,
             note_problem: rules.Refusal | None) -> _Durable | DecisionAnswer:
    """Whose decision the actor sends and on which layer, made durable when their task waits for it, or the answer
    when it is already on its way; refused with the rule it breaks. The way of a delegate, of a task not yet
    queued, and of every refusal."""
    req, layers = _request_for(session, actor, approval_id, decide=True)
    approver, delegated, task = deciding_as(session, req, actor, data.for_user_id)
    acting = actor.id if delegated else None
    if task is not None and task.status == "PROCESSING":
        session.rollback()
        return DecisionAnswer(_processing_timeline(session, req), False)
    if (task is None or task.status != "PENDING") and repo.has_decided(session, request_id=req.id,
                                                                      approver_id=approver):
        raise RefusedDecision(rules.Refusal("AlreadyDecided", rules.ALREADY_DECIDED))
    if req.status != "PENDING":
        finished = rules.Refusal("RequestFinished", rules.finished_message(req.status))
        layer_asked = task.layer_index if task is not None else req.current_layer
        raise RefusedDecision(outbox.lost_to(session, req, layer=layer_asked, approver_id=approver) or finished)
    if note_problem is not None:
        raise RefusedDecision(note_problem)
    if req.started_at is None and task is None:
        raise RequestStarting(STARTING)
    durable = task is not None and task.status == "PENDING"
    if durable:
        assert task is not None
        task.status, task.submitted_action, task.submitted_note = "PROCESSING", data.approvers_action, data.note
        task.submitted_at, task.submitted_by = datetime.now(UTC), acting
    return _Durable(req, layers, approver, delegated, durable)


def _unconfirmed(session: Session, req: ApprovalRequest, data: DecisionIn, *, durable: bool, layer: int,
                 approver: int, cause: Unconfirmed) -> DecisionAnswer:
    """No verdict came (no answer in time, Temporal unreachable). Refused with the truth when another decision has
    settled the layer meanwhile (the workflow will refuse this one); else 'received' when the decision was made
    durable (the approval sweep sends it again), or 503 when it was not."""
    lost = outbox.lost_to(session, req, layer=layer, approver_id=approver)
    if lost is not None:
        if durable:
            outbox.settle_refused(session, request_id=req.id, layer_index=layer, approver_id=approver, reason=None)
        raise RefusedDecision(lost)
    if not durable:
        raise AppError(UNAVAILABLE, status=503)
    log.warning("decision on %s not confirmed (%s); the approval sweep will send it again", req.workflow_id,
                cause.reason)
    metrics.APPROVALS_DECIDED.labels(data.approvers_action).inc()  # kept: the sweep sends it
    session.expire_all()
    return DecisionAnswer(_processing_timeline(session, req), False)


def _processing_timeline(session: Session, req: ApprovalRequest) -> TimelineOut:
    """The request's timeline from the database, its PROCESSING decisions shown as such."""
    answer = timelines.recorded_out(session, req)
    answer.processing, answer.message = True, RECEIVED
    return answer


def timeline(*, session: Session, temporal: Client, settings: Settings, actor: User, approval_id: int,
             policy: PolicyStore | None = None) -> TimelineOut:
    req, _ = _request_for(session, actor, approval_id, decide=False)
    ui_link = operations.ui_links(settings, policy, actor)

    async def ask() -> Timeline:
        return await asyncio.wait_for(approval_client.timeline_of(temporal, req.workflow_id), 5)

    try:
        live = blocking(ask)
    except Exception:  # not started yet, or Temporal unreachable: what the database recorded
        return timelines.recorded_out(session, req, ui_link)
    return timelines.out(session, req, live, ui_link)

