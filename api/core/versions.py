"""Optimistic locking: a record an editor opens carries its version, the save sends it back, and a save of a version
that is no longer the record's is refused (409 `StaleVersion`) instead of silently overwriting what someone else saved
meanwhile. The front end says so and offers to reload (frontend/src/lib/api/errors.ts `isStale`)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from api.core.errors import Conflict, ValidationFailed


class StaleVersion(Conflict):
    type = "StaleVersion"


def stale_message(what: str) -> str:
    """'The user Andi Pratama was changed by someone else since you opened it. Reload it to see their changes.'"""
    return f"{what} was changed by someone else since you opened it. Reload it to see their changes."


def missing_message(what: str) -> str:
    return f"{what} can only be saved with the version you opened: reload it and save again."


def check(*, what: str, loaded: int | None, current: int) -> None:
    """Refuse a save of a record opened at `loaded` when it is at `current` now (the caller holds its row lock)."""
    if loaded is None:
        raise ValidationFailed(missing_message(what))
    if loaded != current:
        raise StaleVersion(stale_message(what))


def claim(session: Session, model: Any, row_id: int, loaded: int | None, *, what: str) -> int:
    """Take the row for a save if it is still at the version the editor opened: its version goes up by one in the
    same statement (the row stays locked until the transaction ends, so two saves take turns and the second is
    refused); else 409. Returns the new version. `model` has `id` and `version` columns."""
    if loaded is None:
        raise ValidationFailed(missing_message(what))
    bumped = session.execute(update(model).where(model.id == row_id, model.version == loaded)
                             .values(version=model.version + 1).returning(model.version)).scalar_one_or_none()
    if bumped is None:
        raise StaleVersion(stale_message(what))
    return int(bumped)


def bump(session: Session, model: Any, row_id: int) -> None:
    """A change made elsewhere (not through the record's editor) that an open editor must not overwrite."""
    session.execute(update(model).where(model.id == row_id).values(version=model.version + 1))
