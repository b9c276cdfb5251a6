"""Default approval pipelines (one ANY_USER layer with the demo approvers) when there are none, and a two-layer
cost sheet pipeline (approver1 checks, approver2 acknowledges) when there is no PCS pipeline."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalPipeline, ApprovalPipelineVersion
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

