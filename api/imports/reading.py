"""Reading an import's file row by row (openpyxl's read-only mode, the csv module), never whole: its header, then each
data row's cells as text. Formulas are kept as their text and refused (never evaluated), a cell is at most Excel's
32,767 characters, a file at most 100 columns and 50,000 rows."""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, BinaryIO

from api.core import uploads

MAX_COLUMNS = 100
MAX_ROWS = 50_000
MAX_CELL = 32_767  # Excel's own limit of a cell's text
DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%d %b %Y", "%d %B %Y")  # 2026-03-01, 01/03/2026, 1 Mar 2026

EMPTY_FILE = "The file is empty."
NO_HEADER = "The file has no header row: its first row must name the columns."
NO_ROWS = "The file has no rows under its header."
UNREADABLE = "The file could not be read as a workbook or a CSV file."
DATES_WRITTEN = "write dates as 2026-03-01, 01/03/2026 or 1 Mar 2026"

csv.field_size_limit(uploads.IMPORT.max_bytes)  # a long cell is refused by its row, not by the reader


def too_many_columns(count: int) -> str:
    return f"The file has {count} columns; an import takes at most {MAX_COLUMNS}."


def too_many_rows() -> str:
    return f"The file has more than {MAX_ROWS:,} rows; split it into files of at most {MAX_ROWS:,}."


def formula_message(column: str, text: str) -> str:
    return f"Column '{column}' holds a formula ({text[:40]}); an import takes values only."


def too_long_message(column: str) -> str:
    return f"Column '{column}' is longer than {MAX_CELL:,} characters."


def date_message(column: str, text: str) -> str:
    return f"Column '{column}': '{text[:40]}' is not a date ({DATES_WRITTEN})."


