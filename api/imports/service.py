"""Imports: the job and its progress, the dry run's settings, confirming, the result workbook, the undo. Small files
are checked and written in the request, a batch per transaction; larger ones by the ImportWorkflow."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime

import redis
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.clients import service as clients_service
from api.core import spreadsheets
from api.core import temporal as temporal_core
from api.core.config import Settings
from api.core.errors import AppError, Conflict, NotFound, ValidationFailed
from api.imports import batches, repository
from api.imports.fields import Context, missing_message
from api.imports.kinds import KINDS
from api.imports.models import ImportJob, ImportMapping
from api.imports.schemas import (
    FieldOut,
    ImportJobOut,
    ImportRowOut,
    ImportRowsOut,
    ImportSettingsIn,
    MappingOut,
    PhaseOut,
    RowsQuery,
)
from api.imports.upload import may_import
from api.leads.visibility import visible_sales_ids
from api.users.models import User
from workflows.contracts.imports import ImportInput, import_workflow_id

log = logging.getLogger(__name__)

UNAVAILABLE = "The import could not be started; try again in a minute."
STILL_CHECKING = "The dry run is still running."
NOT_CHECKED = "Run the dry run first: confirm writes what it showed."
ALREADY_RUN = "This import was confirmed already."
NOT_DONE = "Only a finished import can be undone."
UNKNOWN_COLUMN = "Column '{}' is not in the file."
UNKNOWN_FIELD = "'{}' is not a field of this import."
UNKNOWN_RULE = "Choose how rows match existing records."
# a row's outcome as the result workbook says it
STATUS_LABELS = {"CREATED": "Created", "UPDATED": "Updated", "UNCHANGED": "Unchanged", "REFUSED": "Refused"}


def changed_message(rows: list[int]) -> str:
    shown = ", ".join(str(r) for r in rows[:10]) + (", ..." if len(rows) > 10 else "")
    return (f"The import cannot be undone: {len(rows)} of its records changed since it ran (rows {shown}).")


def _phase(done: int, total: int, counts: dict[str, int]) -> PhaseOut:
    return PhaseOut(done=done, total=total, percent=round(100 * done / total, 1) if total else 100.0,
                    counts={s: (counts or {}).get(s, 0) for s in batches.STATUSES})


def to_out(job: ImportJob) -> ImportJobOut:
    handler = KINDS[job.kind]
    return ImportJobOut(
        id=job.id, kind=job.kind, status=job.status, filename=job.filename, headers=job.headers,
        total_rows=job.total_rows, fields=[FieldOut(name=f.name, label=f.label, required=f.required)
                                           for f in handler.fields],
        match_rules=handler.match_rules, mapping=job.mapping, match_on=job.match_on,
        dry_run=_phase(job.dry_done, job.total_rows, job.dry_counts),
        run=_phase(job.run_done, job.total_rows, job.run_counts),
        created_at=job.created_at, finished_at=job.finished_at, undone_at=job.undone_at)


def get_or_404(session: Session, actor: User, job_id: int, *, lock: bool = False) -> ImportJob:
    """The job, for whoever made it or an administrator (who sees every lead)."""
    job = repository.job_for_update(session, job_id) if lock else session.get(ImportJob, job_id)
    if job is None or (job.created_by != actor.id and visible_sales_ids(session, actor) is not None):
        raise NotFound(batches.JOB_NOT_FOUND)
    return job


def list_jobs(*, session: Session, actor: User) -> list[ImportJobOut]:
    everyone = visible_sales_ids(session, actor) is None
    return [to_out(j) for j in repository.jobs(session, created_by=None if everyone else actor.id)]


def _check_settings(job: ImportJob, body: ImportSettingsIn) -> dict[str, str]:
    handler = KINDS[job.kind]
    labels = {f.name: f for f in handler.fields}
    mapping = {f: title for f, title in body.mapping.items() if title}
    errors = [UNKNOWN_FIELD.format(f[:40]) for f in mapping if f not in labels]
    errors += [UNKNOWN_COLUMN.format(t[:60]) for t in mapping.values() if t not in job.headers]
    errors += [missing_message(f.label) for f in handler.fields if f.required and f.name not in mapping]
    if body.match_on not in handler.match_rules:
        errors.append(UNKNOWN_RULE)
    if errors:
        raise ValidationFailed(errors)
    return mapping


def dry_run(*, session: Session, temporal: temporal_core.Client | None, settings: Settings, actor: User,
            job_id: int, body: ImportSettingsIn) -> ImportJobOut:
    """Keep the mapping and match rule (saved under a name when asked) and check every row without writing."""
    job = get_or_404(session, actor, job_id, lock=True)
    may_import(session, actor, job.kind)
    if job.status == "CHECKING":
        raise Conflict(STILL_CHECKING)
    if job.status not in ("UPLOADED", "CHECKED"):
        raise Conflict(ALREADY_RUN)
    job.mapping, job.match_on = _check_settings(job, body), body.match_on
    if body.save_as and body.save_as.strip():
        _save_mapping(session, actor, job, body.save_as.strip())
    repository.clear_phase(session, job.id, "DRY")
    job.dry_done, job.dry_counts, job.status = 0, {}, "CHECKING"
    return _start(session, temporal, settings, job, "DRY", attempt=str(time.time_ns()))


def confirm(*, session: Session, temporal: temporal_core.Client | None, settings: Settings,
            redis_client: redis.Redis, actor: User, job_id: int) -> ImportJobOut:
    """Write the rows as the dry run checked them, a batch per transaction."""
    job = get_or_404(session, actor, job_id, lock=True)
    may_import(session, actor, job.kind)
    if job.status in ("RUNNING", "DONE", "UNDONE"):
        raise Conflict(ALREADY_RUN)
    if job.status != "CHECKED":
        raise Conflict(STILL_CHECKING if job.status == "CHECKING" else NOT_CHECKED)
    job.status = "RUNNING"
    out = _start(session, temporal, settings, job, "RUN")
    if job.kind == "clients" and out.status == "DONE":
        clients_service.changed(redis_client)
    return out


def _start(session: Session, temporal: temporal_core.Client | None, settings: Settings, job: ImportJob, phase: str,
           attempt: str = "") -> ImportJobOut:
    inline = job.total_rows <= settings.import_inline_rows  # checked and written in the request; larger: the workflow
    if not inline and temporal is None:  # no Temporal to start it on: nothing changes, to be asked again
        session.rollback()
        raise AppError(UNAVAILABLE, status=503)
    session.commit()
    if inline:
        while not batches.run_batch(session, job_id=job.id, phase=phase).finished:
            session.commit()
        session.commit()
        return to_out(job)
    wid = import_workflow_id(job.id, phase, settings.temporal_task_queue, attempt)
    assert temporal is not None  # refused above

    async def go() -> bool:
        return await temporal_core.start_import(temporal, ImportInput(job_id=job.id, phase=phase), workflow_id=wid,
                                                task_queue=settings.temporal_task_queue)

    try:
        temporal_core.blocking(go)  # False: started before (a confirm sent twice), that run goes on
    except temporal_core.Unreachable as exc:  # nothing started: the job goes back, to be asked again
        log.warning("could not start %s: %s", wid, exc)
        session.rollback()
        job.status = "UPLOADED" if phase == "DRY" else "CHECKED"  # a dry run's outcomes were cleared for it
        session.commit()
        raise AppError(UNAVAILABLE, status=503) from exc
    return to_out(job)


def rows(*, session: Session, actor: User, job_id: int, query: RowsQuery) -> ImportRowsOut:
    """A page of the rows' outcomes in a phase, with the cells they were read from."""
    job = get_or_404(session, actor, job_id)
    found = repository.outcomes(session, job.id, query.phase, status=query.status,
                                offset=(max(query.page, 1) - 1) * query.size, limit=query.size)
    cells = repository.cells_of(session, job.id, [o.row_number for o in found])
    return ImportRowsOut(total_rows=repository.count_outcomes(session, job.id, query.phase, query.status), data=[
        ImportRowOut(row_number=o.row_number, status=o.status, message=o.message, record_id=o.record_id,
                     values=dict(zip(job.headers, cells.get(o.row_number, []), strict=False)))
        for o in found])


