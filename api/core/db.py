"""Database engine, session factory and the declarative base."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, MetaData, Numeric, Table, create_engine, event, exc, func
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from api.core import tracing

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Every amount of money: rupiah with two decimals, 15 digits before the point (under a quadrillion).
Money = Numeric(17, 2)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def table_of(model: type[Base]) -> Table:
    """A mapped class's table, for Core statements on rows no object of the session holds (no ORM bookkeeping)."""
    table = model.__table__
    assert isinstance(table, Table)
    return table


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


def sqlalchemy_url(url: str) -> str:
    """Use psycopg 3 for plain postgres URLs (the embedded server gives postgresql://...)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


# A connection back in the pool for longer than this is pinged before it is handed out again.
IDLE_PING_AFTER = 2.0


def make_engine(url: str, *, ping_idle: bool = True, **kwargs: Any) -> Engine:
    """Pooled; a connection that sat idle in the pool is pinged before it is handed out (a restarted PostgreSQL
    costs no request), one in steady use is not (a ping per checkout was a statement and a round trip per call). A
    new connection gives up after 5 s instead of waiting on an unreachable host for the system's TCP timeout."""
    options: dict[str, Any] = {"pool_size": 10, "max_overflow": 20, **kwargs}
    if sqlalchemy_url(url).startswith("postgresql+psycopg://"):
        options.setdefault("connect_args", {}).setdefault("connect_timeout", 5)
    engine = create_engine(sqlalchemy_url(url), **options)
    if ping_idle and not options.get("pool_pre_ping"):
        _ping_when_idle(engine)
    tracing.instrument_engine(engine)  # its statements as spans, when tracing is on
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Ping a pooled connection on checkout when it was idle more than IDLE_PING_AFTER seconds: a dead one is
    replaced before the caller sees it (DisconnectionError makes the pool retry with a fresh connection). A
    connection that breaks while in steady use fails its statement, and the pool drops every connection as old."""
    @event.listens_for(engine, "checkin")
    def _checked_in(dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        idle_since = record.info.pop("idle_since", None)
        if idle_since is None or time.monotonic() - idle_since <= IDLE_PING_AFTER:
            return  # new, or in steady use
        try:
            if engine.dialect.do_ping(dbapi_connection):
                return
        except engine.dialect.loaded_dbapi.Error as error:
            if not engine.dialect.is_disconnect(error, dbapi_connection, None):
                raise
        raise exc.DisconnectionError("the pooled connection is gone")


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False)
