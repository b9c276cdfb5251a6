"""Erasing a user's profile picture (api/personal_data runs the whole erasure): the file leaves storage once the
erasure commits (the user's column is cleared by api/users/erasure.py)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.account.service import PICTURES
from api.core.storage import Storage
from api.users.models import User


def discard_picture(session: Session, storage: Storage, user: User) -> bool:
    """Stage the removal of the user's picture; answers whether they had one. The caller commits."""
    if not user.profile_picture:
        return False
    storage.staged(session).discard(PICTURES, user.profile_picture)
    return True
