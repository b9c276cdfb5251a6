"""Leads, their stages, lists, history and board pins (spec 2 §2.4, §3.6, §4.1)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    FetchedValue,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, Money, TimestampMixin

STATUSES = ("NEW", "WAITING", "HOLD", "DROPPED", "CLOSED")
ONGOING = ("NEW", "WAITING")
STATUS_LABELS = {"NEW": "New", "WAITING": "Waiting", "HOLD": "On Hold", "DROPPED": "Dropped", "CLOSED": "Closed"}


class Stage(Base):
    __tablename__ = "stages"

    id: Mapped[int] = mapped_column(primary_key=True)
    stage_name: Mapped[str] = mapped_column(String(10), unique=True)  # E1 .. E7
    stage_description: Mapped[str] = mapped_column(String(60))  # Found .. Closed
    pipeline: Mapped[str] = mapped_column(String(30), default="LEAD", server_default="LEAD")
    needs_approval: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    previous_stage_id: Mapped[int | None] = mapped_column(ForeignKey("stages.id"))
    next_stage_id: Mapped[int | None] = mapped_column(ForeignKey("stages.id"))
    seq_number: Mapped[int] = mapped_column(Integer)
    # the field codes a lead must have filled before it may enter this stage (api/leads/stage_rules.py)
    required_fields: Mapped[list[str]] = mapped_column(JSONB, default=list, server_default="[]")


class Lead(Base, TimestampMixin):
    __tablename__ = "leads"
    __table_args__ = (
        # the board: newest or oldest contact first per stage, for everyone or for a team's sales people
        Index("ix_leads_stage_contacted", "stage_id", "last_contacted_at"),
        Index("ix_leads_sales_stage_contacted", "sales_person_id", "stage_id", "last_contacted_at"),
        Index("ix_leads_status_stage", "status", "stage_id"),
        # the dashboard and the reports: leads closed (created) in a period, per sales person credited (owning),
        # read from the index alone (the cards, the months, the leaderboard, the sales cycle)
        Index("ix_leads_closed_cover", "closed_at", "closed_by_id",
              postgresql_include=["total_gross_profit", "created_at", "project_type_id", "entity_id"],
              postgresql_where=text("closed_at IS NOT NULL")),
        Index("ix_leads_created_cover", "created_at", "sales_person_id",
              postgresql_include=["total_gross_profit", "stage_id", "status", "project_type_id", "entity_id"]),
        # the same for a team: a range of creation dates per sales person (a team leader's New card and rates)
        Index("ix_leads_sales_created_cover", "sales_person_id", "created_at",
              postgresql_include=["total_gross_profit", "stage_id", "status", "project_type_id", "entity_id"]),
        # the dashboard's ongoing figures and pipeline: an index-only scan of the ongoing leads
        Index("ix_leads_ongoing", "sales_person_id", "stage_id",
              postgresql_include=["total_gross_profit", "project_type_id", "entity_id", "expected_close_date"],
              postgresql_where=text("status IN ('NEW', 'WAITING')")),
        # board and list search: ILIKE '%term%' on the project name (pg_trgm)
        Index("ix_leads_project_name_trgm", "project_name", postgresql_using="gin",
              postgresql_ops={"project_name": "gin_trgm_ops"}),
        # the top bar's search: the closest names first, a few at a time (pg_trgm's word distance, api/search)
        Index("ix_leads_project_name_knn", "project_name", postgresql_using="gist",
              postgresql_ops={"project_name": "gist_trgm_ops(siglen=256)"}),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    project_name: Mapped[str] = mapped_column(String(200))
    stage_id: Mapped[int] = mapped_column(ForeignKey("stages.id"))
    status: Mapped[str] = mapped_column(String(10), default="NEW", server_default="NEW")
    client_id: Mapped[int] = mapped_column(ForeignKey("clients.id"), index=True)
    sales_person_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    project_type_id: Mapped[int | None] = mapped_column(ForeignKey("project_types.id"))
    source_id: Mapped[int | None] = mapped_column(ForeignKey("sources.id"))
    entity_id: Mapped[int | None] = mapped_column(ForeignKey("entities.id"))
    unit_id: Mapped[int | None] = mapped_column(ForeignKey("units.id"))
    project_description: Mapped[str | None] = mapped_column(Text)
    subscription_type: Mapped[str | None] = mapped_column(String(20))  # ONE_TIME, RECURRING
    competitor: Mapped[str | None] = mapped_column(String(200))
    decision_maker: Mapped[str | None] = mapped_column(String(150))
    expected_close_date: Mapped[date | None] = mapped_column(Date)
    project_start_date: Mapped[date | None] = mapped_column(Date)
    project_end_date: Mapped[date | None] = mapped_column(Date)
    project_duration: Mapped[int | None] = mapped_column(Integer)  # months
    project_budget: Mapped[Decimal | None] = mapped_column(Money)
    total_unit: Mapped[int | None] = mapped_column(Integer)
    total_revenue: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    total_gross_profit: Mapped[Decimal] = mapped_column(Money, default=0, server_default="0")
    gross_profit_margin: Mapped[Decimal] = mapped_column(Numeric(7, 2), default=0, server_default="0")
    # {"name", "size", "key"} of each stored file
    proposal_file: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    project_cost_sheet_file: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    customer_confirmation_document_file: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    last_contacted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    stage_changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # when the lead was closed (status CLOSED): the dashboard's closed figures and sales cycle read it
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # who the closed lead's GP is credited to: its sales person when it closed, kept when a reassignment moves the
    # lead to someone else (its history says who owns it now). Set by the database (trigger `leads_closed_by`,
    # migration 'closed leads credited to their closer') whatever writes the lead; every closed figure reads it.
    closed_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), server_default=FetchedValue(),
                                                     server_onupdate=FetchedValue())
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class LeadPic(Base):
    """A person in charge of the lead: one of the client's contacts."""

    __tablename__ = "lead_pics"
    __table_args__ = (UniqueConstraint("lead_id", "contact_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"), index=True)
    contact_id: Mapped[int] = mapped_column(ForeignKey("contacts.id"))


