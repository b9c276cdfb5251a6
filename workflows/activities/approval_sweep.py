"""The approval sweep's activities: start the workflow of a committed request that has none, send again a
decision, a withdrawal or a new owner the API could not confirm (idempotent: deterministic workflow and update
ids)."""

from __future__ import annotations

from temporalio import activity

from api.approvals import outbox, owners, withdrawals
from workflows.activities.db import sessions


@activity.defn
async def start_waiting_requests() -> list[str]:
    return await outbox.start_waiting(activity.client(), sessions(), activity.info().task_queue)


@activity.defn
async def resend_decisions() -> int:
    """Send again the decisions and the withdrawals the API could not confirm, and tell the workflows of the requests
    whose owner a reassignment changed what it could not tell them."""
    return await outbox.resend_decisions(activity.client(), sessions()) + \
        await withdrawals.resend(activity.client(), sessions()) + \
        await owners.resend(activity.client(), sessions())


@activity.defn
def approval_sweep_has_work() -> bool:
    """Whether a pass would find anything (a request without its workflow, a decision to send again)."""
    with sessions()() as session:
        return outbox.has_work(session)
