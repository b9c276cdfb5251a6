"""Moving a lead between stages: what a move takes (its requirements, whether it needs approval, what blocks it:
a waiting request or the lead's status), the stage options of a lead, and the move itself."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest
from api.core.errors import NotFound, RequestPending
from api.core.inputs import as_id
from api.leads import history, stage_rules
from api.leads import repository as repo
from api.leads.models import ONGOING, STATUS_LABELS, Lead, Stage
from api.leads.schemas import FieldLabel, NeedApprovalOut, RequirementField, StageOption, StageOptions
from api.leads.visibility import readable_or_404
from api.users.models import User

REQUEST_WHAT = {"CHANGE_LEAD_STAGE": "a stage change", "HOLD_LEAD": "putting it on hold",
                "DROP_LEAD": "dropping it", "CLOSE_LEAD": "closing it"}


def stage_of(session: Session, key: str | int) -> Stage:
    """A stage by id or name ('E3'), or 404."""
    stage_id = key if isinstance(key, int) else as_id(key)
    stage = repo.stage(session, stage_id, str(key))
    if stage is None:
        raise NotFound("Stage not found.")
    return stage


def pending_request(session: Session, lead_id: int, status: str) -> ApprovalRequest | None:
    """The request a WAITING lead waits for (None for a lead in any other status, without a query)."""
    return repo.pending_request(session, lead_id) if status == "WAITING" else None


def waiting_message(session: Session, request: ApprovalRequest) -> str:
    """The refusal naming the request a lead waits for (every path that would change its stage or status)."""
    what = REQUEST_WHAT.get(request.request_type, "a change")
    if request.request_type == "CHANGE_LEAD_STAGE" and request.target_stage_id:
        target = session.get(Stage, request.target_stage_id)
        what = f"its move to {stage_rules.label(target)}" if target else what
    return (f"This lead is waiting for approval of {what} (request #{request.id}); its stage and status cannot "
            "change until that request is decided.")


def _blocker(session: Session, lead: Lead) -> tuple[str | None, str | None]:
    """What stops any move of this lead: the message naming its waiting request, or its status label."""
    pending = pending_request(session, lead.id, lead.status)
    return (waiting_message(session, pending) if pending else None,
            None if lead.status in ONGOING else STATUS_LABELS[lead.status])


def check_move(session: Session, lead: Lead, target: Stage) -> stage_rules.Move:
    """What moving this lead to `target` takes (the edit form, the request call, check-need-approval)."""
    waiting, status = _blocker(session, lead)
    return stage_rules.check_move(session, lead, target, waiting=waiting, status_label=status)


def _requirements(stage: Stage, filled: set[str]) -> list[RequirementField]:
    return [RequirementField(field=f, label=text, filled=f in filled) for f, text in stage_rules.requirements(stage)]


def requirement_fields(*, session: Session, actor: User, lead_id: int, stage: str) -> list[RequirementField]:
    lead = readable_or_404(session, actor, lead_id)
    return _requirements(stage_of(session, stage), stage_rules.filled_fields(session, lead))


def check_need_approval(*, session: Session, actor: User, lead_id: int, stage_id: int) -> NeedApprovalOut:
    lead = readable_or_404(session, actor, lead_id)
    move = check_move(session, lead, stage_of(session, stage_id))
    return NeedApprovalOut(needs_approval=move.needs_approval, stage_id=move.target.id,
                           stage_name=move.target.stage_name, missing_fields=move.missing, allowed=move.allowed,
                           reason=move.reason)


def stage_options(*, session: Session, actor: User, lead_id: int) -> StageOptions:
    """Every board stage as a target for this lead: allowed or why not, gated or not, what it requires."""
    lead = readable_or_404(session, actor, lead_id)
    stages = stage_rules.board_stages(session)
    filled = stage_rules.filled_fields(session, lead)
    waiting, status = _blocker(session, lead)
    options = []
    for stage in stages:
        move = stage_rules.check_move(session, lead, stage, stages=stages, filled=filled, waiting=waiting,
                                      status_label=status)
        options.append(StageOption(
            id=stage.id, stage_name=stage.stage_name, stage_description=stage.stage_description,
            seq_number=stage.seq_number, slug=stage_rules.slug(stage), is_current=stage.id == lead.stage_id,
            allowed=move.allowed, reason=move.reason, needs_approval=move.needs_approval,
            required_fields=_requirements(stage, filled), missing_fields=move.missing,
            lacking_fields=[FieldLabel(field=f, label=text) for f, text in move.lacking]))
    return StageOptions(lead_id=lead.id, current_stage_id=lead.stage_id, status=lead.status, stages=options)


def keep_pending_target(session: Session, lead: Lead) -> None:
    """While a stage change waits for approval, the fields its target requires stay filled."""
    pending = pending_request(session, lead.id, lead.status)
    if pending is None or pending.request_type != "CHANGE_LEAD_STAGE" or not pending.target_stage_id:
        return
    target = session.get(Stage, pending.target_stage_id)
    stages = stage_rules.board_stages(session)
    origin = next((s for s in stages if s.id == pending.from_stage_id), None)
    lacking = stage_rules.missing(stage_rules.filled_fields(session, lead),
                                  stage_rules.entered(stages, origin, target)) if target else []
    if lacking:
        raise RequestPending(f"{waiting_message(session, pending)} It needs {', '.join(lacking)} to stay filled.")


def move_to(session: Session, lead: Lead, actor: User, target: Stage) -> None:
    """Put the lead in a stage and record it (also used when an approval applies a stage change)."""
    current = session.get(Stage, lead.stage_id)
    history.record(session, lead, actor, "stage", current.stage_name if current else None, target.stage_name)
    lead.stage_id = target.id
    lead.stage_changed_at = datetime.now(UTC)
