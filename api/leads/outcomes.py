"""The lead's requests in the approval engine: what a stage change, hold, drop or close is called and what its
approval or rejection does to the lead. Registered with the engine at a process's start (api.domains.register)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.approvals import outcomes
from api.approvals.models import ApprovalRequest
from api.core.errors import NotFound
from api.leads import history as lead_history
from api.leads import moves as lead_moves
from api.leads import repository as repo
from api.leads import route_facts
from api.leads import visibility as lead_visibility
from api.leads.models import Lead, Stage
from api.users.models import User
from workflows.contracts.approval import WITHDRAWN

DESCRIPTIONS = {"CHANGE_LEAD_STAGE": "move", "HOLD_LEAD": "hold", "DROP_LEAD": "drop", "CLOSE_LEAD": "close"}
LABELS = {"CHANGE_LEAD_STAGE": "Stage change", "HOLD_LEAD": "Hold", "DROP_LEAD": "Drop", "CLOSE_LEAD": "Close"}
CLOSED_STAGE = "E7"


def subject(session: Session, request: ApprovalRequest) -> outcomes.Subject:
    """'hold 'Project' (Client)', 'move 'Project' (Client) to E2 Connected', ..., with the lead's project, client and
    sales person (every request type is on a lead): one statement, as a notification is written on every step."""
    row = repo.request_subject(session, request.lead_id, request.target_stage_id)
    what = f"'{row.project_name}' ({row.client_name})" if row else f"lead #{request.lead_id}"
    if request.request_type == "CHANGE_LEAD_STAGE" and request.target_stage_id:
        description = f"move {what} to {row.stage_name} {row.stage_description}" if row and row.stage_name \
            else f"move {what}"
    else:
        description = f"{DESCRIPTIONS.get(request.request_type, 'change')} {what}"
    if row is None:
        return outcomes.Subject(description, f"lead #{request.lead_id}", None, None)
    return outcomes.Subject(description, row.project_name, row.client_name, row.sales_person_id)


def readable(session: Session, actor: User, request: ApprovalRequest) -> bool:
    """Whoever sees the lead may read its requests."""
    try:
        lead_visibility.visible_or_404(session, actor, request.lead_id)
    except NotFound:
        return False
    return True


def record_outcome(session: Session, request: ApprovalRequest, actor: User | None, label: str, verdict: str) -> None:
    """The outcome itself, with who decided and why, in the lead's history (every request type is on a lead)."""
    lead = session.get(Lead, request.lead_id)
    if lead is not None and actor is not None:
        lead_history.record(session, lead, actor, "approval", f"{label} #{request.id}", verdict)


def _set_status(session: Session, lead: Lead, actor: User, status: str) -> None:
    if lead.status != status:
        lead_history.record(session, lead, actor, "status", lead.status, status)
        lead.status = status
        if status == "CLOSED":
            lead.closed_at = datetime.now(UTC)


def _move(session: Session, lead: Lead, actor: User, target: Stage | None) -> None:
    if target is not None and target.id != lead.stage_id:
        lead_moves.move_to(session, lead, actor, target)


def _change_stage(session: Session, request: ApprovalRequest, lead: Lead, actor: User) -> None:
    if request.target_stage_id:
        _move(session, lead, actor, session.get(Stage, request.target_stage_id))
        _set_status(session, lead, actor, "NEW")


def _close(session: Session, request: ApprovalRequest, lead: Lead, actor: User) -> None:
    _move(session, lead, actor, repo.stage_named(session, CLOSED_STAGE))
    _set_status(session, lead, actor, "CLOSED")


def _to_status(status: str) -> Callable[[Session, ApprovalRequest, Lead, User], None]:
    def apply(session: Session, request: ApprovalRequest, lead: Lead, actor: User) -> None:
        _set_status(session, lead, actor, status)

    return apply


def _finisher(label: str, approved: Callable[[Session, ApprovalRequest, Lead, User], None],
              ) -> Callable[[Session, ApprovalRequest, str, User | None, str], str]:
    def finish(session: Session, request: ApprovalRequest, status: str, actor: User | None, verdict: str) -> str:
        """Approved: the lead changes as asked; rejected: a waiting lead stops waiting (back to NEW); withdrawn: a
        waiting lead goes back to the status it had when the request was made."""
        lead = session.get(Lead, request.lead_id)
        if lead is not None and actor is not None:
            if status == "APPROVED":
                approved(session, request, lead, actor)
            elif status == WITHDRAWN and lead.status == "WAITING":
                _set_status(session, lead, actor, request.from_status or "NEW")
            elif lead.status == "WAITING":
                _set_status(session, lead, actor, "NEW")  # the history says the lead stopped waiting
        record_outcome(session, request, actor, label, verdict)
        return f"/leads/{request.lead_id}"

    return finish


APPROVED = {"CHANGE_LEAD_STAGE": _change_stage, "HOLD_LEAD": _to_status("HOLD"), "DROP_LEAD": _to_status("DROPPED"),
            "CLOSE_LEAD": _close}



def register() -> None:
    """Register the leads' request types with the approval engine (api.domains.register, at a process's start)."""
    for request_type, approve in APPROVED.items():
        outcomes.register(request_type, outcomes.Outcome(label=LABELS[request_type], subject=subject,
                                                         finish=_finisher(LABELS[request_type], approve),
                                                         readable=readable, facts=route_facts.facts,
                                                         skipped=route_facts.record_skipped,
                                                         stage_names=route_facts.stage_names))