class LeadServiceCategory(Base):
    __tablename__ = "lead_service_categories"

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"), index=True)
    service_category_id: Mapped[int] = mapped_column(ForeignKey("service_categories.id"))
    sub_service_category_id: Mapped[int | None] = mapped_column(ForeignKey("sub_service_categories.id"))


class LeadPayment(Base):
    __tablename__ = "lead_payments"

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"), index=True)
    service_category_id: Mapped[int] = mapped_column(ForeignKey("service_categories.id"))
    billing_date: Mapped[date | None] = mapped_column(Date)
    amount: Mapped[Decimal | None] = mapped_column(Money)


class LeadBillingSchedule(Base):
    __tablename__ = "lead_billing_schedules"

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"), index=True)
    service_category_id: Mapped[int] = mapped_column(ForeignKey("service_categories.id"))
    schedule: Mapped[date] = mapped_column(Date)
    amount: Mapped[Decimal] = mapped_column(Money)
    description: Mapped[str | None] = mapped_column(String(200))


class LeadProjectId(Base):
    __tablename__ = "lead_project_ids"

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"), index=True)
    pid_number: Mapped[str] = mapped_column(String(40), unique=True)
    # the approved cost sheet it was generated for and its rendered PDF ({"name", "size", "key"})
    pcs_id: Mapped[int | None] = mapped_column(ForeignKey("project_cost_sheets.id", ondelete="SET NULL"))
    pdf_file: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class LeadHistory(Base):
    """One field of a lead changed: who, when, from what to what ("stage" entries give stage durations)."""

    __tablename__ = "lead_histories"
    __table_args__ = (
        Index("ix_lead_histories_lead_changed", "lead_id", "changed_at"),
        # the dashboard's weekly grid: the stage changes of a week
        Index("ix_lead_histories_stage_changed", "changed_at", postgresql_where=text("field = 'stage'")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"))
    changed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    field: Mapped[str] = mapped_column(String(60))
    old_value: Mapped[str | None] = mapped_column(Text)
    new_value: Mapped[str | None] = mapped_column(Text)


class LeadPin(Base):
    """A board column pinned by a user."""

    __tablename__ = "lead_pins"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    stage_id: Mapped[int] = mapped_column(ForeignKey("stages.id", ondelete="CASCADE"), primary_key=True)
