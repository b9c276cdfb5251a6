"""Users, roles and the user hierarchy (leader_id)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.core.db import Base, TimestampMixin


class Role(Base, TimestampMixin):
    __tablename__ = "roles"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(50), unique=True)  # the Casbin subject, e.g. SALES
    description: Mapped[str] = mapped_column(String(120))
    dashboard_component: Mapped[str | None] = mapped_column(String(30))  # TOP_MANAGEMENT, TL, SALES
    hierarchy_whitelist: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    # its users confirm every password sign-in with a second factor, enrolling at their next sign-in if they have none
    require_second_factor: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")


class User(Base, TimestampMixin):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(60), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    fullname: Mapped[str] = mapped_column(String(120))
    nickname: Mapped[str | None] = mapped_column(String(60))
    email: Mapped[str | None] = mapped_column(String(160))
    phone_number: Mapped[str | None] = mapped_column(String(20))
    gender: Mapped[str | None] = mapped_column(String(10))  # "F" or "male", as the session shows it
    dob: Mapped[date | None] = mapped_column(Date)
    role_id: Mapped[int] = mapped_column(ForeignKey("roles.id"), index=True)
    leader_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    profile_picture: Mapped[str | None] = mapped_column(String(120))
    device_id: Mapped[str | None] = mapped_column(String(120))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    # whether this user may sign in with a password (off: only through an OpenID provider; PASSWORD_SIGN_IN turns it
    # off for everyone)
    password_sign_in: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    password_changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_sign_in_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # what User Management edits, at this version (api/core/versions.py): its save, and a move in the hierarchy,
    # count it up; a save of an older version is refused
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    role: Mapped[Role] = relationship(lazy="joined", innerjoin=True)
    # read when asked for (a user's own page, the user admin): every signed-in call loads its user, and joining the
    # leader and the leader's role to each of those loads cost more than the two reads of it
    leader: Mapped[User | None] = relationship(remote_side=[id])
