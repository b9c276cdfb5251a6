"""Notification payloads (spec 1 §3, §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel

NotificationType = Literal["APPROVAL", "INFORMATION"]


class NotificationOut(CamelModel):
    id: int
    notification_type: NotificationType
    message: str
    link: str | None
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
