"""Nothing lost between the database and Temporal.

A request is committed first, with a workflow id derived from its own id; its call then starts the workflow.
If that start never happens (a crash right after the commit, Temporal unreachable), the approval sweep starts it:
the id is deterministic and reuse is refused, so a request gets exactly one workflow. The workflow's first step
stamps `started_at`.

A decision is made durable the same way: the approver's task turns PROCESSING with the decision before the
workflow is asked, under an update id derived from request, layer and approver. A call that could not confirm it
in time answers "received"; the sweep sends the same update again until the workflow has it (Temporal answers
a repeated update id with the first one's outcome), so it is applied once, or refused and reported.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from api.approvals import outcomes, routes
from api.approvals import repository as repo
from api.approvals import sweep_queries as sweep
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.approvals.pipelines import MODE_LABELS, layers_of
from api.core.config import get_settings
from api.core.temporal import Client, Closed, Refused, Shown, Unconfirmed
from api.core.temporal import approvals as approval_client
from api.notifications import service as notifications
from api.notifications.live import publish_changed
from api.users.models import User
from workflows.contracts import approval_rules as rules
from workflows.contracts.approval import ApprovalInput, DecideInput, update_id_for
from workflows.contracts.approval_routes import describe

log = logging.getLogger(__name__)

START_AFTER = timedelta(seconds=10)  # a younger request may still be started by its own call
CLOSED = "the request was already decided."  # a workflow that has ended, with no decision of the layer found
RESEND_AFTER = timedelta(seconds=15)  # a younger decision may still be confirmed by its own call



def start_args(session: Session, row: ApprovalRequest, layers: list[rules.Layer] | None = None) -> dict[str, Any]:
    """What starting this request's workflow takes (read while its transaction is still open): its input, its id,
    and what the Temporal UI shows of it (the requester's username, the summary and details)."""
    if layers is None:
        version = session.get(ApprovalPipelineVersion, row.pipeline_version_id)
        assert version is not None
        layers = layers_of(session, version)
    requester = session.get(User, row.requested_by)
    try:
        handler = outcomes.handler_for(row.request_type)
        label, what = handler.label, handler.subject(session, row).description
        described: str | None = what
    except LookupError:  # a type nobody registered in this process: its name still says what it is
        label, what, described = row.request_type, f"lead #{row.lead_id}", None
    first = routes.first_layer(session, row, layers)
    return {"arg": ApprovalInput(request_id=row.id, request_type=row.request_type, lead_id=row.lead_id,
                                 requested_by=row.requested_by, layers=layers,
                                 starts_pid=outcomes.handler_for(row.request_type).starts_pid,
                                 on_behalf_of=row.on_behalf_of, time_zone=get_settings().time_zone,
                                 target_stage_id=row.target_stage_id, first_layer=first),
            "id": row.workflow_id, "requester": requester.username if requester else "", "first": first,
            "shown": shown(row, layers, requester, label, what), "what": described}


def shown(row: ApprovalRequest, layers: list[rules.Layer], requester: User | None, label: str,
          what: str) -> Shown:
    """The request as an operator reads it in the Temporal UI: 'Lead 151 · Stage change: move 'Core Upgrade' (PT
    Maju) to E2 Connected · by Sari Dewi (sales1)', and its pipeline in the details. `label` and `what` are the
    request type's label and what the request asks."""
    who = f"{requester.fullname} ({requester.username})" if requester else f"user {row.requested_by}"
    pipeline = "\n".join(
        f"{i}. **{layer.name}** ({MODE_LABELS.get(layer.mode, layer.mode)}"
        + (f", {layer.min_approvals} approvals" if layer.mode == "SEVERAL_USER" else "") + "): "
        + ", ".join(f"{a.name} ({a.username or a.id})" for a in layer.approvers)
        + (f"; only when {' and '.join(describe(c) for c in layer.conditions)}" if layer.conditions else "")
        for i, layer in enumerate(layers, start=1))
    details = (f"**Request #{row.id}**: {label}, {what}\n\nAsked by {who}"
               + (f" on {row.requested_at:%Y-%m-%d %H:%M} UTC" if row.requested_at else "")
               + (f"\n\nNote: {row.notes}" if row.notes else "") + f"\n\nPipeline:\n\n{pipeline}")
    return Shown(summary=f"Lead {row.lead_id} · {label}: {what} · by {who}", details=details)


async def start(client: Client, task_queue: str, args: dict[str, Any]) -> bool:
    """Start the request's workflow; False when it was started already (by the call or an earlier sweep)."""
    return await approval_client.start(client, replace(args["arg"], task_queue=task_queue), workflow_id=args["id"],
                                         task_queue=task_queue, requester=args.get("requester", ""),
                                         shown=args.get("shown"))


# -- the sweep ----------------------------------------------------------------------------------------------

def _unstarted(session: Session, older_than: timedelta) -> list[dict[str, Any]]:
    return [start_args(session, row) for row in sweep.unstarted(session, datetime.now(UTC) - older_than)]


def _mark_started(session: Session, workflow_ids: list[str]) -> None:
    for row in sweep.not_stamped(session, workflow_ids):
        row.started_at = datetime.now(UTC)
    session.commit()


async def start_waiting(client: Client, sessions: sessionmaker[Session], task_queue: str,
                        older_than: timedelta = START_AFTER) -> list[str]:
    """Start the workflow of every committed request that has none yet; returns the workflow ids started."""
    def read() -> list[dict[str, Any]]:
        with sessions() as session:
            return _unstarted(session, older_than)

    started, known = [], []
    for args in await asyncio.to_thread(read):
        if await start(client, task_queue, args):
            log.warning("approval sweep started %s (its request had no workflow yet)", args["id"])
            started.append(args["id"])
        else:
            known.append(args["id"])

    def mark() -> None:
        with sessions() as session:
            _mark_started(session, known)

    if known:
        await asyncio.to_thread(mark)
    return started


def _processing(session: Session, older_than: timedelta) -> list[sweep.Processing]:
    return sweep.processing(session, datetime.now(UTC) - older_than)


def has_work(session: Session, start_after: timedelta = START_AFTER, resend_after: timedelta = RESEND_AFTER) -> bool:
    """Whether the sweep would find anything: a request without its workflow, or a decision to send again."""
    now = datetime.now(UTC)
    return sweep.sweep_has_work(session, requested_before=now - start_after, submitted_before=now - resend_after)


def _request_words(session: Session, request: ApprovalRequest | None, request_id: int) -> str:
    """"Sari Dewi's request to move 'Core Banking' (PT Maju) to E4 Proposal", or "request #12" when unknown."""
    if request is None:
        return f"request #{request_id}"
    try:
        what = outcomes.describe(session, request)
    except LookupError:
        return f"request #{request_id}"
    requester = repo.requester_name(session, request)
    return f"{requester}'s request to {what}" if requester else f"the request to {what}"


def lost_to(session: Session, req: ApprovalRequest, *, layer: int, approver_id: int) -> rules.Refusal | None:
    """After a decision sent to the workflow got no verdict: why it lost, when another decision settled the
    approver's layer meanwhile (what the workflow wrote before it closed), else None (the decision still counts). The
    truth for the loser of a race, whose update the closing workflow aborts: "Already decided: approved by Maya
    Kusuma."."""
    session.rollback()
    session.expire_all()
    fresh = session.get(ApprovalRequest, req.id)
    if fresh is None or (fresh.status == "PENDING" and fresh.current_layer == layer):
        return None
    settled = repo.settling_decision(session, request_id=req.id, layer_index=layer)
    if settled is None:  # ended without a decision on the layer (withdrawn)
        return rules.Refusal("RequestFinished", rules.finished_message(fresh.status)) \
            if fresh.status != "PENDING" else None
    if settled.approver_id == approver_id:
        return None  # this very decision settled it: it was applied, only its answer was lost
    name = repo.full_names(session, {settled.approver_id}).get(settled.approver_id, "another approver")
    return rules.Refusal("LayerDecided", rules.layer_decided_message(settled.action, name))


def settle_refused(session: Session, *, request_id: int, layer_index: int, approver_id: int,
                   reason: str | None) -> None:
    """A decision sent earlier turned out refused or moot: the task leaves PROCESSING and, when the approver
    had been told it was received, they are told what became of it."""
    task = repo.task_for_update(session, request_id=request_id, layer_index=layer_index, approver_id=approver_id)
    if task is None or task.status != "PROCESSING":
        session.commit()
        return
    sender = task.submitted_by or approver_id  # the delegate who sent it, when one did
    decided = repo.has_decided(session, request_id=request_id, approver_id=approver_id, layer_index=layer_index)
    request = session.get(ApprovalRequest, request_id)
    if decided:
        task.status = "DONE"
    else:
        task.status = "PENDING" if request is not None and request.status == "PENDING" and \
            request.current_layer == layer_index else "CANCELLED"
        if reason:
            notifications.notify(session=session, user_id=sender, notification_type="INFORMATION",
                                 message=f"Your decision on {_request_words(session, request, request_id)} "
                                         f"could not be applied: {reason}",
                                 link="/system/approval", lead_id=request.lead_id if request else None)
    task.submitted_action = task.submitted_note = task.submitted_at = None
    task.submitted_by = None
    session.commit()
    if reason and not decided:
        publish_changed([sender])


async def resend_decisions(client: Client, sessions: sessionmaker[Session],
                           older_than: timedelta = RESEND_AFTER) -> int:
    """Send again every decision still PROCESSING past `older_than`; returns how many were settled."""
    def read() -> list[tuple[sweep.Processing, str | None]]:
        with sessions() as session:
            found = _processing(session, older_than)
            names = repo.full_names(session, {row[6] for row in found if row[6] is not None})
            return [(row, names.get(row[6]) if row[6] is not None else None) for row in found]

    settled = 0
    for (request_id, workflow_id, layer, approver, action, note, acting), acting_name in await asyncio.to_thread(read):
        verdict = await approval_client.decide(
            client, workflow_id, DecideInput(approver, action or "", note, acting, acting_name),
            update_id=update_id_for(request_id=request_id, layer_index=layer, approver_id=approver, acting_id=acting),
            timeout=10)
        if isinstance(verdict, Unconfirmed):  # no verdict: try later
            continue
        # refused: why; closed: settle() names the decision that settled the layer (what the workflow wrote before it
        # closed); applied: its activity marked the task DONE, nothing else to do
        reason = verdict.message if isinstance(verdict, Refused) else CLOSED if isinstance(verdict, Closed) else None

        def settle(reason: str | None = reason, request_id: int = request_id, layer: int = layer,
                   approver: int = approver) -> None:
            with sessions() as session:
                if reason == CLOSED and (req := session.get(ApprovalRequest, request_id)) is not None:
                    lost = lost_to(session, req, layer=layer, approver_id=approver)
                    reason = lost.message if lost else reason
                settle_refused(session, request_id=request_id, layer_index=layer, approver_id=approver,
                               reason=reason)

        await asyncio.to_thread(settle)
        settled += 1
    return settled
