"""Checking (the dry run) and writing (the run) an import's rows, a batch at a time, each batch one transaction that
the caller commits. Every row's outcome is keyed by (job, phase, row) under a unique constraint and written in the
batch's transaction with the records it wrote: a batch retried after a crash finds its rows done or does them again,
never twice. The dry run writes each row inside a savepoint that is rolled back: nothing stays but its outcomes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import pydantic
from sqlalchemy import func, select
from sqlalchemy.exc import DataError, IntegrityError
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.core.errors import AppError, NotFound
from api.imports import repository
from api.imports.fields import Context, KindHandler, Outcome, Values
from api.imports.kinds import KINDS
from api.imports.models import ImportJob, ImportRowOutcome, ImportSourceRow
from api.users.models import User

BATCH = 500
JOB_NOT_FOUND = "Import not found."
DATA_REFUSED = "A value is too long or not allowed for its field."
CONFLICT = "Another change took this record meanwhile; try the row again."
STATUSES = ("CREATED", "UPDATED", "UNCHANGED", "REFUSED")


def duplicate_message(row: int) -> str:
    return f"Duplicate of row {row} in this file (same match key)."


@dataclass(frozen=True)
class Progress:
    job_id: int
    phase: str
    done: int
    total: int

    @property
    def finished(self) -> bool:
        return self.done >= self.total


def _invalid(handler: KindHandler, exc: pydantic.ValidationError) -> str:
    labels = {f.name: f.label for f in handler.fields}
    parts = []
    for error in exc.errors():
        field = str(error["loc"][0]) if error["loc"] else ""
        camel = field.split("_")[0] + "".join(p.title() for p in field.split("_")[1:])
        label, message = labels.get(camel, field), error["msg"].rstrip(".")
        parts.append(f"{message}." if message.startswith(label) else f"{label}: {message}.")
    return " ".join(parts)


def _values(row: ImportSourceRow, job: ImportJob) -> Values:
    """field -> the row's text in the column mapped to it (the first column of that title)."""
    index = {title: i for i, title in reversed(list(enumerate(job.headers)))}
    return {f: row.cells[index[title]] for f, title in job.mapping.items() if title in index}


def _apply(ctx: Context, handler: KindHandler, row: ImportSourceRow, values: Values, job: ImportJob) -> Outcome:
    """The row's outcome; what it wrote stays in the session only if it was not refused."""
    if row.problem:
        return Outcome("REFUSED", row.problem)
    savepoint = ctx.session.begin_nested()
    try:
        outcome = handler.apply(ctx, values, job.match_on)
    except AppError as exc:
        savepoint.rollback()
        return Outcome("REFUSED", " ".join(exc.messages))
    except pydantic.ValidationError as exc:
        savepoint.rollback()
        return Outcome("REFUSED", _invalid(handler, exc))
    except DataError:
        savepoint.rollback()
        return Outcome("REFUSED", DATA_REFUSED)
    except IntegrityError:
        savepoint.rollback()
        return Outcome("REFUSED", CONFLICT)
    savepoint.commit()
    return outcome


def _key(handler: KindHandler, values: Values, job: ImportJob) -> str | None:
    key = handler.key(values, job.match_on)
    return key[:300] if key else None


def run_batch(session: Session, *, job_id: int, phase: str, limit: int = BATCH,
              beat: Callable[[], None] | None = None) -> Progress:
    """Check (DRY) or write (RUN) the next `limit` rows of the job, in the session's transaction (the caller commits
    it); the job's row is locked meanwhile, so two tries of a batch never run at once. `beat` is called after each
    row (the worker's heartbeat: a worker that died mid-batch is noticed in seconds, not at the batch's timeout)."""
    job = repository.job_for_update(session, job_id)
    if job is None:
        raise NotFound(JOB_NOT_FOUND)
    done_attr = "dry_done" if phase == "DRY" else "run_done"
    last = session.scalar(select(func.max(ImportRowOutcome.row_number)).where(
        ImportRowOutcome.job_id == job_id, ImportRowOutcome.phase == phase)) or 0
    rows = repository.source_rows(session, job_id, last, limit)
    actor = session.get(User, job.created_by)
    assert actor is not None
    handler = KINDS[job.kind]
    ctx = Context(session=session, actor=actor)
    counts = Counter(getattr(job, f"{phase.lower()}_counts") or {})
    seen: dict[str, int] = {}
    results: list[ImportRowOutcome] = []
    batch = session.begin_nested() if phase == "DRY" else None
    values = {row.row_number: _values(row, job) for row in rows}
    keys = {row.row_number: _key(handler, values[row.row_number], job) for row in rows}
    earlier = repository.first_with_keys(session, job_id, phase, {k for k in keys.values() if k})
    handler.prepare(ctx, [values[row.row_number] for row in rows if not row.problem], job.match_on)
    for row in rows:
        if beat is not None:
            beat()
        key = keys[row.row_number]
        first = (seen.get(key) or earlier.get(key)) if key else None
        if first is not None:
            outcome = Outcome("REFUSED", duplicate_message(first))
        else:
            outcome = _apply(ctx, handler, row, values[row.row_number], job)
            if key:
                seen[key] = row.row_number
        counts[outcome.status] += 1
        results.append(ImportRowOutcome(
            job_id=job_id, phase=phase, row_number=row.row_number, status=outcome.status, message=outcome.message,
            match_key=key if outcome.status != "REFUSED" or first is None else None,
            record_id=outcome.record_id if phase == "RUN" else None,
            before=outcome.before if phase == "RUN" else None,
            written_at=outcome.written_at if phase == "RUN" else None))
    if batch is not None:
        batch.rollback()  # the dry run's writes go; its outcomes are added below
    session.add_all(results)
    job = repository.job_for_update(session, job_id) or job  # the rollback expired it
    setattr(job, done_attr, getattr(job, done_attr) + len(rows))
    setattr(job, f"{phase.lower()}_counts", {s: counts.get(s, 0) for s in STATUSES})
    done = getattr(job, done_attr)
    if not rows or done >= job.total_rows:
        _finish(session, job, phase, actor)
    session.flush()
    return Progress(job_id=job_id, phase=phase, done=done, total=job.total_rows)


def _finish(session: Session, job: ImportJob, phase: str, actor: User) -> None:
    if phase == "DRY":
        job.status = "CHECKED"
        return
    if job.status == "DONE":
        return
    job.status = "DONE"
    job.finished_at = datetime.now(UTC)
    audit.record(session, actor_id=actor.id, subject="IMPORT", subject_id=job.id,
                 label=f"{KINDS[job.kind].label} from {job.filename}", action="IMPORT",
                 changes=[{"field": s.lower(), "old": None, "new": job.run_counts.get(s, 0)} for s in STATUSES])
