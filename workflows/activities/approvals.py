"""Approval activities: the approver queue, recorded decisions and the outcome, each idempotent."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session
from temporalio import activity

from api.approvals import clocks, queue, routes
from api.notifications.live import publish_changed
from workflows.activities.db import sessions
from workflows.contracts.approval import (
    ClockTimes,
    DecisionStep,
    Escalate,
    FinalStep,
    FinishRequest,
    Persist,
    RecordDecision,
    Remind,
    Routed,
    RouteRequest,
    StartClock,
    SyncQueue,
)
from workflows.contracts.approval_rules import Approver


@activity.defn
def route_approval_request(data: RouteRequest) -> Routed:
    """Decide the route of a request whose layers carry conditions, and queue its first layer (one transaction)."""
    with sessions()() as session:
        skips, first = routes.take(session, data)
    return Routed(skips=skips, first=first)


@activity.defn
def sync_approval_queue(data: SyncQueue) -> list[int]:
    with sessions()() as session:
        return queue.sync_queue(session, request_id=data.request_id, layer_index=data.layer_index,
                                pending=data.pending)


def _record(session: Session, d: RecordDecision, *, final: bool) -> list[int]:
    """Add the decision (and, when it does not end the request, its REQUEST_DECIDED notifications) to the session's
    transaction: the caller's next step commits it, then publishes the returned users to the live bell."""
    return queue.record_decision(session, request_id=d.request_id, layer_index=d.layer_index,
                                 approver_id=d.approver_id, action=d.action, note=d.note,
                                 decided_at=datetime.fromisoformat(d.decided_at), final=final, acting_id=d.acting_id)


@activity.defn
def record_decision_and_sync(data: DecisionStep) -> None:
    with sessions()() as session:
        told = _record(session, data.decision, final=False)
        if data.queue is None:
            session.commit()
        else:
            queue.sync_queue(session, request_id=data.queue.request_id, layer_index=data.queue.layer_index,
                             pending=data.queue.pending)
    publish_changed(told)


@activity.defn
def finish_approval_request(data: FinishRequest) -> bool:
    with sessions()() as session:
        return queue.finish(session, request_id=data.request_id, status=data.status, decided_by=data.decided_by)


@activity.defn
def record_decision_and_finish(data: FinalStep) -> bool:
    f, d = data.finish, data.decision
    with sessions()() as session:
        _record(session, d, final=True)
        return queue.finish(session, request_id=f.request_id, status=f.status, decided_by=f.decided_by,
                            decided=(d.approver_id, d.note, d.acting_id))


@activity.defn
def persist_request(data: Persist) -> None:
    told: list[int] = []
    with sessions()() as session:
        for decision in data.decisions:
            told += _record(session, decision, final=data.finish is not None)
        if data.finish is not None:
            f = data.finish
            queue.finish(session, request_id=f.request_id, status=f.status, decided_by=f.decided_by)
        elif data.queue is not None:
            queue.sync_queue(session, request_id=data.queue.request_id, layer_index=data.queue.layer_index,
                             pending=data.queue.pending)
        else:
            session.commit()
    publish_changed(told)


@activity.defn
def start_layer_clock(data: StartClock) -> ClockTimes:
    with sessions()() as session:
        due, escalate = clocks.start(session, request_id=data.request_id, layer_index=data.layer_index,
                                     started_at=datetime.fromisoformat(data.started_at), deadline=data.deadline)
    return ClockTimes(due.isoformat(), escalate.isoformat() if escalate else None)


@activity.defn
def remind_approvers(data: Remind) -> bool:
    with sessions()() as session:
        return clocks.remind(session, request_id=data.request_id, layer_index=data.layer_index,
                             approvers=data.approvers, at=datetime.fromisoformat(data.at))


@activity.defn
def escalate_layer(data: Escalate) -> Approver | None:
    with sessions()() as session:
        return clocks.escalate(session, request_id=data.request_id, layer_index=data.layer_index,
                               deadline=data.deadline, waiting=data.waiting, at=datetime.fromisoformat(data.at))
