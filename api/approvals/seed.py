"""Default approval pipelines (one ANY_USER layer with the demo approvers) when there are none, and a two-layer
cost sheet pipeline (approver1 checks, approver2 acknowledges) when there is no PCS pipeline."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals import service
from api.approvals.models import ApprovalPipeline, ApprovalPipelineVersion, ApprovalRequest
from api.approvals.schemas import RequestIn
from api.core.config import get_settings
from api.core.errors import AppError
from api.leads import stage_rules
from api.leads.models import Lead, Stage
from api.users.models import User

DEFAULTS = {"CHANGE_LEAD_STAGE": "Stage change approval", "HOLD_LEAD": "Hold approval",
            "DROP_LEAD": "Drop approval", "CLOSE_LEAD": "Closing approval"}


PCS_LAYERS = [("Finance check", "approver1"), ("Management approval", "approver2")]


def seed_default_pipelines(session: Session) -> None:
    if session.scalar(select(ApprovalPipeline.id).where(ApprovalPipeline.action_type != "PCS").limit(1)) is None:
        _seed_lead_pipelines(session)
    _seed_pcs_pipeline(session)


def _seed_pcs_pipeline(session: Session) -> None:
    if session.scalar(select(ApprovalPipeline.id).where(ApprovalPipeline.action_type == "PCS").limit(1)) is not None:
        return
    ids = {username: user_id for username, user_id in session.execute(select(User.username, User.id).where(
        User.username.in_([username for _, username in PCS_LAYERS])))}
    if len(ids) < len(PCS_LAYERS):
        return
    pipeline = ApprovalPipeline(name="Cost sheet approval", action_type="PCS", current_version=1)
    session.add(pipeline)
    session.flush()
    layers = [{"name": name, "mode": "ANY_USER", "minApprovals": 1, "approvers": [ids[username]]}
              for name, username in PCS_LAYERS]
    session.add(ApprovalPipelineVersion(pipeline_id=pipeline.id, version=1, layers=layers, sales_person_ids=[]))
    session.flush()


def _seed_lead_pipelines(session: Session) -> None:
    approvers = list(session.scalars(select(User.id).where(User.username.in_(["approver1", "approver2"]))
                                     .order_by(User.username)))
    leaders = list(session.scalars(select(User.id).where(User.username.in_(["tl1", "tl2"]))))
    if not approvers:
        return
    for action, name in DEFAULTS.items():
        pipeline = ApprovalPipeline(name=name, action_type=action, current_version=1)
        session.add(pipeline)
        session.flush()
        layers = [{"name": "Approval", "mode": "ANY_USER", "minApprovals": 1, "approvers": approvers}]
        if action == "CLOSE_LEAD" and leaders:
            layers.insert(0, {"name": "Team leader check", "mode": "ANY_USER", "minApprovals": 1,
                              "approvers": leaders})
        session.add(ApprovalPipelineVersion(pipeline_id=pipeline.id, version=1, layers=layers, sales_person_ids=[]))


def seed_waiting_requests(session: Session) -> int:
    """Every WAITING lead waits for a real request: a demo lead seeded as waiting (or one left waiting without a
    request by an older version) gets one through the engine, committed like any request; the approval sweep
    starts its workflow once the worker runs. Returns how many were made."""
    waiting = select(ApprovalRequest.id).where(ApprovalRequest.lead_id == Lead.id,
                                               ApprovalRequest.status == "PENDING",
                                               ApprovalRequest.request_type != "PCS").exists()
    stuck = list(session.scalars(select(Lead).where(Lead.status == "WAITING", ~waiting).order_by(Lead.id)))
    stages = stage_rules.board_stages(session)
    task_queue = get_settings().temporal_task_queue  # the deployment the seed serves (in its workflow ids)
    made = 0
    for lead in stuck:
        lead.status = "NEW"
        owner = session.get(User, lead.sales_person_id)
        current = next((s for s in stages if s.id == lead.stage_id), None)
        following: Stage | None = next((s for s in stages if current and s.seq_number > current.seq_number), None)
        move_ok = following is not None and stage_rules.check_move(session, lead, following, stages=stages).allowed
        data = RequestIn(request_type="CHANGE_LEAD_STAGE", target_stage_id=following.id) \
            if move_ok and following is not None else RequestIn(request_type="HOLD_LEAD", notes="Customer paused")
        try:
            with session.begin_nested():
                service.open_request(session, actor=owner, lead=lead, data=data,  # type: ignore[arg-type]
                                     task_queue=task_queue)
            made += 1
        except AppError:  # no pipeline for it: the lead simply does not wait
            continue
    session.flush()
    return made
