"""Erasing a user (UU PDP, Law 27/2022, the right to erasure; an ex-employee's request): the user's own record, the
part of an erasure this domain owns (api/personal_data runs the whole of it).

The row stays: its id is what every business record counts by (leads, activities, approvals, cost sheets, targets,
the dashboards), so their numbers do not move. Every column of `users` is classified below as personal (replaced,
with what) or kept: a new column fails tests/integration/personal_data until it is given one. The username becomes
`erased-<id>` (unique, and the password hash that goes with it matches no password: no one signs in as it)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.core.mentions import Mention
from api.users.models import User

ERASED_ACCOUNT = ("This user's data was erased: the account is kept only for its records and cannot be edited or "
                  "activated.")
UNUSABLE_PASSWORD = "!erased"  # not a hash: every password check fails against it (InvalidHashError)


def placeholder(user_id: int) -> str:
    """The name an erased user is known by from then on."""
    return f"Erased user #{user_id}"


def erased_username(user_id: int) -> str:
    return f"erased-{user_id}"


# column -> its value once the user is erased (from the user's id)
PERSONAL: dict[str, Callable[[int], Any]] = {
    "username": erased_username,
    "password_hash": lambda _: UNUSABLE_PASSWORD,
    "fullname": placeholder,
    "nickname": lambda _: None,
    "email": lambda _: None,
    "phone_number": lambda _: None,
    "gender": lambda _: None,
    "dob": lambda _: None,
    "profile_picture": lambda _: None,  # the picture itself leaves storage once the erasure commits
    "device_id": lambda _: None,
    "password_changed_at": lambda _: None,
    "last_sign_in_at": lambda _: None,
    "password_sign_in": lambda _: False,  # not personal, but no way in is left open
}
# role, leader and state keep the hierarchy and the team figures as they were; the version counts the change
KEPT = frozenset({"id", "role_id", "leader_id", "is_active", "version", "created_at", "updated_at"})


def is_erased(user: User) -> bool:
    """Whether the user's data was erased (their record is then kept only for its id: it is never edited again)."""
    return user.username == erased_username(user.id) and user.fullname == placeholder(user.id)


def mention(user: User) -> Mention:
    """How free text names this user (before the erasure): full name, e-mail, phone."""
    return Mention(name=user.fullname, email=user.email, phone=user.phone_number)


def get_for_update(session: Session, user_id: int) -> User | None:
    return session.scalars(select(User).where(User.id == user_id).with_for_update()).first()


def active_reports(session: Session, user_id: int) -> int:
    """How many active users report to this one."""
    return int(session.scalar(select(func.count()).select_from(User)
                              .where(User.leader_id == user_id, User.is_active.is_(True))) or 0)


def erase(session: Session, user: User, *, now: datetime | None = None) -> list[str]:
    """Replace the user's personal fields (the row and its id stay); answers the columns replaced. The caller
    commits."""
    for column, value in PERSONAL.items():
        setattr(user, column, value(user.id))
    user.updated_at = now or datetime.now(UTC)
    user.version += 1
    session.flush()
    return sorted(PERSONAL)
