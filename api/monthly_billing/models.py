"""The record of every payment-status move of a cost sheet's billing row: who moved it, when, from what to what, and
why (a step back needs a reason)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class BillingStatusChange(Base):
    __tablename__ = "billing_status_changes"
    __table_args__ = (Index("ix_billing_status_changes_billing_at", "billing_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    billing_id: Mapped[int] = mapped_column(ForeignKey("project_cost_sheet_billings.id", ondelete="CASCADE"))
    from_status: Mapped[str] = mapped_column(String(20))
    to_status: Mapped[str] = mapped_column(String(20))
    note: Mapped[str | None] = mapped_column(Text)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
