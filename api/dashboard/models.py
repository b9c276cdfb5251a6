"""The dashboard's summaries of the leads, kept by triggers on `leads` (migration 'dashboard rollups'), so top
management's figures over a million leads add up a few thousand rows instead (bench/dashboard.py):

- `dashboard_ongoing`: the ongoing leads (NEW, WAITING) per sales person, stage and year of the expected close date
  (0: none); the cards' ongoing figures, the milestone's potential and the pipeline per stage.
- `dashboard_closed_months`: the closed leads per sales person who closed them (`leads.closed_by_id`: a
  reassignment moves the lead, not its credit) and month of closing in the product's time zone
  (`dashboard_rollup_zone`; api/dashboard/rollups.py rebuilds the months when the zone setting changes); the closed
  card, the milestone, the yearly line, the months, the leaderboard and the sales cycle.
- `dashboard_closed_categories`: the same per service category; closed GP by service.

Each trigger applies a lead's change as two deltas (what it counted for before, what it counts for now) in the
order of their keys, so two transactions moving leads between the same rows wait for each other instead of
deadlocking. Figures narrowed by project type, entity or service category read the leads themselves."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class OngoingRollup(Base):
    __tablename__ = "dashboard_ongoing"

    sales_person_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    stage_id: Mapped[int] = mapped_column(ForeignKey("stages.id", ondelete="CASCADE"), primary_key=True)
    close_year: Mapped[int] = mapped_column(Integer, primary_key=True)  # of expected_close_date; 0 when none
    lead_count: Mapped[int] = mapped_column(Integer)
    gross_profit: Mapped[Decimal] = mapped_column(Numeric)  # a sum of leads' GP: unbounded


class ClosedMonthRollup(Base):
    __tablename__ = "dashboard_closed_months"

    sales_person_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)  # the first day of the local month of closed_at
    lead_count: Mapped[int] = mapped_column(Integer)
    gross_profit: Mapped[Decimal] = mapped_column(Numeric)  # a sum of leads' GP: unbounded
    cycle_days: Mapped[Decimal] = mapped_column(Numeric)  # the sum of (closed_at - created_at) in days


class ClosedCategoryRollup(Base):
    """Per sales person, local month of closing and service category: the closed leads' category rows (a lead in
    two categories counts in both), kept by triggers on `leads` and `lead_service_categories`."""

    __tablename__ = "dashboard_closed_categories"

    sales_person_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)
    service_category_id: Mapped[int] = mapped_column(ForeignKey("service_categories.id", ondelete="CASCADE"),
                                                     primary_key=True)
    lead_count: Mapped[int] = mapped_column(Integer)
    gross_profit: Mapped[Decimal] = mapped_column(Numeric)


class RollupZone(Base):
    """The time zone `dashboard_closed_months` counts months in: one row."""

    __tablename__ = "dashboard_rollup_zone"
    __table_args__ = (CheckConstraint("id = 1", name="one_row"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, default=1)
    time_zone: Mapped[str] = mapped_column(String(64))
