"""A report table as a file. XLSX: the header bold and frozen, widths fitted, money as numbers formatted "Rp" #,##0,
dates as Excel dates (dd mmm yyyy), percentages as fractions formatted 0.00%, a totals row of SUM formulas (their
values cached, so a reader without a calculator sees them too). CSV: the rows alone (no totals row, so tools read
records only), UTF-8 with a byte order mark so Excel reads the names right, ISO dates, plain numbers."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime, time
from typing import Any

from api.core.times import day_text
from api.reports.schemas import Cell, ReportColumn, ReportTable

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_TYPE = "text/csv; charset=utf-8"
MONEY_FORMAT = '"Rp" #,##0'
DATE_FORMAT = "dd mmm yyyy"
MONTH_FORMAT = "mmm yyyy"
PERCENT_FORMAT = "0.00%"
INT_FORMAT = "#,##0"
WIDTH_MAX = 50
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet would run text that starts so as a formula
UNITS = {"money": " (IDR)", "percent": " (%)"}


def _shown(column: ReportColumn, value: Cell) -> str:
    """About what Excel shows, to fit the column's width."""
    if value is None:
        return ""
    if column.kind == "money" and isinstance(value, int | float):
        return f"Rp {value:,.0f}"
    if column.kind == "int" and isinstance(value, int | float):
        return f"{value:,.0f}"
    if column.kind == "percent" and isinstance(value, int | float):
        return f"{value:.2f}%"
    if column.kind == "date":
        return "01 Jan 2000"
    if column.kind == "month":
        return "Jan 2000"
    return str(value)


def _excel_date(value: Cell) -> datetime | None:
    return datetime.combine(value, time()) if isinstance(value, date) else None


def xlsx(table: ReportTable) -> bytes:
    import xlsxwriter  # cold start: XlsxWriter loads on the first download, not at every process start
    from xlsxwriter.utility import xl_col_to_name

    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, {"in_memory": True})
    book.set_properties({"title": table.title, "subject": f"{table.period_start} to {table.period_end}"})
    sheet = book.add_worksheet(table.title[:31])
    header = book.add_format({"bold": True, "bottom": 1, "bg_color": "#F0F0F0", "valign": "vcenter"})
    by_kind: dict[str, dict[str, Any]] = {"money": {"num_format": MONEY_FORMAT}, "int": {"num_format": INT_FORMAT},
                                          "date": {"num_format": DATE_FORMAT, "align": "left"},
                                          "month": {"num_format": MONTH_FORMAT, "align": "left"},
                                          "percent": {"num_format": PERCENT_FORMAT}, "text": {}}
    body = {k: book.add_format(v) for k, v in by_kind.items()}
    total = {k: book.add_format({**v, "bold": True, "top": 1}) for k, v in by_kind.items()}

    def put(row: int, col: int, column: ReportColumn, value: Cell, fmt: Any) -> None:
        if value is None:
            sheet.write_blank(row, col, None, fmt)
        elif isinstance(value, str):
            sheet.write_string(row, col, value, fmt)  # never a formula, whatever the text
        elif column.kind in ("date", "month"):
            sheet.write_datetime(row, col, _excel_date(value), fmt)
        elif column.kind == "percent" and isinstance(value, int | float):
            sheet.write_number(row, col, value / 100, fmt)
        elif isinstance(value, int | float):
            sheet.write_number(row, col, value, fmt)
        else:
            sheet.write_string(row, col, str(value), fmt)

    widths = [len(c.title) for c in table.columns]
    for col, column in enumerate(table.columns):
        sheet.write_string(0, col, column.title, header)
    for r, row in enumerate(table.rows, start=1):
        for col, column in enumerate(table.columns):
            value = row.get(column.key)
            put(r, col, column, value, body[column.kind])
            widths[col] = max(widths[col], len(_shown(column, value)))
    last = len(table.rows)
    if table.totals is not None:
        at = last + 1
        for col, column in enumerate(table.columns):
            value = table.totals.get(column.key)
            fmt = total[column.kind]
            if column.summed and last and isinstance(value, int | float):
                letter = xl_col_to_name(col)
                sheet.write_formula(at, col, f"=SUM({letter}2:{letter}{last + 1})", fmt, value)
            else:
                put(at, col, column, value, fmt)
            widths[col] = max(widths[col], len(_shown(column, value)))
    for col, width in enumerate(widths):
        sheet.set_column(col, col, min(width + 3, WIDTH_MAX))
    sheet.set_row(0, 20)
    sheet.freeze_panes(1, 0)
    if last:
        sheet.autofilter(0, 0, last, len(table.columns) - 1)
    sheet.set_landscape()
    sheet.fit_to_pages(1, 0)
    sheet.repeat_rows(0)
    sheet.set_header(f"&L{table.title}&R{day_text(table.period_start)} - {day_text(table.period_end)}")
    book.close()
    return out.getvalue()


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
