"""The chart of accounts: the revenue and cost lines a project cost sheet is built from."""

from __future__ import annotations

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, TimestampMixin

COA_TYPES = ("REVENUE", "COST")


class ChartOfAccount(Base, TimestampMixin):
    __tablename__ = "chart_of_accounts"
    __table_args__ = (
        # one live entry per code; a removed entry keeps its code for the cost sheets that used it
        Index("uq_chart_of_accounts_code_active", "code", unique=True, postgresql_where="is_active"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(30))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    keywords: Mapped[str] = mapped_column(String(300))
    type: Mapped[str] = mapped_column(String(20))  # REVENUE or COST
    is_active: Mapped[bool] = mapped_column(default=True, server_default="true")
