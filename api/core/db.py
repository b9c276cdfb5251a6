"""Database engine, session factory and the declarative base."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, MetaData, Table, create_engine, func
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


def make_engine(url: str, **kwargs: Any) -> Engine:
    """Pooled, and by default each checkout pings the server first (a restarted PostgreSQL costs no request); a new
    connection gives up after 5 s instead of waiting on an unreachable host for the system's TCP timeout."""
    options: dict[str, Any] = {"pool_pre_ping": True, "pool_size": 10, "max_overflow": 20, **kwargs}
    if sqlalchemy_url(url).startswith("postgresql+psycopg://"):
        options.setdefault("connect_args", {}).setdefault("connect_timeout", 5)
    engine = create_engine(sqlalchemy_url(url), **options)
    tracing.instrument_engine(engine)  # its statements as spans, when tracing is on
    return engine


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False)
