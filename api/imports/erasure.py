"""Erasing a person from the imports (api/personal_data runs the whole erasure). An import keeps each row of its file
(`import_source_rows`: the cells as text), each row's match key and, for a record it updated, the values it had
before (for the undo); and the file it was uploaded as, in storage. A row whose cells name the person keeps them with
each mention replaced, and so do the outcomes' match keys and kept values; the uploaded file of every such import
leaves storage (nothing reads it again: the rows are the import's). The undo of an import whose record was erased is
refused anyway: the erasure changed the record since."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Text, cast, or_, select
from sqlalchemy.orm import Session

from api.clients.contacts.models import Contact
from api.core.mentions import Mention
from api.core.storage import Storage
from api.imports.kinds import contacts as contacts_kind
from api.imports.models import ImportJob, ImportRowOutcome, ImportSourceRow
from api.imports.upload import NAMESPACE


@dataclass
class ImportHoldings:
    rows: list[ImportSourceRow]  # the file's rows that name the person
    outcomes: list[ImportRowOutcome]  # match keys and kept values that do

    def quoted(self) -> list[dict[str, Any]]:
        """For an archive: each row with its import and cells."""
        return [{"importId": row.job_id, "rowNumber": row.row_number, "cells": row.cells} for row in self.rows]


def _replaced(value: Any, mention: Mention, replacement: str) -> Any:
    if isinstance(value, str):
        return mention.replaced(value, replacement)
    if isinstance(value, list):
        return [_replaced(v, mention, replacement) for v in value]
    if isinstance(value, dict):
        return {k: _replaced(v, mention, replacement) for k, v in value.items()}
    return value


def _names(value: Any, mention: Mention) -> bool:
    if isinstance(value, str):
        return mention.found_in(value)
    if isinstance(value, list):
        return any(_names(v, mention) for v in value)
    if isinstance(value, dict):
        return any(_names(v, mention) for v in value.values())
    return False


# unscoped: an administrator's request about one person, across every import
def mentioning(session: Session, mention: Mention) -> ImportHoldings:
    """The imported rows, match keys and kept values that name the person."""
    rows = session.scalars(select(ImportSourceRow).where(mention.sql(cast(ImportSourceRow.cells, Text)))
                           .order_by(ImportSourceRow.job_id, ImportSourceRow.row_number)).all()
    outcomes = session.scalars(select(ImportRowOutcome).where(or_(
        mention.sql(ImportRowOutcome.match_key), mention.sql(cast(ImportRowOutcome.before, Text))))
        .order_by(ImportRowOutcome.id)).all()
    return ImportHoldings(rows=[r for r in rows if _names(r.cells, mention)],
                          outcomes=[o for o in outcomes if mention.found_in(o.match_key) or _names(o.before, mention)])


def erase_mentions(session: Session, storage: Storage, *, mention: Mention, replacement: str) -> tuple[int, int]:
    """Replace each mention in the imports' rows and outcomes, and remove the uploaded files of the imports whose rows
    named the person (once the caller commits); answers (rows changed, files removed)."""
    found = mentioning(session, mention)
    for row in found.rows:
        row.cells = _replaced(row.cells, mention, replacement)
    for outcome in found.outcomes:
        outcome.match_key = (mention.replaced(outcome.match_key, replacement) or "")[:300] or None
        outcome.before = _replaced(outcome.before, mention, replacement)
    files = 0
    staged = storage.staged(session)
    for job in session.scalars(select(ImportJob).where(ImportJob.id.in_({r.job_id for r in found.rows}))):
        if job.file_key:
            staged.discard(NAMESPACE, job.file_key)
            job.file_key = None
            files += 1
    session.flush()
    return len(found.rows) + len(found.outcomes), files


def erase_contact_record(session: Session, contact: Contact) -> int:
    """After a contact's erasure: the values an import kept of them to undo its update (every field of theirs, not
    only those a mention finds) become the erased ones. Answers how many outcomes changed."""
    kept = session.scalars(select(ImportRowOutcome).join(ImportJob, ImportJob.id == ImportRowOutcome.job_id).where(
        ImportJob.kind == "contacts", ImportRowOutcome.record_id == contact.id,
        ImportRowOutcome.before.is_not(None))).all()
    erased = contacts_kind.snapshot(contact)
    for outcome in kept:
        outcome.before = erased
    session.flush()
    return len(kept)
