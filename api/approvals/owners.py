"""Whose request it is. When a reassignment moves a lead to another sales person, its pending request follows (the
request is theirs now, or made for them) and the request's workflow is told with its `owner` update: the `RequestedBy`
search attribute operators find requests by names the new owner, and the rule that nobody decides their own request
as a delegate follows.

Made durable as decisions and withdrawals are (api/approvals/outbox.py, withdrawals.py): the change stamps
`owner_changed_at` in the reassignment's transaction; after the commit the call tells the workflows, and the approval
sweep tells again those not confirmed (one update id per change, so nothing is applied twice); the stamp is cleared
once the workflow has it, or once the request has ended."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from api.approvals import sweep_queries as sweep
from api.approvals.models import ApprovalRequest
from api.core.temporal import Client, Unconfirmed, blocking
from api.core.temporal import approvals as approval_client
from workflows.contracts.approval import OwnerInput, owner_update_id_for

log = logging.getLogger(__name__)

RESEND_AFTER = timedelta(seconds=15)  # a younger change may still be confirmed by its own call
SEND_TIMEOUT = 10.0  # seconds the sweep waits for one workflow


def changed(request: ApprovalRequest, *, requested_by: int, on_behalf_of: int | None) -> None:
    """Give a pending request its new owner in the caller's transaction; its workflow is to be told."""
    if (request.requested_by, request.on_behalf_of) == (requested_by, on_behalf_of):
        return
    request.requested_by, request.on_behalf_of = requested_by, on_behalf_of
    request.owner_changed_at = datetime.now(UTC)


async def _send(client: Client, change: sweep.OwnerChange, timeout: float) -> bool:
    """Tell one workflow; True when settled (it has it, or the request ended meanwhile: nothing to tell), False when
    no verdict came (told again later)."""
    data = OwnerInput(requested_by=change.requested_by, requested_by_username=change.username,
                      on_behalf_of=change.on_behalf_of)
    verdict = await approval_client.change_owner(
        client, change.workflow_id, data,
        update_id=owner_update_id_for(change.request_id, change.changed_at.isoformat()), timeout=timeout)
    # applied; refused (the request was decided or withdrawn first); closed (its workflow has ended): nothing to
    # tell any more. Unconfirmed: told again later
    return not isinstance(verdict, Unconfirmed)


# unscoped: the approval engine, by its own request (it may not import leads)
def _settle(session: Session, changes: list[sweep.OwnerChange]) -> None:
    """Clear the stamps of the changes told (not of a later change made meanwhile)."""
    for change in changes:
        session.execute(update(ApprovalRequest).where(ApprovalRequest.id == change.request_id,
                                                      ApprovalRequest.owner_changed_at == change.changed_at)
                        .values(owner_changed_at=None))
    session.commit()


def tell(*, session: Session, temporal: Client, timeout: float, request_ids: list[int]) -> None:
    """After the change committed: tell these requests' workflows now, side by side, within `timeout` seconds;
    those not confirmed in time the approval sweep tells (the caller is never told it failed)."""
    changes = sweep.owner_changes(session, request_ids=request_ids) if request_ids else []
    if not changes:
        return

    async def send_all() -> list[bool]:
        return list(await asyncio.gather(*(_send(temporal, change, timeout) for change in changes)))

    # _send answers every way a call to Temporal ends (told, refused, workflow ended, no verdict in time, Temporal
    # unreachable); anything else is a fault, not an answer
    done = blocking(send_all)
    settled = [change for change, ok in zip(changes, done, strict=True) if ok]
    if len(settled) < len(changes):
        log.warning("new owners of %d request(s) not confirmed in time; the approval sweep will tell them",
                    len(changes) - len(settled))
    _settle(session, settled)


async def resend(client: Client, sessions: sessionmaker[Session], older_than: timedelta = RESEND_AFTER) -> int:
    """Tell every workflow whose request's owner changed past `older_than` and that has not been told; returns how
    many settled."""
    def read() -> list[sweep.OwnerChange]:
        with sessions() as session:
            return sweep.owner_changes(session, changed_before=datetime.now(UTC) - older_than)

    settled = [change for change in await asyncio.to_thread(read) if await _send(client, change, SEND_TIMEOUT)]

    def clear() -> None:
        with sessions() as session:
            _settle(session, settled)

    if settled:
        await asyncio.to_thread(clear)
    return len(settled)
