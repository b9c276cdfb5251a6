"""What a kind of import takes: its fields (a label, whether required, the header titles suggested for it), its match
rules, and what a row's handler answers."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from sqlalchemy.orm import Session

from api.users.models import User

Status = Literal["CREATED", "UPDATED", "UNCHANGED", "REFUSED"]
Values = Mapping[str, str | None]  # field -> the row's text (None: empty or not mapped)


@dataclass(frozen=True)
class Field:
    name: str  # camelCase, as the API names it
    label: str
    required: bool = False
    aliases: tuple[str, ...] = ()  # other header titles that suggest it


@dataclass
class Outcome:
    status: Status
    message: str | None = None
    record_id: int | None = None
    before: dict[str, Any] | None = None  # an updated record's fields before (the undo puts them back)
    written_at: datetime | None = None  # the record's updated_at once written


@dataclass
class Context:
    """What one batch's rows share: the session, who imports, the lookups read once per batch."""

    session: Session
    actor: User
    cache: dict[str, Any] = field(default_factory=dict)

    def lookup(self, name: str, load: Callable[[], dict[str, int]]) -> dict[str, int]:
        if name not in self.cache:
            self.cache[name] = load()
        found: dict[str, int] = self.cache[name]
        return found


class KindHandler(Protocol):
    kind: str
    label: str
    fields: tuple[Field, ...]
    match_rules: dict[str, str]  # rule -> what it says

    def key(self, values: Values, match_on: str) -> str | None:
        """What identifies the row's record under the match rule (two rows with one key are duplicates)."""

    def prepare(self, ctx: Context, rows: list[Values], match_on: str) -> None:
        """Read at once, into the batch's context, the existing records the batch's rows match (one statement, not
        one a row); `apply` finds a row's record there."""

    def apply(self, ctx: Context, values: Values, match_on: str) -> Outcome:
        """Create or update the row's record through its domain's service (flushed, not committed); raises the
        service's AppError for a refusal."""

    def undo(self, ctx: Context, record_id: int, before: dict[str, Any] | None) -> str | None:
        """Remove a created record (before None) or put an updated one back; a refusal's message, None when done."""

    def written_at(self, ctx: Context, record_id: int) -> datetime | None:
        """The record's updated_at now (None: it is gone)."""


def normalized(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def suggest(fields: tuple[Field, ...], headers: list[str]) -> dict[str, str]:
    """field -> the header whose title names it (its name, label or an alias), each header used once."""
    by_title: dict[str, str] = {}
    for title in headers:
        by_title.setdefault(normalized(title), title)
    mapping: dict[str, str] = {}
    used: set[str] = set()
    for f in fields:
        for candidate in (f.name, f.label, *f.aliases):
            found = by_title.get(normalized(candidate))
            if found is not None and found not in used:
                mapping[f.name] = found
                used.add(found)
                break
    return mapping


def missing_message(label: str) -> str:
    return f"Map a column to '{label}': the field is required."


def unknown_message(label: str, text: str) -> str:
    return f"{label} '{text[:60]}' is not known."
