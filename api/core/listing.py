"""Server-paged lists: offset, limit, search, criteria (JSON filters), sort (allow-listed), desc. Every list call
pages its rows with `paged` (search, filter, count, sort, page: one helper, as Netflix Dispatch's
search_filter_sort_paginate), the list described by its `Listing`."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from inspect import isfunction
from typing import Annotated, Any, Generic, TypeVar

from fastapi import Depends, Query, Request
from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from api.core import exports
from api.core.errors import ValidationFailed
from api.core.exports import EXPORT_MAX_ROWS, exporting
from api.core.inputs import INT32_MAX, OFFSET_MAX, as_id
from api.core.schemas import CamelModel

T = TypeVar("T")


class Page(CamelModel, Generic[T]):
    data: list[T]
    total_rows: int


@dataclass(frozen=True)
class ListParams:
    offset: int
    limit: int
    search: str | None
    criteria: str | None
    sort: str | None
    desc: bool


@exports.paging
def list_params(
    request: Request,
    offset: Annotated[int, Query(ge=0, le=OFFSET_MAX, description="Rows to skip: (page - 1) * size")] = 0,
    limit: Annotated[int, Query(ge=1, le=100, description="Page size")] = 10,
    search: Annotated[str | None, Query(max_length=100)] = None,
    criteria: Annotated[str | None, Query(max_length=2000,
                                          description='JSON list of filters: [{"field": ..., "value": ...}]')] = None,
    sort: Annotated[str | None, Query(max_length=50)] = None,
    desc: bool = False,
) -> ListParams:
    if exporting(request):  # the list as a file (api/core/exports.py): its first rows, not a page of them
        offset, limit = 0, EXPORT_MAX_ROWS
    return ListParams(offset=offset, limit=limit, search=(search or "").strip() or None, criteria=criteria,
                      sort=sort or None, desc=desc)


ListQuery = Annotated[ListParams, Depends(list_params)]


CRITERIA_MAX_VALUES = 100  # values of one criterion (a list means "any of these")


def _criterion_value(field: str, column: Any, value: Any) -> Any:
    """The value as the column holds it; a value of another type is the caller's mistake (422), never a 500."""
    kind = column.type.python_type
    wrong = ValidationFailed(f"criteria value for '{field}' must be {_KIND_NAMES.get(kind, 'a text')}.")
    if kind is bool:
        if not isinstance(value, bool):
            raise wrong
        return value
    if kind is int:
        if isinstance(value, str):
            value = as_id(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= INT32_MAX:
            raise wrong
        return value
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise wrong
    text = str(value)
    length = getattr(column.type, "length", None)
    if "\x00" in text or (length is not None and len(text) > length):
        raise wrong
    return text


_KIND_NAMES = {bool: "true or false", int: f"a whole number from 1 to {INT32_MAX}"}


def apply_criteria(stmt: Any, raw: str | None, fields: dict[str, Any]) -> Any:
    """Filters from the criteria JSON; a field outside `fields`, a value of the wrong type or malformed JSON is a
    422."""
    if not raw:
        return stmt
    try:
        filters = json.loads(raw)
    except ValueError as exc:
        raise ValidationFailed("criteria must be a JSON list of {field, value} filters.") from exc
    if isinstance(filters, dict):
        filters = [{"field": k, "value": v} for k, v in filters.items()]
    if not isinstance(filters, list):
        raise ValidationFailed("criteria must be a JSON list of {field, value} filters.")
    for item in filters:
        if not isinstance(item, dict) or "field" not in item:
            raise ValidationFailed("criteria must be a JSON list of {field, value} filters.")
        field, value = item["field"], item.get("value")
        if not isinstance(field, str) or field not in fields:
            raise ValidationFailed(f"Unknown criteria field '{field}'. Allowed: {', '.join(sorted(fields))}.")
        if value is None or value == "" or value == []:
            continue
        column = fields[field]
        if isinstance(value, list):
            if len(value) > CRITERIA_MAX_VALUES:
                raise ValidationFailed(f"criteria for '{field}' can list at most {CRITERIA_MAX_VALUES} values.")
            stmt = stmt.where(column.in_([_criterion_value(field, column, v) for v in value]))
        else:
            stmt = stmt.where(column == _criterion_value(field, column, value))
    return stmt


def check_sort(sort: str | None, fields: Iterable[str]) -> None:
    """A sort field outside the allow-list is a 422 naming the allowed ones, never a 500."""
    allowed = sorted(fields)
    if sort is not None and sort not in allowed:
        raise ValidationFailed(f"Unknown sort field '{sort}'. Allowed: {', '.join(allowed)}.")


def apply_sort(stmt: Any, sort: str | None, desc: bool, fields: dict[str, Any], default: Any, tiebreak: Any,
               default_desc: bool = False) -> Any:
    """ORDER BY an allow-listed field; anything else is a 422, never a 500."""
    check_sort(sort, fields)
    if sort is None:
        column, desc = default, default_desc
    else:
        column = fields[sort]
    return stmt.order_by(column.desc().nulls_last() if desc else column.asc().nulls_last(), tiebreak)


def like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


@dataclass(frozen=True)
class Listing:
    """How one list is searched, filtered and sorted. `search`: the columns a search term is looked for in (any case,
    anywhere in the text); `criteria` and `sort`: the allow-listed fields (None: the list takes no criteria, and any
    sent are ignored); `default`: the order without a sort, a column (descending with `default_desc`, then
    `tiebreak`) or a function that orders the statement itself; `count_by`: a column to count the rows by (the
    statement's own rows otherwise)."""

    sort: dict[str, Any]
    default: Any
    tiebreak: Any
    search: tuple[Any, ...] = ()
    criteria: dict[str, Any] | None = None
    default_desc: bool = False
    count_by: Any = None


def searched(stmt: Any, term: str | None, columns: tuple[Any, ...]) -> Any:
    """Rows where any of the columns holds the term, in any case (its %, _ and \\ taken literally)."""
    if not term or not columns:
        return stmt
    pattern = like(term)
    return stmt.where(or_(*(column.ilike(pattern) for column in columns)))


def paged(session: Session, stmt: Any, params: ListParams, listing: Listing, *,
          entities: bool = True) -> tuple[list[Any], int]:
    """One page of the statement's rows, searched, filtered and sorted as `listing` says, and how many rows match in
    all (one count, one page: two statements). `entities`: the rows are the statement's single entity (else rows)."""
    stmt = searched(stmt, params.search, listing.search)
    if listing.criteria is not None:
        stmt = apply_criteria(stmt, params.criteria, listing.criteria)
    counted = stmt.with_only_columns(listing.count_by) if listing.count_by is not None else stmt.order_by(None)
    total = session.scalar(select(func.count()).select_from(counted.subquery())) or 0
    if params.sort is None and isfunction(listing.default):
        stmt = listing.default(stmt)
    else:
        stmt = apply_sort(stmt, params.sort, params.desc, listing.sort, default=listing.default,
                          tiebreak=listing.tiebreak, default_desc=listing.default_desc)
    page: Any = stmt.offset(params.offset).limit(params.limit)
    rows: list[Any] = list(session.scalars(page)) if entities else list(session.execute(page).all())
    return rows, int(total)
