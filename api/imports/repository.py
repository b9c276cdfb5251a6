"""The import's own queries: jobs, their rows and outcomes, the records a match rule finds. No commits."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.imports.models import ImportJob, ImportMapping, ImportRowOutcome, ImportSourceRow
from api.leads.models import Lead, Stage
from api.leads.visibility import scoped, visible_scope
from api.users.models import User


def job_for_update(session: Session, job_id: int) -> ImportJob | None:
    """The job, locked until the transaction ends: one batch of it at a time."""
    return session.scalars(select(ImportJob).where(ImportJob.id == job_id).with_for_update()
                           .execution_options(populate_existing=True)).first()


def source_rows(session: Session, job_id: int, after: int, limit: int) -> Sequence[ImportSourceRow]:
    return session.scalars(select(ImportSourceRow).where(ImportSourceRow.job_id == job_id,
                                                         ImportSourceRow.row_number > after)
                           .order_by(ImportSourceRow.row_number).limit(limit)).all()


def done_rows(session: Session, job_id: int, phase: str, numbers: Sequence[int]) -> set[int]:
    return set(session.scalars(select(ImportRowOutcome.row_number).where(
        ImportRowOutcome.job_id == job_id, ImportRowOutcome.phase == phase,
        ImportRowOutcome.row_number.in_(numbers))))


def first_with_keys(session: Session, job_id: int, phase: str, keys: set[str]) -> dict[str, int]:
    """match key -> the earlier row of this phase with it (a later row with the key is a duplicate in the file)."""
    if not keys:
        return {}
    found = session.execute(select(ImportRowOutcome.match_key, func.min(ImportRowOutcome.row_number)).where(
        ImportRowOutcome.job_id == job_id, ImportRowOutcome.phase == phase,
        ImportRowOutcome.match_key.in_(keys)).group_by(ImportRowOutcome.match_key)).tuples()
    return {key: row for key, row in found if key is not None}


def outcomes(session: Session, job_id: int, phase: str, *, status: str | None = None, offset: int = 0,
             limit: int | None = None) -> Sequence[ImportRowOutcome]:
    stmt = select(ImportRowOutcome).where(ImportRowOutcome.job_id == job_id, ImportRowOutcome.phase == phase)
    if status:
        stmt = stmt.where(ImportRowOutcome.status == status)
    stmt = stmt.order_by(ImportRowOutcome.row_number).offset(offset)
    return session.scalars(stmt.limit(limit) if limit is not None else stmt).all()


def count_outcomes(session: Session, job_id: int, phase: str, status: str | None = None) -> int:
    stmt = select(func.count()).select_from(ImportRowOutcome).where(ImportRowOutcome.job_id == job_id,
                                                                    ImportRowOutcome.phase == phase)
    if status:
        stmt = stmt.where(ImportRowOutcome.status == status)
    return session.scalar(stmt) or 0


def clear_phase(session: Session, job_id: int, phase: str) -> None:
    session.query(ImportRowOutcome).filter(ImportRowOutcome.job_id == job_id,
                                           ImportRowOutcome.phase == phase).delete(synchronize_session=False)


def written(session: Session, job_id: int) -> Sequence[ImportRowOutcome]:
    """The run's rows that wrote a record, last first (the undo goes backwards)."""
    return session.scalars(select(ImportRowOutcome).where(
        ImportRowOutcome.job_id == job_id, ImportRowOutcome.phase == "RUN",
        ImportRowOutcome.status.in_(("CREATED", "UPDATED"))).order_by(ImportRowOutcome.row_number.desc())).all()


def jobs(session: Session, *, created_by: int | None, limit: int = 50) -> Sequence[ImportJob]:
    stmt = select(ImportJob).order_by(ImportJob.id.desc()).limit(limit)
    if created_by is not None:
        stmt = stmt.where(ImportJob.created_by == created_by)
    return session.scalars(stmt).all()


def mappings(session: Session, kind: str) -> Sequence[ImportMapping]:
    return session.scalars(select(ImportMapping).where(ImportMapping.kind == kind).order_by(ImportMapping.name)).all()


def mapping_named(session: Session, kind: str, name: str) -> ImportMapping | None:
    return session.scalars(select(ImportMapping).where(ImportMapping.kind == kind,
                                                       func.lower(ImportMapping.name) == name.lower())).first()


def contact_by(session: Session, *, email: str | None = None, phone: str | None = None) -> Contact | None:
    """A contact (not removed) with this e-mail address (any case) or this normalised phone number."""
    stmt = select(Contact).where(Contact.deleted_at.is_(None))
    if email is not None:
        stmt = stmt.where(func.lower(Contact.email) == email.lower())
    else:
        stmt = stmt.where(Contact.phone_number == phone)
    return session.scalars(stmt.order_by(Contact.id).limit(1)).first()


