"""Notification payloads (spec 1 §3, §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from api.core.inputs import Id, Version
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


# -- notification and reminder settings (administration) ------------------------------------------------------------

Channel = Literal["IN_APP", "EMAIL"]
RecipientCode = Literal["REQUESTER", "APPROVERS", "SALES_PERSON", "TEAM_LEADER", "USERS"]
SettingCategory = Literal["NOTIFICATION", "REMINDER"]


class SettingPerson(CamelModel):
    id: int
    fullname: str


class RecipientOption(CamelModel):
    code: RecipientCode
    label: str = Field(description="What the recipient means for this action")


class TemplateVariable(CamelModel):
    name: str
    description: str
    sample: str = Field(description="The value the preview uses")
    optional: bool = Field(description="May be empty when a message is sent (the template must render then too)")


class LeadMinutesRange(CamelModel):
    min: int
    max: int


class SettingOut(CamelModel):
    """A notification or reminder setting (spec 1 §3: id, channel, notificationAction or reminderAction,
    messageTemplate, type, recipient list), with what its screen needs to edit it."""

    id: int
    category: SettingCategory
    action: str
    label: str
    description: str
    type: NotificationType = Field(description="The bell tab its in-app notifications go to (approvers asked to "
                                   "act get APPROVAL)")
    kind: NotificationKind = Field(description="The icon its notifications show")
    channel: list[Channel] = Field(description="The channels it goes through: IN_APP, EMAIL, both, or none (nothing "
                                   "is sent)")
    recipient_list: list[RecipientCode] = Field(description="Who receives it (USERS: the named `users`)")
    users: list[SettingPerson] = Field(description="The named users (recipient USERS)")
    message_template: str
    lead_minutes: int | None = Field(description="Minutes before the activity starts (SCHEDULE_STARTING only)")
    has_lead_time: bool
    lead_minutes_range: LeadMinutesRange | None = Field(description="The lead times it takes, when it has one")
    fixed_days: list[int] = Field(description="A reminder at fixed moments: the days since the event (a lead's "
                                  "last contact) it goes out at, once each")
    recipient_options: list[RecipientOption]
    variables: list[TemplateVariable]
    default_template: str
    preview: str | None = Field(description="The template rendered with the sample values")
    updated_at: datetime
    updated_by: str | None
    version: int = Field(description="Sent back with the save: a save of an older version is refused (409)")


class NotificationSettingOut(SettingOut):
    action: str = Field(alias="notificationAction", description=(
        "REQUEST_SUBMITTED, REQUEST_DECIDED, REQUEST_ESCALATED, REQUEST_APPROVED, REQUEST_REJECTED, "
        "REQUEST_WITHDRAWN, PID_GENERATED, LEADS_REASSIGNED"))


class ReminderSettingOut(SettingOut):
    action: str = Field(alias="reminderAction",
                        description="REQUEST_REMINDED, SCHEDULE_STARTING, LEAD_NOT_CONTACTED")


Code = Annotated[str, Field(max_length=20)]


class NotificationSettingIn(CamelModel):
    """A setting as saved (either category): its channel, recipient list, named users, template and lead time."""

    # codes checked by the service, so a wrong one is named in its message (not refused by the schema alone)
    channel: list[Code] = Field(max_length=2)
    recipient_list: list[Code] = Field(max_length=5)
    user_ids: list[Id] = Field(default_factory=list, max_length=50)
    message_template: str = Field(max_length=4000)
    lead_minutes: int | None = Field(default=None, ge=-(2**31), le=2**31 - 1)
    version: Version = Field(description="The setting's version when the form opened it")


class PreviewIn(CamelModel):
    """A template to render with an action's sample values."""

    action: str = Field(max_length=40)
    message_template: str = Field(max_length=4000)


class NotificationPreviewIn(PreviewIn):
    action: str = Field(alias="notificationAction", max_length=40)


class ReminderPreviewIn(PreviewIn):
    action: str = Field(alias="reminderAction", max_length=40)


class PreviewOut(CamelModel):
    message: str
