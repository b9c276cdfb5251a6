"""Project cost sheets: one current sheet per lead, its items and billing schedules, the uploaded
spreadsheet of each revision, a snapshot of every earlier revision, and the PID counter."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, Date, DateTime, ForeignKey, Index, Integer, Numeric, String, Text, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, Money, TimestampMixin


class ProjectCostSheet(Base, TimestampMixin):
    """The lead's current sheet. A new revision (revision_batch + 1) starts when a rejected sheet is edited
    again; the rejected one is kept as a ProjectCostSheetHistory snapshot."""

    __tablename__ = "project_cost_sheets"

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"), unique=True)
    pcs_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # bumped on every save
    revision_batch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(25), default="SAVED_AS_DRAFT")
    total_revenue: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    total_cost: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    gross_profit: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    gross_profit_margin: Mapped[Decimal] = mapped_column(Numeric(9, 2), default=0, server_default="0")
    commission_allocation: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    gp_after_commission: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    gp_margin_after_commission: Mapped[Decimal] = mapped_column(Numeric(9, 2), default=0, server_default="0")
    requested_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    approval_request_id: Mapped[int | None] = mapped_column(ForeignKey("approval_requests.id", ondelete="SET NULL"))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class ProjectCostSheetItem(Base):
    __tablename__ = "project_cost_sheet_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    pcs_id: Mapped[int] = mapped_column(ForeignKey("project_cost_sheets.id", ondelete="CASCADE"), index=True)
    coa_id: Mapped[int] = mapped_column(ForeignKey("chart_of_accounts.id"))
    type: Mapped[str] = mapped_column(String(10))  # REVENUE or COST
    description: Mapped[str] = mapped_column(Text)
    quantity: Mapped[int] = mapped_column(Integer)
    term_of_payment: Mapped[int] = mapped_column(Integer)
    selling_price: Mapped[Decimal] = mapped_column(Money)  # unit price
    total_selling_price: Mapped[Decimal] = mapped_column(Money)  # unit price x quantity
    position: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ProjectCostSheetBilling(Base):
    __tablename__ = "project_cost_sheet_billings"

    id: Mapped[int] = mapped_column(primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("project_cost_sheet_items.id", ondelete="CASCADE"), index=True)
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Decimal] = mapped_column(Money)
    payment_status: Mapped[str] = mapped_column(String(20), default="NOT_YET", server_default="NOT_YET")
    schedule: Mapped[date] = mapped_column(Date)
    position: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ProjectCostSheetFile(Base):
    """The spreadsheet uploaded with a revision (kept per revision; the newest of the current revision counts)."""

    __tablename__ = "project_cost_sheet_files"
    __table_args__ = (Index("ix_project_cost_sheet_files_lead_revision", "lead_id", "revision_batch"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"))
    pcs_id: Mapped[int] = mapped_column(ForeignKey("project_cost_sheets.id", ondelete="CASCADE"))
    revision_batch: Mapped[int] = mapped_column(Integer)
    file_path: Mapped[str] = mapped_column(String(300))  # storage key
    filename: Mapped[str] = mapped_column(String(200))  # stored name, used by the download URL
    display_name: Mapped[str] = mapped_column(String(200))
    original_filename: Mapped[str] = mapped_column(String(255))
    size: Mapped[int] = mapped_column(BigInteger)
    is_deleted: Mapped[bool] = mapped_column(default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ProjectCostSheetHistory(Base):
    """A finished revision, frozen: the sheet with its items and billing as it was when it was rejected
    (or replaced), so the revision dropdown can show it."""

    __tablename__ = "project_cost_sheet_histories"
    __table_args__ = (Index("ix_project_cost_sheet_histories_pcs_revision", "pcs_id", "revision_batch"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    pcs_id: Mapped[int] = mapped_column(ForeignKey("project_cost_sheets.id", ondelete="CASCADE"))
    revision_batch: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(25))
    remark: Mapped[str | None] = mapped_column(Text)
    approval_request_id: Mapped[int | None] = mapped_column(ForeignKey("approval_requests.id", ondelete="SET NULL"))
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PidCounter(Base):
    """The last PID number handed out per entity code and year; incremented with UPDATE ... RETURNING so
    concurrent generations never share a number."""

    __tablename__ = "pid_counters"

    prefix: Mapped[str] = mapped_column(String(30), primary_key=True)  # e.g. "JKT-2026"
    last_number: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
