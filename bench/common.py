"""Shared benchmark plumbing: embedded services in a scratch directory, the API as a process, its peak memory,
timing and SQL counting."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Stack:
    database_url: str
    redis_url: str


@contextmanager
def embedded_stack(name: str) -> Iterator[Stack]:
    """PostgreSQL (own database, migrated and seeded) and Redis, torn down afterwards."""
    from sqlalchemy.orm import Session

    from api.core.db import make_engine
    from api.core.embedded import EmbeddedPostgres, EmbeddedRedis, free_port
    from api.run import migrate
    from api.seed import seed

    root = Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
    pg = EmbeddedPostgres(root / "postgres", database=f"bench_{name}")
    redis = EmbeddedRedis(root / "redis", port=free_port(), persist=False)
    try:
        url = pg.start()
        redis_url = redis.start()
        os.environ.update({"DATABASE_URL": url, "REDIS_URL": redis_url, "DATA_DIR": str(root / "data"),
                           "JWT_SECRET": "bench-" + "k" * 40})
        migrate(url)
        engine = make_engine(url)
        with Session(engine) as session:
            seed(session)
        engine.dispose()
        yield Stack(database_url=url, redis_url=redis_url)
    finally:
        redis.stop()
        pg.stop()
        shutil.rmtree(root, ignore_errors=True)


def analyzed(engine: Engine, table: str) -> int:
    """After seeding: VACUUM ANALYZE (the planner's statistics as a live database has them); the table's rows."""
    from sqlalchemy import text

    with engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM ANALYZE"))
        return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


@contextmanager
def api_client(stack: Stack) -> Iterator[tuple[TestClient, StatementCounter]]:
    """The API in this process on the stack (no Temporal), and a counter of the SQL statements it sends."""
    from fastapi.testclient import TestClient

    from api.core.config import Settings
    from api.main import create_app

    settings = Settings(database_url=stack.database_url, redis_url=stack.redis_url, temporal_address=None)
    with TestClient(create_app(settings)) as client:
        yield client, StatementCounter(client.app.state.engine)  # type: ignore[attr-defined]


class StatementCounter:
    """Counts SQL statements sent through an engine."""

    def __init__(self, engine: Engine):
        self.count = 0
        event.listen(engine, "before_cursor_execute", self._on_execute)

    def _on_execute(self, *_: object) -> None:
        self.count += 1


def measure(call: Callable[[], object], *, runs: int, warmup: int = 20,
            counter: StatementCounter | None = None) -> dict[str, float]:
    for _ in range(warmup):
        call()
    times: list[float] = []
    statements: list[int] = []
    for _ in range(runs):
        before = counter.count if counter else 0
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
        if counter:
            statements.append(counter.count - before)
    times.sort()
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": times[int(len(times) * 0.95) - 1],
        "max_ms": times[-1],
        "sql_per_call": statistics.mean(statements) if statements else float("nan"),
    }


def report(title: str, rows: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    print(f"{'call':<44}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}{'SQL/call':>10}")
    for name, r in rows.items():
        print(f"{name:<44}{r['p50_ms']:>10.2f}{r['p95_ms']:>10.2f}{r['max_ms']:>10.2f}{r['sql_per_call']:>10.1f}")


def start_api(port: int) -> subprocess.Popen[bytes]:
    """The API as one uvicorn process on `port` (without Temporal), from the environment `embedded_stack` set."""
    env = {k: v for k, v in os.environ.items() if k != "TEMPORAL_ADDRESS"}
    return subprocess.Popen([sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory", "--host",
                             "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env)


class Peak:
    """The largest of `sample()` (MB) while the block runs, sampled every 5 ms in a thread."""

    def __init__(self, sample: Callable[[], float]):
        self.sample, self.mb, self._stop = sample, 0.0, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.mb = max(self.mb, self.sample())
            time.sleep(0.005)

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        self.mb = max(self.mb, self.sample())


def wait_ready(client: object, process: subprocess.Popen[bytes]) -> None:
    """Until the API answers its health call (at most a minute)."""
    import httpx

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the API exited")
        try:
            if client.get("/api/health").status_code == 200:  # type: ignore[attr-defined]
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise RuntimeError("the API did not start")


def bearer(client: Any, username: str) -> dict[str, str]:
    """The Authorization header of a demo user (httpx or TestClient) signed in with the demo seed's password."""
    from api.seed import DEMO_PASSWORD

    r = client.post("/api/auth/login", json={"username": username, "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['results']['token']}"}


def seed_teams(conn: Any, teams: int, per_team: int) -> None:
    """`teams` team leaders under top management ('bench-tl<t>'), each with `per_team` sales people
    ('bench-s<t>-<s>'), all with the admin's password hash."""
    from sqlalchemy import text

    conn.execute(text("""
        INSERT INTO users (username, password_hash, fullname, nickname, role_id, leader_id, is_active)
        SELECT 'bench-tl' || t, a.password_hash, 'Bench Leader ' || t, 'BL' || t,
               (SELECT id FROM roles WHERE name = 'TL'), (SELECT id FROM users WHERE username = 'topmanager'), true
        FROM generate_series(1, :teams) AS t, (SELECT password_hash FROM users WHERE username = 'admin') AS a
    """), {"teams": teams})
    conn.execute(text("""
        INSERT INTO users (username, password_hash, fullname, nickname, role_id, leader_id, is_active)
        SELECT 'bench-s' || t || '-' || s, a.password_hash, 'Bench Sales ' || t || '-' || s, 'BS' || s,
               (SELECT id FROM roles WHERE name = 'SALES'),
               (SELECT id FROM users WHERE username = 'bench-tl' || t), true
        FROM generate_series(1, :teams) AS t, generate_series(1, :per) AS s,
             (SELECT password_hash FROM users WHERE username = 'admin') AS a
    """), {"teams": teams, "per": per_team})


# the bench leads' file (bench/import.py, bench/import_batches.py): its columns, and the demo's clients it spreads over
LEAD_HEADERS = ["Client", "Project Name", "Stage", "Sales Person", "PIC", "Expected Close Date", "Total Revenue",
                "Total Gross Profit"]
BENCH_CLIENTS_SQL = ("select c.client_code, min(k.fullname) from clients c join contacts k on "
                     "k.client_id = c.id and k.deleted_at is null group by c.client_code")


def lead_rows(clients: Sequence[Sequence[Any]], rows: int) -> Iterator[list[Any]]:
    """N open leads over the demo clients (code, a contact's name) and sales people: E1, or E2 with that contact in
    charge; dates as day/month/year and revenues as Indonesian text, as a sales team's sheet has them."""
    sales = [f"sales{i}" for i in range(1, 7)]
    for i in range(rows):
        code, pic = clients[i % len(clients)]
        second = i % 5 < 2
        yield [code, f"Bench Import {i:05d}", "E2 Connected" if second else "E1", sales[i % len(sales)],
               pic if second else None, f"{1 + i % 28:02d}/{1 + i % 12:02d}/2027",
               f"{(i % 90 + 10) * 1_000_000:,}".replace(",", "."), (i % 90 + 10) * 200_000]
