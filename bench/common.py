"""Shared benchmark plumbing: embedded services in a scratch directory, timing and SQL counting."""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine


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
