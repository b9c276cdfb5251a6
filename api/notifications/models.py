"""In-app notifications (APPROVAL or INFORMATION), each of a kind (the icon it shows) and about a subject (its
link, and the lead it concerns, from which the notifications service builds where it leads its reader)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class Notification(Base):
    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_user_read_created", "user_id", "is_read", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    notification_type: Mapped[str] = mapped_column(String(20))  # APPROVAL, INFORMATION
    message: Mapped[str] = mapped_column(Text)
    # REQUESTED (an approver is asked), APPROVED, REJECTED, REMINDER, INFO
    kind: Mapped[str] = mapped_column(String(20), default="INFO", server_default="INFO")
    # the subject as its writer names it (also how an approval's notifications are found again to settle them)
    link: Mapped[str | None] = mapped_column(String(200))
    # the lead it is about, when it is about one (no foreign key: a notification outlives nothing it names)
    lead_id: Mapped[int | None] = mapped_column(Integer)
    is_read: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
