"""Approval pipelines' queries (pipelines.py holds their rules): the active version, who a pipeline covers, the
locks that keep two saves of one action type apart."""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, delete, func, or_, select, text
from sqlalchemy.orm import Session, contains_eager

from api.approvals.models import (
    ApprovalPipeline,
    ApprovalPipelineSales,
    ApprovalPipelineVersion,
    ApprovalRequest,
)
from api.users.models import User


def current_version(session: Session, pipeline: ApprovalPipeline) -> ApprovalPipelineVersion:
    return session.scalars(select(ApprovalPipelineVersion).where(
        ApprovalPipelineVersion.pipeline_id == pipeline.id,
        ApprovalPipelineVersion.version == pipeline.current_version)).one()


def active_pipelines(session: Session, *, pcs: bool) -> list[tuple[ApprovalPipeline, ApprovalPipelineVersion]]:
    """Every active pipeline (of cost sheets, or of the leads' requests) with its current version, by name."""
    stmt = (select(ApprovalPipeline, ApprovalPipelineVersion)
            .join(ApprovalPipelineVersion, (ApprovalPipelineVersion.pipeline_id == ApprovalPipeline.id)
                  & (ApprovalPipelineVersion.version == ApprovalPipeline.current_version))
            .where(ApprovalPipeline.is_active.is_(True)))
    stmt = stmt.where(ApprovalPipeline.action_type == "PCS") if pcs else stmt.where(
        ApprovalPipeline.action_type != "PCS")
    return list(session.execute(stmt.order_by(ApprovalPipeline.name)).tuples().all())


# unscoped: counts per pipeline for its designer, no lead read
def pending_on_older(session: Session, pipeline_ids: list[int]) -> dict[int, int]:
    """{pipeline: its pending requests that run on an older version than its current one} (they keep their route)."""
    if not pipeline_ids:
        return {}
    stmt = (select(ApprovalPipeline.id, func.count(ApprovalRequest.id))
            .join(ApprovalPipelineVersion, ApprovalPipelineVersion.pipeline_id == ApprovalPipeline.id)
            .join(ApprovalRequest, ApprovalRequest.pipeline_version_id == ApprovalPipelineVersion.id)
            .where(ApprovalPipeline.id.in_(pipeline_ids), ApprovalRequest.status == "PENDING",
                   ApprovalPipelineVersion.version < ApprovalPipeline.current_version)
            .group_by(ApprovalPipeline.id))
    return {pipeline_id: int(n) for pipeline_id, n in session.execute(stmt).tuples()}


def _others(action_type: str, exclude_id: int | None) -> Any:
    stmt = (select(ApprovalPipeline).where(ApprovalPipeline.action_type == action_type,
                                           ApprovalPipeline.is_active.is_(True)).order_by(ApprovalPipeline.id))
    return stmt.where(ApprovalPipeline.id != exclude_id) if exclude_id else stmt


def covering_everyone(session: Session, action_type: str, exclude_id: int | None) -> list[ApprovalPipeline]:
    """Active pipelines of the action type that name no sales person (they cover everyone not named elsewhere)."""
    named = select(ApprovalPipelineSales.pipeline_id).where(
        ApprovalPipelineSales.pipeline_id == ApprovalPipeline.id).exists()
    return list(session.scalars(_others(action_type, exclude_id).where(~named)))


def covering(session: Session, action_type: str, exclude_id: int | None,
             sales_ids: list[int]) -> list[tuple[int, str, int, str]]:
    """(sales person, their name, pipeline, its name) for each of the sales people an active pipeline of the action
    type names."""
    others = _others(action_type, exclude_id)
    return list(session.execute(
        select(ApprovalPipelineSales.user_id, User.fullname, ApprovalPipeline.id, ApprovalPipeline.name)
        .join(ApprovalPipeline, ApprovalPipeline.id == ApprovalPipelineSales.pipeline_id)
        .join(User, User.id == ApprovalPipelineSales.user_id)
        .where(ApprovalPipelineSales.user_id.in_(sales_ids),
               ApprovalPipeline.id.in_(others.with_only_columns(ApprovalPipeline.id)))
        .order_by(User.fullname)).tuples())


def lock_action_type(session: Session, action_type: str) -> None:
    """One writer at a time per action type until the transaction ends."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"approval-pipeline:{action_type}"})


def replace_sales(session: Session, pipeline_id: int, sales_ids: list[int]) -> None:
    session.execute(delete(ApprovalPipelineSales).where(ApprovalPipelineSales.pipeline_id == pipeline_id))
    session.add_all([ApprovalPipelineSales(pipeline_id=pipeline_id, user_id=u) for u in sales_ids])


def version_for(session: Session, *, action_type: str, sales_person_id: int) -> ApprovalPipelineVersion | None:
    """The current version of the active pipeline naming this sales person, else of one that names nobody (applies
    to all), with its pipeline (`version.pipeline`); the lowest id first, in one statement."""
    assigned = ApprovalPipeline.id.in_(select(ApprovalPipelineSales.pipeline_id)
                                       .where(ApprovalPipelineSales.user_id == sales_person_id))
    anyone = ~select(ApprovalPipelineSales.pipeline_id).where(
        ApprovalPipelineSales.pipeline_id == ApprovalPipeline.id).exists()
    return session.scalars(
        select(ApprovalPipelineVersion).options(contains_eager(ApprovalPipelineVersion.pipeline))
        .join(ApprovalPipeline, (ApprovalPipeline.id == ApprovalPipelineVersion.pipeline_id)
              & (ApprovalPipelineVersion.version == ApprovalPipeline.current_version))
        .where(ApprovalPipeline.action_type == action_type, ApprovalPipeline.is_active.is_(True),
               or_(assigned, anyone))
        .order_by(case((assigned, 0), else_=1), ApprovalPipeline.id).limit(1)).first()
