"""Erasing a user from saved views (api/personal_data runs the whole erasure): their views (a view they shared goes
too, and with it the default of whoever opened a list with it) and their own defaults are deleted."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.saved_views.models import SavedView, SavedViewDefault

# the tables of a user's own saved views: their rows of the user are deleted by the erasure
DELETED = (SavedView, SavedViewDefault)


def of_user(session: Session, user_id: int) -> tuple[list[SavedView], list[SavedViewDefault]]:
    """The user's views and the defaults they chose."""
    views = session.scalars(select(SavedView).where(SavedView.owner_id == user_id)
                            .order_by(SavedView.list_path, SavedView.id)).all()
    defaults = session.scalars(select(SavedViewDefault).where(SavedViewDefault.user_id == user_id)
                               .order_by(SavedViewDefault.list_path)).all()
    return list(views), list(defaults)


def erase(session: Session, user_id: int) -> int:
    """Delete the user's views and defaults; answers how many views went. The caller commits."""
    session.execute(delete(SavedViewDefault).where(SavedViewDefault.user_id == user_id))
    gone = session.execute(delete(SavedView).where(SavedView.owner_id == user_id)).rowcount  # type: ignore[attr-defined]
    session.flush()
    return int(gone)
