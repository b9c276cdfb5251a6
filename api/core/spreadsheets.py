"""The one XLSX writer (reports, monthly billing, approval insights): the header bold and frozen, widths fitted (or as
given), money as numbers formatted "Rp" #,##0, decimals as #,##0.0, dates as Excel dates (dd mmm yyyy), moments (a
date and a time, as the company's wall clock) as dd mmm yyyy hh:mm, months as mmm yyyy, percentages (0-100) as
fractions formatted 0.00%, text never a formula whatever it starts with. Rows come in blocks, each with an optional
total row whose summed columns are SUM formulas over the block (their values cached, so a reader without a
calculator sees them too), then an optional grand total row; printed landscape, one page wide, the header repeated.
A book is one sheet (`xlsx`) or several (`xlsx_book`), the file's properties from the first."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any, Literal

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MONEY_FORMAT = '"Rp" #,##0'
DATE_FORMAT = "dd mmm yyyy"
MOMENT_FORMAT = "dd mmm yyyy hh:mm"
DECIMAL_FORMAT = "#,##0.0"
MONTH_FORMAT = "mmm yyyy"
PERCENT_FORMAT = "0.00%"
INT_FORMAT = "#,##0"
WIDTH_MAX = 50

Kind = Literal["text", "money", "int", "decimal", "date", "moment", "month", "percent"]
Cell = str | int | float | date | None  # a moment is a naive datetime: the company's wall clock
_FORMATS: dict[str, dict[str, Any]] = {
    "money": {"num_format": MONEY_FORMAT}, "int": {"num_format": INT_FORMAT},
    "decimal": {"num_format": DECIMAL_FORMAT},
    "date": {"num_format": DATE_FORMAT, "align": "left"}, "moment": {"num_format": MOMENT_FORMAT, "align": "left"},
    "month": {"num_format": MONTH_FORMAT, "align": "left"},
    "percent": {"num_format": PERCENT_FORMAT}, "text": {}}


@dataclass(frozen=True)
class Column:
    title: str
    kind: Kind = "text"
    summed: bool = False  # a block's total row holds this column's SUM
    width: int | None = None  # None: fitted to what it holds


@dataclass
class Block:
    rows: Iterable[Sequence[Cell]]  # read once, as written: a generator keeps a long sheet out of memory
    total: list[Cell] | None = None  # the block's total row; its summed columns become SUM formulas


@dataclass
class Sheet:
    title: str  # also the worksheet's name (its first 31 characters) and the printed header's left side
    columns: list[Column]
    blocks: list[Block]
    subject: str = ""  # the file's properties
    header_right: str = ""  # the printed header's right side (the period)
    grand_total: list[Cell] | None = None  # written as values, bold, under the last block
    autofilter: bool = False  # over the rows of the blocks (their total rows aside, they are under the last)


def _shown(kind: str, value: Cell) -> str:
    """About what Excel shows, to fit the column's width."""
    if value is None:
        return ""
    if kind == "money" and isinstance(value, int | float):
        return f"Rp {value:,.0f}"
    if kind == "int" and isinstance(value, int | float):
        return f"{value:,.0f}"
    if kind == "decimal" and isinstance(value, int | float):
        return f"{value:,.1f}"
    if kind == "percent" and isinstance(value, int | float):
        return f"{value:.2f}%"
    if kind == "date":
        return "01 Jan 2000"
    if kind == "moment":
        return "01 Jan 2000 00:00"
    if kind == "month":
        return "Jan 2000"
    return str(value)


def xlsx(sheet: Sheet) -> bytes:
    """A book of one sheet."""
    return xlsx_book([sheet])


def xlsx_book(sheets: Sequence[Sheet]) -> bytes:
    """A book of these sheets, in order (each sheet's title its worksheet's name: they must differ)."""
    import xlsxwriter  # cold start: XlsxWriter loads on the first download, not at every process start

    out = io.BytesIO()
    # constant_memory: each row goes to a temporary file once the next begins (rows are written in order), so a sheet
    # of 50,000 rows holds one row in memory, not every cell
    book = xlsxwriter.Workbook(out, {"constant_memory": True})
    book.set_properties({"title": sheets[0].title, "subject": sheets[0].subject})
    for sheet in sheets:
        _write(book, sheet)
    book.close()
    return out.getvalue()


def _write(book: Any, sheet: Sheet) -> None:
    from xlsxwriter.utility import xl_col_to_name

    ws = book.add_worksheet(sheet.title[:31])
    header = book.add_format({"bold": True, "bottom": 1, "bg_color": "#F0F0F0", "valign": "vcenter"})
    body = {k: book.add_format(v) for k, v in _FORMATS.items()}
    total = {k: book.add_format({**v, "bold": True, "top": 1}) for k, v in _FORMATS.items()}
    widths = [len(c.title) for c in sheet.columns]

    def put(row: int, values: Sequence[Cell], formats: dict[str, Any], sums: tuple[int, int] | None = None) -> None:
        for col, (column, value) in enumerate(zip(sheet.columns, values, strict=True)):
            fmt = formats[column.kind]
            if sums is not None and column.summed and sums[1] >= sums[0] and isinstance(value, int | float):
                letter = xl_col_to_name(col)
                ws.write_formula(row, col, f"=SUM({letter}{sums[0] + 1}:{letter}{sums[1] + 1})", fmt, value)
            elif value is None:
                ws.write_blank(row, col, None, fmt)
            elif isinstance(value, str):
                ws.write_string(row, col, value, fmt)  # never a formula, whatever the text
            elif isinstance(value, datetime):
                ws.write_datetime(row, col, value, fmt)
            elif isinstance(value, date):
                ws.write_datetime(row, col, datetime.combine(value, time()), fmt)
            elif column.kind == "percent":
                ws.write_number(row, col, value / 100, fmt)
            else:
                ws.write_number(row, col, value, fmt)
            widths[col] = max(widths[col], len(_shown(column.kind, value)))

    ws.set_row(0, 20)  # before the row is written: in constant_memory a row is final once the next begins
    for col, column in enumerate(sheet.columns):
        ws.write_string(0, col, column.title, header)
    at = last_row = 1
    body_rows = 0
    for block in sheet.blocks:
        first = at
        for values in block.rows:
            put(at, values, body)
            last_row, at, body_rows = at, at + 1, body_rows + 1
        if block.total is not None:
            put(at, block.total, total, sums=(first, at - 1))
            at += 1
    if sheet.grand_total is not None:
        put(at, sheet.grand_total, total)
    for col, column in enumerate(sheet.columns):
        ws.set_column(col, col, column.width if column.width is not None else min(widths[col] + 3, WIDTH_MAX))
    ws.freeze_panes(1, 0)
    if sheet.autofilter and body_rows:
        ws.autofilter(0, 0, last_row, len(sheet.columns) - 1)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0)
    ws.set_header(f"&L{sheet.title}&R{sheet.header_right}")
