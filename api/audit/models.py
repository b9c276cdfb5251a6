"""The audit of administration: who changed which user, leader, role, menu, page or access right, when, and from what
to what. Entries are only ever added: a trigger refuses to delete one, always, and to update one except in a user's
erasure, which may rewrite only its label and changes (migrations 'audit entries' and 70a758a5fdf9,
api/audit/erasure.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from sqlalchemy import DateTime, ForeignKey, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base

Subject = Literal["USER", "HIERARCHY", "ROLE", "MENU", "PAGE", "ACCESS", "ROLE_MAPPING", "IMPORT", "CONTACT"]
Action = Literal["CREATE", "UPDATE", "DEACTIVATE", "ACTIVATE", "DELETE", "PASSWORD_SET", "UNLOCK", "MOVE", "GRANT",
                 "REVOKE", "CHANGE", "SECOND_FACTOR_RESET", "IMPORT", "UNDO", "EXPORT", "ERASE"]


class AuditEntry(Base):
    __tablename__ = "audit_entries"
    __table_args__ = (Index("ix_audit_entries_subject", "subject", "subject_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), index=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)  # None: the system
    subject: Mapped[str] = mapped_column(String(20))  # USER, HIERARCHY, ROLE, MENU, PAGE, ACCESS, ROLE_MAPPING, CONTACT
    subject_id: Mapped[str] = mapped_column(String(80))  # the user's or menu's id, the role's name, the page code
    subject_label: Mapped[str] = mapped_column(String(200))  # what it was called when changed: "Sari Dewi (sales1)"
    action: Mapped[str] = mapped_column(String(20))  # CREATE, UPDATE, DEACTIVATE, ACTIVATE, DELETE, GRANT, ...
    # [{"field": "leader", "old": "Budi Santoso", "new": "Rina Wijaya"}, ...]: what a reader needs, in words
    changes: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
