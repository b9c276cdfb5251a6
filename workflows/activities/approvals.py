"""Approval activities: the approver queue, recorded decisions and the outcome, each idempotent."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session
from temporalio import activity

import api.domains  # noqa: F401  (every domain registers its approval outcomes and views)
from api.approvals import queue
from workflows.activities.db import sessions
from workflows.contracts.approval import DecisionStep, FinalStep, FinishRequest, Persist, RecordDecision, SyncQueue


@activity.defn
def sync_approval_queue(data: SyncQueue) -> list[int]:
    with sessions()() as session:
        return queue.sync_queue(session, request_id=data.request_id, layer_index=data.layer_index,
                                pending=data.pending)


def _record(session: Session, d: RecordDecision) -> None:
    """Add the decision to the session's transaction (the caller's next step commits it)."""
    queue.record_decision(session, request_id=d.request_id, layer_index=d.layer_index, approver_id=d.approver_id,
                          action=d.action, note=d.note, decided_at=datetime.fromisoformat(d.decided_at))


@activity.defn
def record_decision_and_sync(data: DecisionStep) -> None:
    with sessions()() as session:
        _record(session, data.decision)
        if data.queue is None:
            session.commit()
        else:
            queue.sync_queue(session, request_id=data.queue.request_id, layer_index=data.queue.layer_index,
                             pending=data.queue.pending)


@activity.defn
def finish_approval_request(data: FinishRequest) -> bool:
    with sessions()() as session:
        return queue.finish(session, request_id=data.request_id, status=data.status, decided_by=data.decided_by)


@activity.defn
def record_decision_and_finish(data: FinalStep) -> bool:
    f = data.finish
    with sessions()() as session:
        _record(session, data.decision)
        return queue.finish(session, request_id=f.request_id, status=f.status, decided_by=f.decided_by)


@activity.defn
def persist_request(data: Persist) -> None:
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
