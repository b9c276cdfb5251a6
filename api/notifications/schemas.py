"""Notification payloads (spec 1 §3, §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel

NotificationType = Literal["APPROVAL", "INFORMATION"]
NotificationKind = Literal["REQUESTED", "APPROVED", "REJECTED", "REMINDER", "INFO"]


class NotificationOut(CamelModel):
    id: int
    notification_type: NotificationType
    kind: NotificationKind = Field(description="What happened, for its icon: an approver is asked (REQUESTED), "
                                   "a request was APPROVED or REJECTED, a REMINDER, or other INFO")
    message: str
    link: str | None = Field(description="The subject as its writer named it")
    target: str = Field(description="The page this notification opens for the reader, one their role may open: "
                        "the lead (a sales person), the lead's read-only view (an approver), the cost sheet, "
                        "the approval queue, or the inbox when none of those")
    is_read: bool
    created_at: datetime


class Pagination(CamelModel):
    page: int
    has_more: bool


class NotificationPage(CamelModel):
    data: list[NotificationOut]
    pagination: Pagination


class NotificationLimited(CamelModel):
    data: list[NotificationOut]
    total: int = Field(description="Unread notifications of this type")


class MarkReadIn(CamelModel):
    ids: list[Id] = Field(max_length=500)


class ReadAllIn(CamelModel):
    type: Literal["ALL", "APPROVAL", "INFORMATION"] | None = None
    user: Id | None = None
