"""A report table as a file. XLSX: by the one writer (api/core/spreadsheets.py), a totals row of SUM formulas. CSV:
the rows alone (no totals row, so tools read records only), UTF-8 with a byte order mark so Excel reads the names
right, ISO dates, plain numbers."""

from __future__ import annotations

import csv
import io
from datetime import date

from api.core import spreadsheets
from api.core.spreadsheets import XLSX_TYPE
from api.core.times import day_text
from api.reports.schemas import Cell, ReportColumn, ReportTable

CSV_TYPE = "text/csv; charset=utf-8"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet would run text that starts so as a formula
UNITS = {"money": " (IDR)", "percent": " (%)"}


__all__ = ["CSV_TYPE", "XLSX_TYPE", "csv_bytes", "xlsx"]


def xlsx(table: ReportTable) -> bytes:
    """The report's rows under its header, its totals row summing the summed columns (api/core/spreadsheets.py)."""
    columns = [spreadsheets.Column(c.title, c.kind, summed=c.summed) for c in table.columns]
    rows = [[row.get(c.key) for c in table.columns] for row in table.rows]
    totals = [table.totals.get(c.key) for c in table.columns] if table.totals is not None else None
    return spreadsheets.xlsx(spreadsheets.Sheet(
        title=table.title, columns=columns, blocks=[spreadsheets.Block(rows, totals)],
        subject=f"{table.period_start} to {table.period_end}", autofilter=True,
        header_right=f"{day_text(table.period_start)} - {day_text(table.period_end)}"))


def _csv_cell(column: ReportColumn, value: Cell) -> str:
    if value is None:
        return ""
    if column.kind == "month" and isinstance(value, date):
        return f"{value:%Y-%m}"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return str(value)


def csv_bytes(table: ReportTable) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([c.title + UNITS.get(c.kind, "") for c in table.columns])
    for row in table.rows:
        writer.writerow([_csv_cell(c, row.get(c.key)) for c in table.columns])
    return out.getvalue().encode("utf-8-sig")
