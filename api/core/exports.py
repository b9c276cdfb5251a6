"""Every list as a spreadsheet: a server-paged list call (one that takes api.core.listing's paging, or its own paging
marked with `paging`) or a list answered whole (marked with WHOLE_LIST) asked with `export=xlsx` answers its rows as
an XLSX file written by the one writer (api/core/spreadsheets.py) instead of a page.

The list call itself answers: the same route, the same access check and row scoping, the same search, filters and
sort, only without its paging (the first EXPORT_MAX_ROWS rows), so an export holds exactly what its reader may see,
filters applied, and no list can be exported past its own rules. `exportColumns` names the columns (a JSON list of
{"key": a field of a row, dotted for a nested one, "title": its header, "kind": optional}), as the screen shows them;
without it every plain field of a row is a column. A column's kind is the writer's (money, int, decimal, date,
moment, ...); left out, it follows the values: numbers stay numbers (amounts of money formatted as such), ISO dates
become dates and ISO instants the company's wall-clock time, true and false Yes and No.

The two parameters are read from the request, not declared: a list route's contract stays its JSON page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Coroutine
from datetime import date, datetime
from typing import Any, TypeVar, get_args
from zoneinfo import ZoneInfo

from fastapi import Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.dependencies.models import Dependant
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from api.core import spreadsheets
from api.core.spreadsheets import XLSX_TYPE, Cell, Column, Kind

EXPORT = "export"
COLUMNS = "exportColumns"
TITLE = "exportTitle"
EXPORT_MAX_ROWS = 10_000  # a list's first rows in its order: an export of more asks for a narrower filter
COLUMNS_MAX = 60
COLUMNS_TEXT_MAX = 8000
TITLE_MAX = 60
CELL_MAX = 32_767  # Excel's limit of a cell's text

EXPORT_ONLY_XLSX = "A list exports as xlsx only."
COLUMNS_INVALID = ("exportColumns must be a JSON list of at most 60 columns, each with a key and a title (and a "
                   "kind of the writer's).")

KINDS: frozenset[str] = frozenset(get_args(Kind))
_UNSET: Any = "unset"  # a column whose kind follows its values
_MONEY_KEY = re.compile(r"(revenue|grossprofit|gp|amount|price|cost|value)$", re.IGNORECASE)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_INSTANT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def exporting(request: Request) -> bool:
    """The call asks for its list as a file (api.core.listing then lifts its paging)."""
    return request.query_params.get(EXPORT) is not None


def _refused(message: str) -> JSONResponse:
    return JSONResponse({"messages": [message], "type": "ValidationFailed"}, status_code=422)


def _columns(raw: str | None) -> list[tuple[str, Column]] | None:
    """The columns asked for as (key, column), [] for "every field", None when they are not what they must be."""
    if raw is None:
        return []
    if len(raw) > COLUMNS_TEXT_MAX:
        return None
    try:
        asked = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(asked, list) or not 0 < len(asked) <= COLUMNS_MAX:
        return None
    columns = []
    for item in asked:
        if not isinstance(item, dict):
            return None
        key, title, kind = item.get("key"), item.get("title"), item.get("kind")
        if not (isinstance(key, str) and 0 < len(key) <= 100 and isinstance(title, str) and 0 < len(title) <= 120):
            return None
        if kind is not None and kind not in KINDS:
            return None
        columns.append((key, Column(title=title, kind=kind or _UNSET)))
    return columns


def _value(row: Any, key: str) -> Any:
    """A row's field by its dotted key; a number picks an item of a list ('cells.2.count')."""
    for part in key.split("."):
        if isinstance(row, list) and part.isdigit():
            row = row[int(part)] if int(part) < len(row) else None
        elif isinstance(row, dict):
            row = row.get(part)
        else:
            return None
    return row


def _kind_of(key: str, values: list[Any]) -> Kind:
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        if _MONEY_KEY.search(key.split(".")[-1]):
            return "money"
        return "int" if all(isinstance(v, int) for v in present) else "decimal"
    if present and all(isinstance(v, str) and _DATE.match(v) for v in present):
        return "date"
    if present and all(isinstance(v, str) and _INSTANT.match(v) for v in present):
        return "moment"
    return "text"


