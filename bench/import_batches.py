"""Import batches, kind by kind: N rows of clients, contacts and leads read into a job as the upload reads them, then
checked (DRY) and written (RUN) by `api.imports.batches.run_batch` in this process, a batch of 500 per transaction as
the worker runs it. Prints rows per second and SQL statements per row of each phase and kind; with `--profile`, the
functions where a batch of leads spends its time (cProfile, cumulative).

Run: `.venv/bin/python bench/import_batches.py [rows] [--profile]` (1,000 rows by default). Starts its own embedded
PostgreSQL and Redis."""

from __future__ import annotations

import cProfile
import io
import pstats
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import BENCH_CLIENTS_SQL, LEAD_HEADERS, StatementCounter, embedded_stack, lead_rows  # noqa: E402  (after the path above)

CLIENT_HEADERS = ["Client Code", "Client Name", "Legal Name", "Industry", "Address", "Country", "Province", "City",
                  "Zip Code", "Affiliate"]
CONTACT_HEADERS = ["Client", "Full Name", "Gender", "Position", "Email", "Phone Number"]


def _csv(headers: list[str], rows: Sequence[Sequence[object]]) -> bytes:
    import csv

    out = io.StringIO()
    csv.writer(out).writerows([headers, *rows])
    return out.getvalue().encode()


def _code(i: int) -> str:
    """A client code of three characters (0-9, A-Z) the demo clients do not use: Q00 onwards."""
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    n = 26 * 36 * 36 + i  # from Q00
    return "".join(digits[n // 36 ** p % 36] for p in (2, 1, 0))


def files(session: Session, rows: int) -> dict[str, bytes]:
    """A file of each kind: new clients, new contacts of the demo clients, new leads (as bench/import.py makes)."""
    from sqlalchemy import text
    clients = session.execute(text(BENCH_CLIENTS_SQL)).all()
    leads = list(lead_rows(clients, rows))
    new_clients = [[_code(i), f"Bench Import Client {i:05d}", f"PT Bench Import {i:05d}", "Technology",
                    "Jl. Sudirman 1", "Indonesia", "DKI Jakarta", "Jakarta Selatan", "12950", "Non-Affiliate"]
                   for i in range(rows)]
    contacts = [[clients[i % len(clients)][0], f"Bench Contact {i:05d}", "Female" if i % 2 else "Male", "Manager",
                 f"bench.contact.{i:05d}@example.com", f"0812{i:08d}"] for i in range(rows)]
    return {"clients": _csv(CLIENT_HEADERS, new_clients), "contacts": _csv(CONTACT_HEADERS, contacts),
            "leads": _csv(LEAD_HEADERS, leads)}


def job_of(session: Session, kind: str, data: bytes) -> int:
    """The job as the upload leaves it (its rows read into source rows, the suggested mapping), not the file kept."""
    from sqlalchemy import insert, select

    from api.core.db import table_of
    from api.imports import reading
    from api.imports.fields import suggest
    from api.imports.kinds import KINDS
    from api.imports.models import ImportJob, ImportSourceRow
    from api.users.models import User

    admin = session.scalars(select(User).where(User.username == "admin")).one()
    headers, rows = reading.read(io.BytesIO(data), "csv")
    handler = KINDS[kind]
    job = ImportJob(kind=kind, status="CHECKING", filename=f"{kind}.csv", headers=headers, total_rows=0,
                    mapping=suggest(handler.fields, headers), match_on=next(iter(handler.match_rules)),
                    dry_counts={}, run_counts={}, dry_done=0, run_done=0, created_by=admin.id)
    session.add(job)
    session.flush()
    cells = [{"job_id": job.id, "row_number": r.number, "cells": r.cells, "problem": r.problem} for r in rows]
    session.execute(insert(table_of(ImportSourceRow)), cells)
    job.total_rows = len(cells)
    session.commit()
    return job.id


def phase(session_factory: Callable[[], Session], counter: StatementCounter, job_id: int, name: str,
          profile: cProfile.Profile | None) -> tuple[float, int, dict[str, int]]:
    """Seconds and statements of every batch of the phase, and its counts."""
    from api.imports import batches
    from api.imports.models import ImportJob

    start, statements = time.perf_counter(), counter.count
    while True:
        with session_factory() as session:
            if profile is not None:
                profile.enable()
            progress = batches.run_batch(session, job_id=job_id, phase=name)
            session.commit()
            if profile is not None:
                profile.disable()
            if progress.finished:
                job = session.get(ImportJob, job_id)
                assert job is not None
                counts = dict(job.dry_counts if name == "DRY" else job.run_counts)
                break
    return time.perf_counter() - start, counter.count - statements, counts


def main(rows: int, profile_leads: bool) -> None:
    from sqlalchemy.orm import Session, sessionmaker

    from api.core.db import make_engine

    with embedded_stack("batches") as stack:
        engine = make_engine(stack.database_url)
        counter = StatementCounter(engine)
        factory = sessionmaker(engine, expire_on_commit=False)
        with Session(engine) as session:
            made = files(session, rows)
        print(f"\nImport batches, {rows:,} rows a kind, run_batch in this process (batches of 500)")
        print(f"{'kind':<10}{'phase':<6}{'seconds':>9}{'rows/s':>9}{'SQL/row':>9}  counts")
        profile = cProfile.Profile() if profile_leads else None
        for kind in ("clients", "contacts", "leads"):
            with Session(engine) as session:
                job_id = job_of(session, kind, made[kind])
            for name in ("DRY", "RUN"):
                seconds, statements, counts = phase(factory, counter, job_id, name,
                                                    profile if kind == "leads" and name == "RUN" else None)
                shown = {k: v for k, v in counts.items() if v}
                print(f"{kind:<10}{name:<6}{seconds:>9.1f}{rows / seconds:>9.0f}{statements / rows:>9.1f}  {shown}")
        engine.dispose()
    if profile is not None:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(60)
        print(out.getvalue())


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 1_000, "--profile" in sys.argv)
