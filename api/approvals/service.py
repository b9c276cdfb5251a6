"""The approval engine's requests: a request row with its deterministic workflow id, what starting its workflow
takes, and the start itself (one Temporal workflow per request). The domains open their own requests (a lead's in
api.leads.requests, a cost sheet's in api.pcs.approval) and hand them here."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from api.approvals import outbox, outcomes, pipelines
from api.approvals import repository as repo
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.core import metrics
from api.core.config import Settings
from api.core.temporal import Client, blocking
from api.users.models import User
from workflows.contracts.approval import workflow_id_for

log = logging.getLogger(__name__)

NO_PIPELINE = "No approval pipeline is set up for this request. Please contact an administrator."
UNAVAILABLE = "Approvals are unavailable right now. Please try again in a moment."


def new_request(session: Session, *, actor: User, lead_id: int, from_stage_id: int | None, request_type: str,
                version: ApprovalPipelineVersion, task_queue: str, **fields: Any) -> ApprovalRequest:
    """A request row with its deterministic workflow id (its own id comes first from the sequence)."""
    request_id = repo.next_request_id(session)
    row = ApprovalRequest(id=request_id, request_type=request_type, lead_id=lead_id, requested_by=actor.id,
                          pipeline_version_id=version.id, from_stage_id=from_stage_id,
                          workflow_id=workflow_id_for(lead_id=lead_id, request_type=request_type,
                                                      request_id=request_id, task_queue=task_queue),
                          **fields)
    session.add(row)
    return row


def start_args(session: Session, row: ApprovalRequest, version: ApprovalPipelineVersion) -> dict[str, Any]:
    """What starting the request's workflow takes, read while its transaction is still open."""
    return outbox.start_args(session, row, pipelines.layers_of(session, version))


def names(people: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Carl'."""
    return people[0] if len(people) == 1 else f"{', '.join(people[:-1])} and {people[-1]}"


def sent_message(session: Session, row: ApprovalRequest, args: dict[str, Any]) -> str:
    """What the requester is told: "Your request to move 'Core Banking' (PT Maju) to E4 Proposal was sent to
    Hendra Gunawan." (the approvers of the first layer its route takes, who are asked first). What the request asks
    is in `args` when start_args could name it (no second read after the commit)."""
    what = args.get("what") or outcomes.describe(session, row)
    layers = args["arg"].layers
    approvers = [a.name for a in layers[args.get("first", 0)].approvers] if layers else []
    return f"Your request to {what} was sent to {names(approvers)}." if approvers else \
        f"Your request to {what} was sent for approval."


def start_now(session: Session, temporal: Client, settings: Settings, row: ApprovalRequest, args: Any) -> None:
    """Start a committed request's workflow and say so on the row (a decision may then be sent at once); when
    the start fails or takes too long the approval sweep starts it (the request is kept either way, so the caller
    is never told it failed)."""
    metrics.APPROVALS_REQUESTED.labels(row.request_type).inc()  # every committed request comes here once

    async def go() -> None:
        await asyncio.wait_for(outbox.start(temporal, settings.temporal_task_queue, args),
                               settings.approval_start_timeout)

    try:
        blocking(go)
    except Exception:
        log.warning("approval workflow %s not started now; the approval sweep will start it", args["id"],
                    exc_info=True)
        return
    row.started_at = row.started_at or datetime.now(UTC)
    session.commit()
