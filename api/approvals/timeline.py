"""The timeline of a request, built in one place for every screen that shows one (the approval timeline of a lead's
request, the cost sheet's approval status): the workflow's live `timeline` query, or, when the workflow cannot be
asked, the recorded decisions laid on the request's layers by the same function (workflows.contracts.approval's
`timeline_of`). Each layer comes with its status, its label and its approvers' decisions, so a screen only shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from api.approvals import pipelines
from api.approvals import repository as repo
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.approvals.pipelines import MODE_LABELS, deadline_of, deadline_out
from api.approvals.schemas import TimelineApproverOut, TimelineLayerOut, TimelineOut
from workflows.contracts import approval_rules as rules
from workflows.contracts.approval import WITHDRAWN, Timeline, timeline_of
from workflows.contracts.approval_routes import Skip


def layer_label(seq_no: int) -> str:
    """Sequence 1 'checked by', 2 'acknowledged by', 3 and above 'approved by' (spec 3 §2.5)."""
    return {1: "checked by", 2: "acknowledged by"}.get(seq_no, "approved by")


def recorded(session: Session, req: ApprovalRequest, *, status: str | None = None) -> Timeline:
    """The timeline as the database records it. `status` overrides the request's (a cost sheet APPROVED by
    other means shows every layer approved)."""
    version = session.get(ApprovalPipelineVersion, req.pipeline_version_id)
    rows = repo.decisions_of(session, req.id)
    acting = repo.full_names(session, {d.acting_user_id for d in rows if d.acting_user_id})
    decisions = [rules.Decision(d.layer_index, d.approver_id, d.action, d.note, d.decided_at.isoformat(),
                                d.acting_user_id, acting.get(d.acting_user_id) if d.acting_user_id else None)
                 for d in rows]
    state = rules.RequestState(layers=pipelines.layers_of(session, version) if version else [],
                               current=req.current_layer, status=status or req.status, decisions=decisions,
                               clocks=clocks_of(req),
                               skips=[Skip(int(s["layer"]), str(s["reason"])) for s in req.skipped_layers or []])
    return timeline_of(req.id, state)


def clocks_of(req: ApprovalRequest) -> list[rules.LayerClock]:
    """The layers' clocks as the workflow's activities kept them on the request."""
    found = []
    for index, kept in (req.clocks or {}).items():
        if not kept.get("dueAt"):
            continue
        to = rules.Approver(kept["escalatedTo"], kept.get("escalatedToName") or "",
                            kept.get("escalatedToUsername") or "") if kept.get("escalatedTo") else None
        found.append(rules.LayerClock(int(index), kept["dueAt"], kept.get("escalateAt"), kept.get("remindedAt"), to,
                                      kept.get("escalatedAt")))
    return found


Known = tuple[set[tuple[int, int]], dict[int, str]]  # what repo.processing_and_names answers


def people_ids(req: ApprovalRequest, layers: list[Any]) -> set[int]:
    """Whom a timeline of the request names besides its approvers: who asked (and for whom), who withdrew it, and
    whom its layers (a version's layers) escalate to."""
    escalating = {d.escalate_user_id for d in map(deadline_of, layers) if d is not None and d.escalate_user_id}
    return {i for i in (req.requested_by, req.on_behalf_of, req.withdrawn_by) if i} | escalating


def out(session: Session, req: ApprovalRequest, live: Timeline,
        ui_link: Callable[[str], str | None] | None = None, known: Known | None = None) -> TimelineOut:
    """What the API answers: the timeline with the decisions received but not yet applied marked PROCESSING.
    `known`: the decisions in flight and the people's names, when the caller read them in its own transaction
    (a decision in flight that the live timeline shows applied is not shown as in flight)."""
    if known is None:
        escalating = {layer.deadline.escalate_user_id for layer in live.layers
                      if layer.deadline is not None and layer.deadline.escalate_user_id}
        known = repo.processing_and_names(
            session, req.id, {i for i in (req.requested_by, req.on_behalf_of, req.withdrawn_by) if i} | escalating)
    in_flight, names = known
    applied = {(layer.seq_no - 1, a.id) for layer in live.layers for a in layer.approvers if a.action is not None}
    processing = in_flight - applied
    return TimelineOut(
        approval_id=req.id, status=live.status, request_type=req.request_type, requested_at=req.requested_at,
        workflow_id=req.workflow_id, temporal_url=ui_link(req.workflow_id) if ui_link else None,
        layers=[TimelineLayerOut(layer_name=layer.name, approval_type=MODE_LABELS.get(layer.mode, layer.mode),
                                 seq_no=layer.seq_no, min_approvals=layer.min_approvals, layer_status=layer.status,
                                 label=layer_label(layer.seq_no),
                                 approvers=[TimelineApproverOut(id=a.id, username=a.name, action_type=a.action,
                                                                note=a.note, approved_at=a.decided_at,
                                                                processing=a.action is None
                                                                and (layer.seq_no - 1, a.id) in processing,
                                                                acting_name=a.acting_name, escalated=a.escalated)
                                            for a in layer.approvers],
                                 deadline=deadline_out(layer.deadline, names), due_at=layer.due_at,
                                 reminded_at=layer.reminded_at, escalated_to_name=layer.escalated_to,
                                 escalated_at=layer.escalated_at, skipped=layer.skipped, conditions=layer.conditions)
                for layer in live.layers],
        processing=bool(processing), needs_attention=live.needs_attention, message=None,
        **people_of(req, names))


def people_of(req: ApprovalRequest, names: dict[int, str]) -> dict[str, object]:
    """Who asked (and for whom), and who withdrew it and why: what the timeline records besides its layers
    (`names`: the full names of those people)."""
    return {"requested_by_name": names.get(req.requested_by),
            "on_behalf_of_name": names.get(req.on_behalf_of) if req.on_behalf_of else None,
            "withdrawn_by_name": names.get(req.withdrawn_by) if req.withdrawn_by else None,
            "withdraw_reason": req.withdraw_reason,
            "withdrawn_at": req.decided_at if req.status == WITHDRAWN else None}


def recorded_out(session: Session, req: ApprovalRequest,
                 ui_link: Callable[[str], str | None] | None = None) -> TimelineOut:
    """The recorded timeline as the API answers it (the workflow not started yet, or Temporal unreachable).
    `ui_link` (api/operations/access.ui_links) gives the workflow's Temporal UI page to an operator."""
    return out(session, req, recorded(session, req), ui_link)
