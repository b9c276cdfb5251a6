"""The pool pings a connection only when it sat idle (api/core/db.py): one in steady use goes out without a ping (a
statement and a round trip saved per call), one idle past IDLE_PING_AFTER is pinged and, when PostgreSQL dropped it
meanwhile (a restart), replaced before the caller sees it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from api.core import db
from api.core.db import make_engine


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url, pool_size=1, max_overflow=0)
    yield engine
    engine.dispose()


def _backend_of(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("select pg_backend_pid()")).scalar_one())


def _terminate(database_url: str, pid: int) -> None:
    other = make_engine(database_url, pool_size=1, max_overflow=0)
    with other.connect() as conn:
        assert conn.execute(text("select pg_terminate_backend(:p)"), {"p": pid}).scalar_one()
    other.dispose()


def test_an_idle_connection_dropped_by_the_server_is_replaced_unseen(engine: Engine, database_url: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pid = _backend_of(engine)
    _terminate(database_url, pid)
    monkeypatch.setattr(db, "IDLE_PING_AFTER", 0.0)  # it has been idle long enough
    assert _backend_of(engine) != pid  # pinged, found gone, replaced: no error


def test_a_connection_in_steady_use_is_not_pinged(engine: Engine, database_url: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    pid = _backend_of(engine)
    _terminate(database_url, pid)
    monkeypatch.setattr(db, "IDLE_PING_AFTER", 3600.0)  # back in the pool a moment ago: handed out as it is
    with pytest.raises(OperationalError):
        _backend_of(engine)
    assert _backend_of(engine) != pid  # the failed statement dropped it; the next checkout gets a new one
