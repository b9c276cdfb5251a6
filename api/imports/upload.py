"""An import's file received: checked by size and content (api.core.uploads), kept in storage, and read once, row by
row, into its source rows (cells as text), so that each batch later reads its rows by number."""

from __future__ import annotations

import re

from sqlalchemy import insert
from sqlalchemy.orm import Session

from api.core import uploads
from api.core.db import table_of
from api.core.errors import Forbidden, ValidationFailed
from api.core.storage import Storage
from api.imports import reading
from api.imports.fields import suggest
from api.imports.kinds import KINDS
from api.imports.models import ImportJob, ImportSourceRow
from api.leads.visibility import visible_sales_ids
from api.users.models import User

NAMESPACE = "imports"
CHUNK = 1000  # source rows inserted per statement
UNKNOWN_KIND = "Choose what the file holds: clients, contacts or leads."
LEADS_ONLY = "Team leaders import their team's leads only."


def may_import(session: Session, actor: User, kind: str) -> None:
    """Administrators (who see every lead) import anything; a team leader only their team's leads."""
    if kind not in KINDS:
        raise ValidationFailed(UNKNOWN_KIND)
    if kind != "leads" and visible_sales_ids(session, actor) is not None:
        raise Forbidden(LEADS_ONLY)


def receive(*, session: Session, storage: Storage, actor: User, kind: str, upload: uploads.Upload) -> ImportJob:
    """A new job with the file's rows, committed; refuses an empty file, one without a header or data rows, more
    than 100 columns or 50,000 rows (nothing is kept then)."""
    may_import(session, actor, kind)
    if upload.size == 0:
        raise ValidationFailed(reading.EMPTY_FILE)
    try:
        headers, rows = reading.read(upload.file, upload.ext)
        handler = KINDS[kind]
        job = ImportJob(kind=kind, status="UPLOADED", filename=re.sub(r"[\x00-\x1f]", "", upload.filename)[:255],
                        headers=headers, total_rows=0, mapping=suggest(handler.fields, headers),
                        match_on=next(iter(handler.match_rules)), dry_counts={}, run_counts={}, dry_done=0,
                        run_done=0, created_by=actor.id)
        session.add(job)
        session.flush()
        total, chunk = 0, []
        for row in rows:
            total += 1
            if total > reading.MAX_ROWS:
                raise reading.Unreadable(reading.too_many_rows())
            chunk.append({"job_id": job.id, "row_number": row.number, "cells": row.cells, "problem": row.problem})
            if len(chunk) >= CHUNK:
                session.execute(insert(table_of(ImportSourceRow)), chunk)
                chunk = []
        if chunk:
            session.execute(insert(table_of(ImportSourceRow)), chunk)
    except reading.Unreadable as exc:
        session.rollback()
        raise ValidationFailed(exc.message) from exc
    if total == 0:
        session.rollback()
        raise ValidationFailed(reading.NO_ROWS)
    job.total_rows = total
    upload.file.seek(0)
    job.file_key = storage.staged(session).store(NAMESPACE, stem=f"import-{job.id}", upload=upload)
    session.commit()
    return job
