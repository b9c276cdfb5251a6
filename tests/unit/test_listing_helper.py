"""The one list helper (api/core/listing.paged, searched): a search term is looked for in every column of the list's
Listing, in any case, its wildcards taken literally; no search, no condition."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects import postgresql

from api.core.listing import searched
from api.users.models import User


def _sql(stmt: object) -> tuple[str, dict[str, object]]:
    compiled = stmt.compile(dialect=postgresql.dialect())  # type: ignore[attr-defined]
    return str(compiled), dict(compiled.params)


def test_a_term_is_looked_for_in_each_column_in_any_case_wildcards_literal() -> None:
    sql, params = _sql(searched(select(User.id), "50%_off", (User.fullname, User.email)))
    assert "users.fullname ILIKE" in sql and "users.email ILIKE" in sql and " OR " in sql
    assert set(params.values()) == {"%50\\%\\_off%"}


def test_no_term_or_no_columns_adds_no_condition() -> None:
    assert "WHERE" not in _sql(searched(select(User.id), None, (User.fullname,)))[0]
    assert "WHERE" not in _sql(searched(select(User.id), "x", ()))[0]
