"""User queries."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.users.models import User


def by_username(session: Session, username: str) -> User | None:
    """The user of this username, whatever its case and surrounding spaces."""
    return session.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))