def contacts_by(session: Session, *, emails: set[str] | None = None,
                phones: set[str] | None = None) -> dict[str, Contact]:
    """contact_by for many at once: lower(e-mail) or phone number -> the first contact (not removed) with it."""
    key = func.lower(Contact.email) if emails is not None else Contact.phone_number
    wanted = {e.lower() for e in emails} if emails is not None else set(phones or ())
    if not wanted:
        return {}
    found: dict[str, Contact] = {}
    for contact, value in session.execute(select(Contact, key).where(Contact.deleted_at.is_(None), key.in_(wanted))
                                          .order_by(Contact.id)).tuples():
        found.setdefault(value, contact)
    return found


def clients_by(session: Session, *, codes: set[str] | None = None, names: set[str] | None = None) -> dict[str, Client]:
    """Clients with these codes (as stored), or these names (any case, lower(name) ->), the first of each by id."""
    key = Client.client_code if codes is not None else func.lower(Client.client_name)
    wanted = set(codes) if codes is not None else {n.strip().lower() for n in names or ()}
    if not wanted:
        return {}
    found: dict[str, Client] = {}
    for client, value in session.execute(select(Client, key).where(key.in_(wanted)).order_by(Client.id)).tuples():
        found.setdefault(value, client)
    return found


def client_ids(session: Session) -> dict[str, int]:
    """lower(code) and lower(name) -> the client's id: a contact's or a lead's client named either way."""
    found: dict[str, Any] = {}
    for cid, code, name in session.execute(select(Client.id, Client.client_code, Client.client_name)):
        found.setdefault(code.lower(), cid)
        found.setdefault(name.strip().lower(), cid)
    return found


def cells_of(session: Session, job_id: int, numbers: Sequence[int]) -> dict[int, list[str | None]]:
    return dict(session.execute(select(ImportSourceRow.row_number, ImportSourceRow.cells).where(
        ImportSourceRow.job_id == job_id, ImportSourceRow.row_number.in_(numbers))).tuples().all())


def rows_with_outcomes(session: Session, job_id: int, phase: str) -> Any:
    """(row number, cells, status, message) of every source row in order, streamed."""
    outcome = ImportRowOutcome
    stmt = (select(ImportSourceRow.row_number, ImportSourceRow.cells, outcome.status, outcome.message)
            .outerjoin(outcome, (outcome.job_id == ImportSourceRow.job_id) & (outcome.phase == phase)
                       & (outcome.row_number == ImportSourceRow.row_number))
            .where(ImportSourceRow.job_id == job_id).order_by(ImportSourceRow.row_number)
            .execution_options(yield_per=1000))
    return session.execute(stmt).tuples()


def lead_named(session: Session, actor: User, client_id: int, project_name: str) -> Lead | None:
    """The lead of this client with this project name (any case), among those the actor may change."""
    stmt = select(Lead).where(Lead.client_id == client_id,
                              func.lower(Lead.project_name) == project_name.strip().lower())
    return session.scalars(scoped(stmt, visible_scope(actor)).order_by(Lead.id).limit(1)).first()


def names(session: Session, id_column: Any, *columns: Any, prefix: Any = None, where: Any = None) -> dict[str, int]:
    """lower(each of `columns`) (after '<prefix>:' when told) -> the row's id, the first row of a name winning:
    what a row's names are resolved with, read once per batch."""
    found: dict[str, int] = {}
    stmt = select(id_column, *columns, *([prefix] if prefix is not None else []))
    stmt = stmt.where(where) if where is not None else stmt
    for row in session.execute(stmt.order_by(id_column)):
        start = f"{row[-1]}:" if prefix is not None else ""
        for value in row[1:len(columns) + 1]:
            if value:
                found.setdefault(start + str(value).strip().lower(), row[0])
    return found


def leads_named(session: Session, actor: User, pairs: set[tuple[int, str]]) -> dict[tuple[int, str], Lead]:
    """lead_named for many at once: (client id, lower(project name)) -> the first such lead the actor may change."""
    if not pairs:
        return {}
    name = func.lower(Lead.project_name)
    stmt = select(Lead, name).where(Lead.client_id.in_({c for c, _ in pairs}), name.in_({n for _, n in pairs}))
    found: dict[tuple[int, str], Lead] = {}
    for lead, lowered in session.execute(scoped(stmt, visible_scope(actor)).order_by(Lead.id)).tuples():
        if (lead.client_id, lowered) in pairs:
            found.setdefault((lead.client_id, lowered), lead)
    return found


# unscoped: a record the import wrote, by its id (the undo compares it with what the import left)
def lead_updated_at(session: Session, lead_id: int) -> datetime | None:
    return session.scalar(select(Lead.updated_at).where(Lead.id == lead_id).execution_options(populate_existing=True))


def stage_ids(session: Session) -> dict[str, int]:
    """'e3', 'qualified' and 'e3 qualified' -> the stage's id."""
    found: dict[str, int] = {}
    for sid, name, description in session.execute(select(Stage.id, Stage.stage_name, Stage.stage_description)):
        for key in (name, description, f"{name} {description}"):
            found.setdefault(" ".join(key.split()).lower(), sid)
    return found