def _named(value: Any) -> str:
    """How a cell names a nested thing: a person, an option, a stage."""
    if isinstance(value, dict):
        for key in ("name", "fullname", "label", "title", "stageName"):
            if value.get(key):
                return str(value[key])
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _cell(value: Any, kind: str, zone: ZoneInfo) -> Cell:
    if value is None:
        return None
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if kind == "date" and isinstance(value, str):
        return date.fromisoformat(value)
    if kind == "moment" and isinstance(value, str):
        moment = datetime.fromisoformat(value)
        return (moment.astimezone(zone) if moment.tzinfo else moment).replace(tzinfo=None)
    if isinstance(value, int | float) and kind != "text":
        return value
    if isinstance(value, list):
        value = ", ".join(_named(v) for v in value)
    elif isinstance(value, dict):
        value = _named(value)
    return str(value)[:CELL_MAX]


def _plain_fields(rows: list[Any]) -> list[str]:
    first = rows[0] if rows and isinstance(rows[0], dict) else {}
    return [k for k, v in first.items() if not isinstance(v, dict | list)]


def _title_of(key: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", key.split(".")[-1]).capitalize()


def workbook(rows: list[Any], asked: list[tuple[str, Column]], *, title: str, total: int, zone: ZoneInfo) -> bytes:
    """The rows as one sheet: the columns asked for (or every plain field), each of its kind or its values'."""
    columns = asked or [(key, Column(title=_title_of(key), kind=_UNSET)) for key in _plain_fields(rows)]
    values = [[_value(row, key) for key, _ in columns] for row in rows]
    kinds: list[Kind] = [column.kind if column.kind != _UNSET else _kind_of(key, [v[i] for v in values])
                         for i, (key, column) in enumerate(columns)]
    sheet = spreadsheets.Sheet(
        title=title, subject=f"{len(rows):,} of {total:,} rows" if total > len(rows) else f"{len(rows):,} rows",
        columns=[Column(title=column.title, kind=kind) for (_, column), kind in zip(columns, kinds, strict=True)],
        blocks=[spreadsheets.Block(rows=[[_cell(v, kind, zone) for v, kind in zip(row, kinds, strict=True)]
                                         for row in values])],
        autofilter=True)
    return spreadsheets.xlsx(sheet)


def _file_title(raw: str | None) -> str:
    """The sheet's and the file's name: letters, digits, spaces and dashes of what the screen calls the list."""
    title = " ".join(re.sub(r"[^\w\- ]", " ", raw or "").split())[:TITLE_MAX]
    return title or "Export"


_PAGINGS: set[Callable[..., Any]] = set()


_F = TypeVar("_F", bound=Callable[..., Any])


def paging(dependency: _F) -> _F:
    """Marks a list call's paging dependency (api.core.listing.list_params): a route taking it exports."""
    _PAGINGS.add(dependency)
    return dependency


@paging
def whole_list() -> None:
    """Marks a list call that answers all its rows at once (a year's holidays, the stages; a grid's `rows`): asked
    with export=xlsx, those rows as a file. Used as `dependencies=[WHOLE_LIST]` on the route."""


WHOLE_LIST = Depends(whole_list)


def _uses_list_paging(dependant: Dependant) -> bool:
    return any(d.call in _PAGINGS or _uses_list_paging(d) for d in dependant.dependencies)


class ExportableRoute(APIRoute):
    """A route that answers `export=xlsx` with its list as a file when it takes the list paging (else as it is)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if "GET" not in (self.methods or set()) or not _uses_list_paging(self.dependant):
            return handler

        async def route(request: Request) -> Response:
            if not exporting(request):
                return await handler(request)
            if request.query_params.get(EXPORT) != "xlsx":
                return _refused(EXPORT_ONLY_XLSX)
            asked = _columns(request.query_params.get(COLUMNS))
            if asked is None:
                return _refused(COLUMNS_INVALID)
            answer = await handler(request)  # the list call, its checks and its rows, unpaged
            if answer.status_code != 200 or answer.media_type != "application/json":
                return answer
            results = json.loads(bytes(answer.body)).get("results")
            if isinstance(results, list):  # a whole list
                results = {"data": results}
            elif isinstance(results, dict) and "data" not in results and isinstance(results.get("rows"), list):
                results = {"data": results["rows"]}  # a grid's rows (Leads Monitoring)
            if not isinstance(results, dict) or not isinstance(results.get("data"), list):
                return answer  # not a page of rows
            rows, total = results["data"], int(results.get("totalRows") or len(results["data"]))
            title = _file_title(request.query_params.get(TITLE))
            zone = ZoneInfo(request.app.state.settings.time_zone)
            body = await run_in_threadpool(workbook, rows, asked, title=title, total=total, zone=zone)
            name = f"{title} {date.today().isoformat()}.xlsx"
            return Response(body, media_type=XLSX_TYPE, headers={
                "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store",
                "X-Export-Rows": str(len(rows)), "X-Export-Total": str(total)})

        return route