class Unreadable(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


@dataclass(frozen=True)
class Row:
    number: int  # as the spreadsheet numbers it: the header is 1
    cells: list[str | None]
    problem: str | None


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    text = str(value).strip()
    return text or None


def _raw_rows(fh: BinaryIO, ext: str) -> Iterator[tuple[Any, ...]]:
    if ext == "xlsx":
        yield from _xlsx_rows(fh)
    else:
        yield from _csv_rows(fh)


def _broken_workbook() -> tuple[type[BaseException], ...]:
    """What openpyxl raises for a broken workbook: not a zip or a zip with a part missing (BadZipFile, KeyError), a
    part that is no XML (ParseError), a part whose values or structure it refuses (InvalidFileException, ValueError,
    TypeError, IndexError, AttributeError of a missing element)."""
    import zipfile
    from xml.etree.ElementTree import ParseError

    from openpyxl.utils.exceptions import InvalidFileException

    return (zipfile.BadZipFile, KeyError, ParseError, InvalidFileException, ValueError, TypeError, IndexError,
            AttributeError, EOFError)


def _xlsx_rows(fh: BinaryIO) -> Iterator[tuple[Any, ...]]:
    import openpyxl  # cold start: loaded by the first import, not at every process start

    broken = _broken_workbook()
    fh.seek(0)
    try:
        book = openpyxl.load_workbook(fh, read_only=True, data_only=False)  # formulas as their text
    except broken as exc:
        raise Unreadable(UNREADABLE) from exc
    try:
        rows = book.worksheets[0].iter_rows(values_only=True)
        while True:
            try:
                row = next(rows)
            except StopIteration:
                return
            except broken as exc:  # a broken sheet part met while streaming it
                raise Unreadable(UNREADABLE) from exc
            yield row
    finally:
        book.close()


def _csv_rows(fh: BinaryIO) -> Iterator[tuple[Any, ...]]:
    encoding = "utf-8-sig"
    fh.seek(0)
    decoder = codecs.getincrementaldecoder(encoding)()
    try:
        while chunk := fh.read(64 * 1024):
            decoder.decode(chunk)
    except UnicodeDecodeError:
        encoding = "cp1252"  # as Excel writes CSV (the upload's sniffing accepted one of the two)
    fh.seek(0)
    text = io.TextIOWrapper(fh, encoding=encoding, newline="")
    first = text.readline()
    delimiter = ";" if first.count(";") > first.count(",") else ","
    try:
        yield from csv.reader(io.StringIO(first), delimiter=delimiter)
        yield from csv.reader(text, delimiter=delimiter)
    except csv.Error as exc:
        raise Unreadable(f"{UNREADABLE} ({exc})") from exc
    finally:
        text.detach()


def header(raw: tuple[Any, ...]) -> list[str]:
    """The header's titles, without the empty cells that trail it."""
    titles = [_text(v) or "" for v in raw]
    while titles and not titles[-1]:
        titles.pop()
    return titles


def read(fh: BinaryIO, ext: str) -> tuple[list[str], Iterator[Row]]:
    """The header's titles and an iterator of the data rows (empty rows skipped); raises Unreadable for a file that
    cannot be imported at all."""
    rows = _raw_rows(fh, ext)
    titles: list[str] = []
    for raw in rows:
        titles = header(raw)
        if titles:
            break
    if not titles:
        raise Unreadable(NO_HEADER)
    if len(titles) > MAX_COLUMNS:
        raise Unreadable(too_many_columns(len(titles)))
    return titles, _data(rows, titles)


def _data(rows: Iterator[tuple[Any, ...]], titles: list[str]) -> Iterator[Row]:
    number = 1
    for raw in rows:
        number += 1
        cells: list[str | None] = []
        problem = None
        for column, value in zip(titles, raw, strict=False):
            text = _text(value)
            if text is not None and len(text) > MAX_CELL:
                problem, text = problem or too_long_message(column or "?"), None
            elif text is not None and text.startswith("="):
                problem, text = problem or formula_message(column or "?", text), None
            cells.append(text)
        cells += [None] * (len(titles) - len(cells))
        if all(c is None for c in cells) and problem is None:
            continue
        yield Row(number=number, cells=cells, problem=problem)


def parse_date(text: str) -> date:
    """A date the company writes in one of its three ways (or as a workbook's date cell); ValueError otherwise."""
    text = text.strip()
    if len(text) > 10 and text[10] in " T" and text[:4].isdigit():
        text = text[:10]  # a workbook's date cell read with a time of day
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError(text)


def parse_number(text: str) -> Decimal:
    """An amount as people write it: 1500000, 1.500.000, 1,500,000.50, 1.500.000,50, 'Rp 1.500.000'. With both
    separators the last one is the decimal one; a single separator is a thousands one only before a group of three
    digits with at most three before it (1.500), a decimal one otherwise (1.5, 1500000.123). ValueError otherwise."""
    cleaned = re.sub(r"(?i)^\s*(rp\.?|idr)\s*", "", text).replace(" ", "").replace("\u00a0", "")
    sign = "-" if cleaned.startswith("-") else ""
    cleaned = cleaned.removeprefix("-")
    seps = [c for c in ".," if c in cleaned]
    whole, decimals, point = cleaned, "", ""
    if len(seps) == 2:
        point = cleaned[max(cleaned.rfind("."), cleaned.rfind(","))]
    elif seps and cleaned.count(seps[0]) == 1 and not re.fullmatch(rf"[0-9]{{1,3}}\{seps[0]}[0-9]{{3}}", cleaned):
        point = seps[0]
    if point:
        whole, _, decimals = cleaned.rpartition(point)
    thousands = next((c for c in seps if c != point), "")
    if thousands and not re.fullmatch(rf"[0-9]{{1,3}}(\{thousands}[0-9]{{3}})+", whole):
        raise ValueError(text)
    whole = whole.replace(".", "").replace(",", "")
    if not re.fullmatch(r"[0-9]+", whole) or not re.fullmatch(r"[0-9]*", decimals):
        raise ValueError(text)
    return Decimal(f"{sign}{whole}.{decimals}" if decimals else f"{sign}{whole}")
