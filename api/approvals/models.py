"""Approval pipelines (versioned), requests, the approver queue and recorded decisions."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import Date, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.core.db import Base, TimestampMixin

ACTION_TYPES = ("CHANGE_LEAD_STAGE", "HOLD_LEAD", "DROP_LEAD", "CLOSE_LEAD", "PCS")


class ApprovalPipeline(Base, TimestampMixin):
    __tablename__ = "approval_pipelines"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    action_type: Mapped[str] = mapped_column(String(30), index=True)
    current_version: Mapped[int] = mapped_column(Integer, default=1)
    is_active: Mapped[bool] = mapped_column(default=True, server_default="true")


class ApprovalPipelineVersion(Base):
    """An immutable snapshot: a request runs on the version it started with."""

    __tablename__ = "approval_pipeline_versions"
    __table_args__ = (UniqueConstraint("pipeline_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    pipeline_id: Mapped[int] = mapped_column(ForeignKey("approval_pipelines.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    # [{"name", "mode", "minApprovals", "approvers": [user ids]}]
    layers: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
    sales_person_ids: Mapped[list[int]] = mapped_column(JSONB, default=list)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # read with the version where a caller names the pipeline (pipeline_queries.version_for), else loaded on use
    pipeline: Mapped[ApprovalPipeline] = relationship(viewonly=True)


class ApprovalPipelineSales(Base):
    """Which sales people's requests a pipeline handles (the current version's list)."""

    __tablename__ = "approval_pipeline_sales"

    pipeline_id: Mapped[int] = mapped_column(ForeignKey("approval_pipelines.id", ondelete="CASCADE"),
                                             primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)


class ApprovalRequest(Base):
    __tablename__ = "approval_requests"
    __table_args__ = (Index("ix_approval_requests_lead_status", "lead_id", "status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    workflow_id: Mapped[str] = mapped_column(String(120), unique=True)
    request_type: Mapped[str] = mapped_column(String(30))
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"))
    requested_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    target_stage_id: Mapped[int | None] = mapped_column(ForeignKey("stages.id"))
    from_stage_id: Mapped[int | None] = mapped_column(ForeignKey("stages.id"))
    notes: Mapped[str | None] = mapped_column(Text)
    pipeline_version_id: Mapped[int] = mapped_column(ForeignKey("approval_pipeline_versions.id"))
    status: Mapped[str] = mapped_column(String(10), default="PENDING", server_default="PENDING")
    current_layer: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # set once its workflow is known to run: a committed request without it is started by the approval sweep
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # made by an administrator for the lead's sales person (requested_by is the administrator who made it)
    on_behalf_of: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    # the lead's status before the request made it wait (a withdrawal gives it back)
    from_status: Mapped[str | None] = mapped_column(String(10))
    # a withdrawal, durable before the workflow is asked: the approval sweep sends it again until the workflow
    # has it (status WITHDRAWN then); cleared when the workflow refuses it (the request was decided meanwhile)
    withdrawn_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    withdraw_reason: Mapped[str | None] = mapped_column(Text)
    withdraw_requested_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # its owner changed (a reassignment moved its lead) and its workflow is still to be told (the `owner` update,
    # api/approvals/owners.py): the approval sweep tells it until it has; cleared then
    owner_changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # each layer's clock as its workflow kept it: {"0": {"dueAt", "remindedAt", "escalatedTo", "escalatedToName",
    # "escalatedAt"}} (UTC ISO times): the queue sorts by the current layer's dueAt, and the timeline reads it when
    # the workflow cannot be asked
    clocks: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    # the layers its route leaves out, decided once when its workflow starts from the request's facts (a layer's
    # conditions, workflows/contracts/approval_routes.py): [{"layer", "reason"}]; None until then, and for a
    # request whose pipeline has no conditions
    skipped_layers: Mapped[list[dict[str, Any]] | None] = mapped_column(JSONB)


class ApprovalTask(Base):
    """The approver queue: one row per approver whose turn it is (kept by idempotent activities)."""

    __tablename__ = "approval_tasks"
    __table_args__ = (
        UniqueConstraint("request_id", "layer_index", "approver_id"),
        Index("ix_approval_tasks_approver_status", "approver_id", "status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    request_id: Mapped[int] = mapped_column(ForeignKey("approval_requests.id", ondelete="CASCADE"))
    layer_index: Mapped[int] = mapped_column(Integer)
    approver_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    # PENDING, PROCESSING (a decision was sent and not yet confirmed), DONE, CANCELLED
    status: Mapped[str] = mapped_column(String(10), default="PENDING")
    # the decision sent while PROCESSING: the approval sweep sends it again until the workflow has it
    submitted_action: Mapped[str | None] = mapped_column(String(10))
    submitted_note: Mapped[str | None] = mapped_column(Text)
    submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # who sent the decision when it is not the approver: their delegate (the sweep sends it again as theirs)
    submitted_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ApprovalDecision(Base):
    __tablename__ = "approval_decisions"
    __table_args__ = (UniqueConstraint("request_id", "layer_index", "approver_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    request_id: Mapped[int] = mapped_column(ForeignKey("approval_requests.id", ondelete="CASCADE"), index=True)
    layer_index: Mapped[int] = mapped_column(Integer)
    approver_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    action: Mapped[str] = mapped_column(String(10))  # APPROVED, REJECTED
    note: Mapped[str | None] = mapped_column(Text)
    decided_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # who decided, when not the approver: their delegate ("Maya Kusuma for Hendra Gunawan")
    acting_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class ApprovalDelegation(Base):
    """An approver's delegate for a period (out of office), for every request type or one: while it holds, the
    approver's tasks are offered to the delegate too, who decides for them."""

    __tablename__ = "approval_delegations"
    __table_args__ = (Index("ix_approval_delegations_delegate", "delegate_id", "ends_on"),
                      Index("ix_approval_delegations_delegator", "delegator_id", "ends_on"))

    id: Mapped[int] = mapped_column(primary_key=True)
    delegator_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    delegate_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)  # inclusive, in the company's time zone
    request_type: Mapped[str | None] = mapped_column(String(30))  # None: every request type
    note: Mapped[str | None] = mapped_column(Text)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ApprovalLinkUse(Base):
    """A decide-from-the-mail link that has been used (each link is single-use: its id is recorded once)."""

    __tablename__ = "approval_link_uses"

    jti: Mapped[str] = mapped_column(String(64), primary_key=True)
    request_id: Mapped[int] = mapped_column(ForeignKey("approval_requests.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    action: Mapped[str] = mapped_column(String(10))
    used_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
