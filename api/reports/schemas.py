"""Report tables (system/report): one description of the columns drives the on-screen preview, the XLSX and the CSV."""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Literal

from pydantic import Field

from api.core.schemas import CamelModel

Cell = str | int | float | date | None
ColumnKind = Literal["text", "int", "money", "date", "month", "percent"]


class ReportKind(StrEnum):
    PIPELINE = "pipeline"
    CLOSED_LEADS = "closed-leads"
    CLOSED_BY_MONTH = "closed-by-month"
    LEADERBOARD = "leaderboard"


class ReportFormat(StrEnum):
    XLSX = "xlsx"
    CSV = "csv"


class ReportColumn(CamelModel):
    key: str
    title: str
    kind: ColumnKind = Field(description="money: rupiah; month: the first day of the month; percent: 0-100, two "
                                         "decimals")
    summed: bool = Field(default=False, description="The totals row holds this column's sum")


class ReportTable(CamelModel):
    kind: ReportKind
    title: str
    period_start: date
    period_end: date
    columns: list[ReportColumn]
    rows: list[dict[str, Cell]] = Field(description="At most `previewLimit` rows on screen; the download has all")
    totals: dict[str, Cell] | None = Field(description="Over every row, not only those shown; None: no totals row")
    row_count: int = Field(description="Rows of the whole report")
    preview_limit: int
