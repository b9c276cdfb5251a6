"""An import: its file's rows as read (cells as text), the mapping and match rule chosen, each row's outcome per
phase (the dry run, the run), and the mappings saved for the next file."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, TimestampMixin


class ImportJob(Base, TimestampMixin):
    __tablename__ = "import_jobs"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # clients, contacts, leads
    # UPLOADED, CHECKING, CHECKED, RUNNING, DONE, UNDONE
    status: Mapped[str] = mapped_column(String(10), default="UPLOADED")
    filename: Mapped[str] = mapped_column(String(255))
    file_key: Mapped[str | None] = mapped_column(String(200))  # the original, in storage namespace 'imports'
    headers: Mapped[list[str]] = mapped_column(JSONB, default=list)
    total_rows: Mapped[int] = mapped_column(Integer, default=0)
    mapping: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)  # field -> column header
    match_on: Mapped[str] = mapped_column(String(20))
    dry_done: Mapped[int] = mapped_column(Integer, default=0)  # rows of the dry run checked so far
    run_done: Mapped[int] = mapped_column(Integer, default=0)  # rows of the run written (or refused) so far
    dry_counts: Mapped[dict[str, int]] = mapped_column(JSONB, default=dict)
    run_counts: Mapped[dict[str, int]] = mapped_column(JSONB, default=dict)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ImportSourceRow(Base):
    """One data row of the file, its cells as text in the header's order; `problem`: why it cannot be read (a
    formula, a cell too long), found while reading."""

    __tablename__ = "import_source_rows"

    job_id: Mapped[int] = mapped_column(ForeignKey("import_jobs.id", ondelete="CASCADE"), primary_key=True)
    row_number: Mapped[int] = mapped_column(Integer, primary_key=True)  # as the spreadsheet numbers it (header: 1)
    cells: Mapped[list[str | None]] = mapped_column(JSONB)
    problem: Mapped[str | None] = mapped_column(Text)


class ImportRowOutcome(Base):
    """What a phase did with a row: written once per (job, phase, row) whatever retries the run goes through."""

    __tablename__ = "import_row_outcomes"
    __table_args__ = (UniqueConstraint("job_id", "phase", "row_number"),
                      Index("ix_import_row_outcomes_key", "job_id", "phase", "match_key"))

    id: Mapped[int] = mapped_column(primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("import_jobs.id", ondelete="CASCADE"))
    phase: Mapped[str] = mapped_column(String(3))  # DRY, RUN
    row_number: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))  # CREATED, UPDATED, UNCHANGED, REFUSED
    message: Mapped[str | None] = mapped_column(Text)
    match_key: Mapped[str | None] = mapped_column(String(300))
    record_id: Mapped[int | None] = mapped_column(Integer)
    # the record's fields before an update (the undo puts them back) and its updated_at once written (the undo is
    # refused for a record changed since)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    written_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ImportMapping(Base):
    __tablename__ = "import_mappings"
    __table_args__ = (UniqueConstraint("kind", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(100))
    mapping: Mapped[dict[str, Any]] = mapped_column(JSONB)
    match_on: Mapped[str] = mapped_column(String(20))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
