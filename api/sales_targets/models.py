"""Yearly sales targets per sales person, with the history of their changes."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, Integer, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, Money, TimestampMixin


class SalesTarget(Base, TimestampMixin):
    __tablename__ = "sales_targets"
    __table_args__ = (UniqueConstraint("sales_person_id", "year"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sales_person_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    year: Mapped[int] = mapped_column(Integer)
    amount: Mapped[Decimal] = mapped_column(Money)  # IDR of gross profit to close in the year
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class SalesTargetHistory(Base):
    __tablename__ = "sales_target_histories"

    id: Mapped[int] = mapped_column(primary_key=True)
    target_id: Mapped[int] = mapped_column(ForeignKey("sales_targets.id", ondelete="CASCADE"), index=True)
    old_amount: Mapped[Decimal | None] = mapped_column(Money)
    new_amount: Mapped[Decimal] = mapped_column(Money)
    changed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