def result(*, session: Session, actor: User, job_id: int) -> tuple[str, bytes]:
    """The file's rows with a Status and a Message column (the run's outcomes, or the dry run's before it)."""
    job = get_or_404(session, actor, job_id)
    phase = "RUN" if job.run_done else "DRY"
    columns = [spreadsheets.Column("Row", "int"), *(spreadsheets.Column(t or f"Column {i + 1}")
                                                    for i, t in enumerate(job.headers)),
               spreadsheets.Column("Status"), spreadsheets.Column("Message", width=60)]
    width = len(job.headers)
    body = ([number, *(cells + [None] * (width - len(cells)))[:width], STATUS_LABELS.get(status or "", "Not checked"),
             message] for number, cells, status, message in repository.rows_with_outcomes(session, job.id, phase))
    data = spreadsheets.xlsx(spreadsheets.Sheet(title=f"Import {job.id}", columns=columns,
                                                blocks=[spreadsheets.Block(rows=body)], autofilter=True,
                                                subject=f"{KINDS[job.kind].label} from {job.filename}"))
    stem = job.filename.rsplit(".", 1)[0][:80] or "import"
    return f"{stem}-result.xlsx", data


def undo(*, session: Session, redis_client: redis.Redis, actor: User, job_id: int) -> ImportJobOut:
    """Remove what the import created and put back what it updated, in one transaction, while none of those records
    changed since; refused as a whole otherwise."""
    job = get_or_404(session, actor, job_id, lock=True)
    may_import(session, actor, job.kind)
    if job.status != "DONE":
        raise Conflict(NOT_DONE)
    handler = KINDS[job.kind]
    ctx = Context(session=session, actor=actor)
    written = repository.written(session, job.id)
    changed = sorted(o.row_number for o in written if handler.written_at(ctx, o.record_id or 0) != o.written_at)
    if changed:
        raise Conflict(changed_message(changed))
    try:
        for outcome in written:
            handler.undo(ctx, outcome.record_id or 0, outcome.before)
        session.flush()
    except IntegrityError as exc:  # a record gained a dependant (a lead of an imported client)
        session.rollback()
        raise Conflict(changed_message([])) from exc
    job.status, job.undone_at = "UNDONE", datetime.now(UTC)
    audit.record(session, actor_id=actor.id, subject="IMPORT", subject_id=job.id,
                 label=f"{handler.label} from {job.filename}", action="UNDO",
                 changes=[{"field": "records", "old": len(written), "new": 0}])
    session.commit()
    if job.kind == "clients":
        clients_service.changed(redis_client)
    return to_out(job)


def _save_mapping(session: Session, actor: User, job: ImportJob, name: str) -> None:
    saved = repository.mapping_named(session, job.kind, name)
    if saved is None:
        session.add(ImportMapping(kind=job.kind, name=name, mapping=job.mapping, match_on=job.match_on,
                                  created_by=actor.id))
    else:
        saved.mapping, saved.match_on = job.mapping, job.match_on


def mappings(*, session: Session, actor: User, kind: str) -> list[MappingOut]:
    may_import(session, actor, kind)
    return [MappingOut.model_validate(m) for m in repository.mappings(session, kind)]
