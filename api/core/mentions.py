"""Where free text names a person: their full name (as words, any case and spacing), their e-mail address, or their
phone number as people write it (+62 812-3456-7890, 0812 3456 7890, 6281234567890). A `Mention` finds them and
replaces them; its `sql` narrows a column to the rows that may hold one (PostgreSQL), which `found_in` then decides,
so a name inside a longer word ("Budi" in "Budiman") is not taken for it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, false, or_, select
from sqlalchemy.orm import Session

_SEPARATORS = r"[\s.()-]*"
_PHONE_PREFIX = re.compile(r"^(?:62|0)")
_LIKE_SPECIAL = re.compile(r"([\\%_])")
MIN_NAME = 3  # a shorter "name" would match inside too much text to be a mention of anyone


def _like(text: str) -> str:
    """An ILIKE pattern holding `text` anywhere, whatever spacing its words have."""
    words = [_LIKE_SPECIAL.sub(r"\\\1", word) for word in text.split()]
    return "%" + "%".join(words) + "%"


def _national(phone: str) -> str:
    """The digits after the country code (or the leading 0): what every way of writing the number shares."""
    digits = re.sub(r"\D", "", phone)
    return _PHONE_PREFIX.sub("", digits)


@dataclass(frozen=True)
class Mention:
    """A person's name, e-mail and phone as they may appear in text."""

    name: str | None = None
    email: str | None = None
    phone: str | None = None
    _pattern: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        parts: list[str] = []
        name = " ".join((self.name or "").split())
        if len(name) >= MIN_NAME:
            parts.append(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in name.split()) + r"(?!\w)")
        if self.email:
            parts.append(r"(?<![\w.+-])" + re.escape(self.email.strip()) + r"(?![\w-]|\.\w)")
        national = _national(self.phone or "")
        if len(national) >= 6:
            digits = _SEPARATORS.join(national)
            parts.append(r"(?<![\d+])\(?(?:\+?62|0)?" + _SEPARATORS + digits + r"(?!\d)")
        pattern = re.compile("|".join(parts), re.IGNORECASE) if parts else None
        object.__setattr__(self, "_pattern", pattern)

    @property
    def empty(self) -> bool:
        """Nothing to look for."""
        return self._pattern is None

    def found_in(self, text: str | None) -> bool:
        return bool(text) and self._pattern is not None and self._pattern.search(text or "") is not None

    def replaced(self, text: str | None, replacement: str) -> str | None:
        """The text with every mention replaced (None stays None)."""
        if text is None or self._pattern is None:
            return text
        return self._pattern.sub(replacement.replace("\\", r"\\"), text)

    def sql(self, column: Any) -> ColumnElement[bool]:
        """True for every row whose `column` may mention the person (a superset: `found_in` decides)."""
        tests: list[ColumnElement[bool]] = []
        name = " ".join((self.name or "").split())
        if len(name) >= MIN_NAME:
            tests.append(column.ilike(_like(name), escape="\\"))
        if self.email:
            tests.append(column.ilike(_like(self.email.strip()), escape="\\"))
        national = _national(self.phone or "")
        if len(national) >= 6:
            # the number's digits in their order, anything between them (a superset found_in narrows): a LIKE is
            # many times cheaper than rewriting every row's text (regexp_replace, translate)
            tests.append(column.like("%" + "%".join(national) + "%"))
        return or_(*tests) if tests else false()


@dataclass(frozen=True)
class Texts:
    """Free-text columns of one table that may mention a person (a note, a remark, a reason): the rows that do, and
    those rows with each mention replaced. A domain lists its own in its `erasure.py`."""

    model: Any
    columns: tuple[str, ...]
    what: str  # how an archive names them: "approval request notes"

    @property
    def table(self) -> str:
        return str(self.model.__tablename__)

    def mentioning(self, session: Session, mention: Mention) -> list[Any]:
        """Every row, whoever may read it, one of whose columns mentions the person (by id)."""
        stmt = (select(self.model).where(or_(*(mention.sql(getattr(self.model, c)) for c in self.columns)))
                .order_by(self.model.id))
        return [row for row in session.scalars(stmt)
                if any(mention.found_in(getattr(row, c)) for c in self.columns)]

    def quoted(self, row: Any) -> dict[str, Any]:
        """The row's id and texts, for an archive."""
        return {"table": self.table, "what": self.what, "id": row.id,
                **{c: getattr(row, c) for c in self.columns if getattr(row, c) is not None}}

    def erase(self, session: Session, *, mention: Mention, replacement: str) -> list[Any]:
        """Replace each mention; answers the rows changed. The caller commits."""
        rows = self.mentioning(session, mention)
        for row in rows:
            for column in self.columns:
                setattr(row, column, mention.replaced(getattr(row, column), replacement))
        session.flush()
        return rows
