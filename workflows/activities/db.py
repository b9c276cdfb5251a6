"""The database sessions of the worker's activities: one engine and session factory per process."""

from __future__ import annotations

from functools import lru_cache

from sqlalchemy.orm import Session, sessionmaker

from api.core.config import get_settings
from api.core.db import make_engine, make_session_factory


@lru_cache
def sessions() -> sessionmaker[Session]:
    """The worker's session factory, made on first use."""
    settings = get_settings()
    assert settings.database_url, "DATABASE_URL is not set"
    # Pinged only after sitting idle (api.core.db); an activity that meets a connection dropped by a PostgreSQL
    # restart while in steady use fails, the pool drops its connections, and Temporal retries the activity.
    return make_session_factory(make_engine(settings.database_url))
