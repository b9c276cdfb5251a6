"""Withdrawing a pending request (an administrator, from the request registers): made durable first, then sent to
the request's workflow as its `withdraw` update, which ends the request without its outcome (the type's handler
gives the lead its previous status back, a cost sheet goes back to draft) and tells the people concerned.

As with decisions (api.approvals.outbox), a crash between the commit and the update cannot leave the two
disagreeing: the row keeps who withdrew and why while its status is still PENDING, and the approval sweep sends the
same update (one update id per request) until the workflow has it; a workflow that refuses it (an approver's
decision ended the request first) clears it."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from api.approvals import repository as repo
from api.approvals import sweep_queries as sweep
from api.approvals.decisions import STARTING, RequestStarting
from api.approvals.models import ApprovalRequest
from api.core.config import Settings
from api.core.errors import Conflict, ValidationFailed
from api.core.temporal import Client, Closed, Refused, Unconfirmed, blocking
from api.core.temporal import approvals as approval_client
from api.users.models import User
from workflows.contracts import approval_rules as rules
from workflows.contracts.approval import WithdrawInput, withdraw_update_id_for

log = logging.getLogger(__name__)

REASON_REQUIRED = "Please give the reason for withdrawing this request."
REASON_TOO_LONG = f"The reason cannot exceed {rules.NOTE_LIMIT} characters."
RESEND_AFTER = timedelta(seconds=15)  # a younger withdrawal may still be confirmed by its own call


class RequestFinished(Conflict):
    type = "RequestFinished"


def finished(status: str) -> RequestFinished:
    """'This request is already approved: only a pending request can be withdrawn.'"""
    return RequestFinished(f"{rules.finished_message(status)[:-1]}: only a pending request can be withdrawn.")


def withdraw(*, session: Session, temporal: Client, settings: Settings, actor: User, request: ApprovalRequest,
             reason: str) -> bool:
    """Withdraw a pending request the caller may see; True when its workflow confirmed it (the lead is back
    already), False when it was made durable and the approval sweep finishes it."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationFailed(REASON_REQUIRED)
    if len(reason) > rules.NOTE_LIMIT:
        raise ValidationFailed(REASON_TOO_LONG)
    row = repo.request_for_update(session, request.id)
    assert row is not None
    if row.status != "PENDING":
        raise finished(row.status)
    if row.started_at is None:
        raise RequestStarting(STARTING)  # as a decision would be
    if row.withdrawn_by is None:  # a second click while the first is on its way sends the same update
        row.withdrawn_by, row.withdraw_reason = actor.id, reason
        row.withdraw_requested_at = datetime.now(UTC)
    withdrawer = row.withdrawn_by
    session.commit()

    verdict = blocking(approval_client.withdraw, temporal, row.workflow_id, WithdrawInput(withdrawer),
                       update_id=withdraw_update_id_for(row.id), timeout=settings.approval_decision_timeout)
    match verdict:
        case Refused(type=kind, message=message):  # an approver's decision ended it first
            clear(session, row.id)
            session.refresh(row)
            if kind == "RequestFinished":
                raise finished(row.status)
            raise Conflict(message)
        case Closed():  # its workflow has ended: a decision finished the request between our check and the update
            clear(session, row.id)
            session.refresh(row)
            raise finished(row.status if row.status != "PENDING" else "decided")
        case Unconfirmed(reason=why):  # no answer in time: kept, the sweep sends it again
            return _kept(session, row.workflow_id, why)
    session.expire_all()
    return True


def _kept(session: Session, workflow_id: str, why: str) -> bool:
    log.warning("withdrawal of %s not confirmed (%s); the approval sweep will send it again", workflow_id, why)
    session.expire_all()
    return False


def clear(session: Session, request_id: int) -> None:
    """Forget a withdrawal the workflow refused (the request ended otherwise)."""
    row = repo.request_for_update(session, request_id)
    if row is not None and row.status == "PENDING":
        row.withdrawn_by = row.withdraw_reason = row.withdraw_requested_at = None
    session.commit()


async def resend(client: Client, sessions: sessionmaker[Session], older_than: timedelta = RESEND_AFTER) -> int:
    """Send again every withdrawal its workflow has not applied past `older_than`; returns how many settled."""
    def read() -> list[tuple[int, str, int]]:
        with sessions() as session:
            return sweep.withdrawals(session, datetime.now(UTC) - older_than)

    settled = 0
    for request_id, workflow_id, withdrawer in await asyncio.to_thread(read):
        verdict = await approval_client.withdraw(client, workflow_id, WithdrawInput(withdrawer),
                                                 update_id=withdraw_update_id_for(request_id), timeout=10)
        if isinstance(verdict, Unconfirmed):
            continue
        if not isinstance(verdict, Refused | Closed):
            settled += 1
            continue
        if isinstance(verdict, Closed):  # refused: the request was decided first; closed: nothing to withdraw
            log.warning("withdrawal of %s: its workflow is gone; the withdrawal is dropped", workflow_id)

        def forget(request_id: int = request_id) -> None:
            with sessions() as session:
                clear(session, request_id)

        await asyncio.to_thread(forget)
        settled += 1
    return settled
