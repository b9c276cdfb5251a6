"""Approval activities: the approver queue, recorded decisions and the outcome, each idempotent."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from temporalio import activity

from workflows.activities.db import sessions

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


@dataclass
class SyncQueue:
    request_id: int
    layer_index: int
    pending: list[int]


@dataclass
class RecordDecision:
    request_id: int
    layer_index: int
    approver_id: int
    action: str
    note: str | None
    decided_at: str


@dataclass
class DecisionStep:
    """A decision to record and the queue as it stands after it, in one round trip."""

    decision: RecordDecision
    queue: SyncQueue | None


@dataclass
class FinishRequest:
    request_id: int
    status: str
    decided_by: int | None


@dataclass
class FinalStep:
    """The decision that settles the request and the outcome it leads to, in one round trip."""

    decision: RecordDecision
    finish: FinishRequest


@dataclass
class Persist:
    """Everything the workflow knows, written again after a step failed past its retries."""

    decisions: list[RecordDecision]
    queue: SyncQueue | None
    finish: FinishRequest | None


@activity.defn
def sync_approval_queue(data: SyncQueue) -> list[int]:
    from api.approvals import queue

    with sessions()() as session:
        return queue.sync_queue(session, request_id=data.request_id, layer_index=data.layer_index,
                                pending=data.pending)


def _record(session: Session, d: RecordDecision) -> None:
    """Add the decision to the session's transaction (the caller's next step commits it)."""
    from api.approvals import queue

    queue.record_decision(session, request_id=d.request_id, layer_index=d.layer_index, approver_id=d.approver_id,
                          action=d.action, note=d.note, decided_at=datetime.fromisoformat(d.decided_at))


@activity.defn
def record_decision_and_sync(data: DecisionStep) -> None:
    from api.approvals import queue

    with sessions()() as session:
        _record(session, data.decision)
        if data.queue is None:
            session.commit()
        else:
            queue.sync_queue(session, request_id=data.queue.request_id, layer_index=data.queue.layer_index,
                             pending=data.queue.pending)


@activity.defn
def finish_approval_request(data: FinishRequest) -> bool:
    from api.approvals import queue

    with sessions()() as session:
        return queue.finish(session, request_id=data.request_id, status=data.status, decided_by=data.decided_by)


@activity.defn
def record_decision_and_finish(data: FinalStep) -> bool:
    from api.approvals import queue

    f = data.finish
    with sessions()() as session:
        _record(session, data.decision)
        return queue.finish(session, request_id=f.request_id, status=f.status, decided_by=f.decided_by)


@activity.defn
def persist_request(data: Persist) -> None:
    from api.approvals import queue

    with sessions()() as session:
        for decision in data.decisions:
            _record(session, decision)
        if data.finish is not None:
            f = data.finish
            queue.finish(session, request_id=f.request_id, status=f.status, decided_by=f.decided_by)
        elif data.queue is not None:
            queue.sync_queue(session, request_id=data.queue.request_id, layer_index=data.queue.layer_index,
                             pending=data.queue.pending)
        else:
            session.commit()
