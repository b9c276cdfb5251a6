"""Files a committed change removed from its records, until they have left storage.

`StagedStorage.discard` adds a row here in the change's own transaction, so the removal is as durable as the change:
once it commits, the file is deleted and its row with it; when the delete fails (the bucket unreachable, the process
killed right after the commit) the row stays, and the reminder sweep's pass (`remove_left`, every 20 seconds) tries
again until the file is gone. An erased person's files (api/personal_data) therefore leave storage for certain, not
only when the first try works. Deleting a file that is already gone is no error, so a file is never left behind by
two tries racing."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import DateTime, String, delete, func, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, Session, mapped_column

from api.core.db import Base
from api.core.storage.backends import Backend

log = logging.getLogger(__name__)

GRACE = timedelta(seconds=60)  # the committing process's own try goes first
PASS_LIMIT = 200


class StorageRemoval(Base):
    __tablename__ = "storage_removals"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(400), index=True)  # namespace/name, as the backend keys it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    attempts: Mapped[int] = mapped_column(default=0, server_default="0")
    last_error: Mapped[str | None] = mapped_column(String(300))


def remove(backend: Backend, keys: list[str], bind: Engine | Connection) -> list[str]:
    """Delete each file, then the rows of those that left (in their own transaction): answers the keys left."""
    gone, left = [], []
    for key in keys:
        try:
            backend.delete(key)
            gone.append(key)
        except backend.failures as exc:
            log.warning("could not remove %s from %s (the sweep tries again): %s", key, backend.describe(), exc)
            left.append(key)
    if gone:
        try:
            engine = bind.engine if isinstance(bind, Connection) else bind
            with engine.begin() as connection:
                connection.execute(delete(StorageRemoval).where(StorageRemoval.key.in_(gone)))
        except SQLAlchemyError as exc:  # the files are gone; the sweep finds their rows and deletes them again
            log.warning("could not clear %d storage removal(s): %s", len(gone), exc)
    return left


def remove_left(session: Session, backend: Backend, *, now: datetime | None = None) -> int:
    """The sweep's pass: every removal older than GRACE tried again (oldest first, PASS_LIMIT at a time); answers
    how many files left storage. Commits each row's outcome."""
    cutoff = (now or datetime.now().astimezone()) - GRACE
    rows = session.execute(select(StorageRemoval.id, StorageRemoval.key).where(StorageRemoval.created_at < cutoff)
                           .order_by(StorageRemoval.id).limit(PASS_LIMIT)).all()
    removed = 0
    for row_id, key in rows:
        try:
            backend.delete(key)
        except backend.failures as exc:
            session.execute(update(StorageRemoval).where(StorageRemoval.id == row_id).values(
                attempts=StorageRemoval.attempts + 1, last_error=str(exc)[:300]))
        else:
            session.execute(delete(StorageRemoval).where(StorageRemoval.id == row_id))
            removed += 1
        session.commit()
    return removed
