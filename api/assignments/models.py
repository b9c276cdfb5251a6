"""Reassignments: leads moved from one sales person to another in one action, with the reason, who did it and
when, and each lead as it was when it moved (its stage, status and GP then)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, Money


class Reassignment(Base):
    __tablename__ = "reassignments"
    __table_args__ = (Index("ix_reassignments_at", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    from_user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    to_user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    reason: Mapped[str] = mapped_column(Text)
    by_user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    lead_count: Mapped[int] = mapped_column(Integer)


class ReassignmentLead(Base):
    """A lead one reassignment moved, as it was then; the lead may be removed since (its name stays)."""

    __tablename__ = "reassignment_leads"

    id: Mapped[int] = mapped_column(primary_key=True)
    reassignment_id: Mapped[int] = mapped_column(ForeignKey("reassignments.id", ondelete="CASCADE"), index=True)
    lead_id: Mapped[int | None] = mapped_column(ForeignKey("leads.id", ondelete="SET NULL"), index=True)
    project_name: Mapped[str] = mapped_column(String(200))
    stage_id: Mapped[int | None] = mapped_column(ForeignKey("stages.id"))
    status: Mapped[str] = mapped_column(String(10))
    total_gross_profit: Mapped[Decimal] = mapped_column(Money)
    # what followed the lead: its pending approval request (if any) and its upcoming activity schedules
    request_id: Mapped[int | None] = mapped_column(ForeignKey("approval_requests.id", ondelete="SET NULL"))
    schedules_moved: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
