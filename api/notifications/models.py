"""In-app notifications (APPROVAL or INFORMATION), each of a kind (the icon it shows) and about a subject (its
link, and the lead it concerns, from which the notifications service builds where it leads its reader)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String, Text, func, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class Notification(Base):
    __tablename__ = "notifications"
    __table_args__ = (
        Index("ix_notifications_user_read_created", "user_id", "is_read", "created_at"),
        # an approval's unread notifications found again by their link to settle them (two or three per approval):
        # without it each of those scanned every notification ever sent
        Index("ix_notifications_unread_link", "link", postgresql_where=text("is_read IS false")),
    )

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


class NotificationSetting(Base):
    """How one action tells people (api/notifications/catalogue.py lists the actions): its channels, recipients
    (codes, and users named by id), message template and, for a schedule's reminder, its lead time. One row per
    action, seeded by the migration with today's texts; administrators edit them."""

    __tablename__ = "notification_settings"

    id: Mapped[int] = mapped_column(primary_key=True)
    category: Mapped[str] = mapped_column(String(20))  # NOTIFICATION, REMINDER
    action: Mapped[str] = mapped_column(String(40), unique=True)
    channels: Mapped[list[str]] = mapped_column(ARRAY(String(20)), default=list, server_default="{}")
    recipients: Mapped[list[str]] = mapped_column(ARRAY(String(20)), default=list, server_default="{}")
    user_ids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list, server_default="{}")
    message_template: Mapped[str] = mapped_column(Text)
    lead_minutes: Mapped[int | None] = mapped_column(Integer)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # counted up by each save: a save of an older version is refused (api/core/versions.py)
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


class NotificationMail(Base):
    """A notification's e-mail, written in the transaction that raises it and handed to a SendMailWorkflow (id
    `notification-mail-{id}@{queue}`: once) by the notification mail pass of the reminder sweep."""

    __tablename__ = "notification_mails"
    __table_args__ = (Index("ix_notification_mails_waiting", "id", postgresql_where=text("handed_at IS NULL")),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    address: Mapped[str] = mapped_column(String(160))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    action: Mapped[str] = mapped_column(String(40))
    # an approver's Approve and Reject links (api/approvals/mail_links.py) for this request's layer: minted when the
    # mail is delivered, inside its activity, so no usable link is kept in this table or in a workflow's history
    approval_request_id: Mapped[int | None] = mapped_column()
    approval_layer: Mapped[int | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    handed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class NotificationEvent(Base):
    """An event told once (e.g. `pid-generated:12`): a second telling of the same key sends nothing."""

    __tablename__ = "notification_events"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
