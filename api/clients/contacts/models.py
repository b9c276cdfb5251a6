"""Client contacts (personnel) and their change history."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, TimestampMixin


class Contact(Base, TimestampMixin):
    __tablename__ = "contacts"
    __table_args__ = (Index("ix_contacts_client_active", "client_id", "deleted_at"),
                      # the top bar's search: the closest names first, a few at a time (pg_trgm's word distance)
                      Index("ix_contacts_fullname_knn", "fullname", postgresql_using="gist",
                            postgresql_ops={"fullname": "gist_trgm_ops(siglen=256)"}))

    id: Mapped[int] = mapped_column(primary_key=True)
    client_id: Mapped[int] = mapped_column(ForeignKey("clients.id"))
    fullname: Mapped[str] = mapped_column(String(150))
    nickname: Mapped[str | None] = mapped_column(String(60))
    gender: Mapped[str] = mapped_column(String(10))  # Male, Female
    position: Mapped[str] = mapped_column(String(120))
    division: Mapped[str | None] = mapped_column(String(120))
    email: Mapped[str | None] = mapped_column(String(160))
    phone_number: Mapped[str | None] = mapped_column(String(20))
    linkedin: Mapped[str | None] = mapped_column(String(250))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ContactHistory(Base):
    """One change of a contact: who, when, a snapshot, and each field from what to what."""

    __tablename__ = "contact_histories"

    id: Mapped[int] = mapped_column(primary_key=True)
    contact_id: Mapped[int] = mapped_column(ForeignKey("contacts.id"), index=True)
    action: Mapped[str] = mapped_column(String(10))  # CREATED, UPDATED, DELETED
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    fullname: Mapped[str] = mapped_column(String(150))
    position: Mapped[str] = mapped_column(String(120))
    division: Mapped[str | None] = mapped_column(String(120))
    client_name: Mapped[str] = mapped_column(String(150))
    changes: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
