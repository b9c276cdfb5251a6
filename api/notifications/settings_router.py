"""Notification and reminder settings calls: the same calls under two pages, each reaching its own category's
settings only (`/notification-setting` for system/notification-management, `/reminder-setting` for
system/reminder-management). Spec 1 §3 names a setting's action `notificationAction` or `reminderAction` by its
category, so each family answers (and previews) its own shape."""

from __future__ import annotations

from typing import Annotated

from api.core.deps import Authz, SessionDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.notifications import settings
from api.notifications.catalogue import NOTIFICATION, REMINDER
from api.notifications.schemas import (
    NotificationPreviewIn,
    NotificationSettingIn,
    NotificationSettingOut,
    PreviewOut,
    ReminderPreviewIn,
    ReminderSettingOut,
    SettingPerson,
)
from api.users.models import User

router = domain_router(tags=["notification settings"])

NotificationReader = Annotated[User, Authz("system/notification-management", "read")]
NotificationEditor = Annotated[User, Authz("system/notification-management", "edit")]
ReminderReader = Annotated[User, Authz("system/reminder-management", "read")]
ReminderEditor = Annotated[User, Authz("system/reminder-management", "edit")]
PREVIEW = "A template rendered with the action's sample values (422 with what is wrong, as saving would refuse it)"
PEOPLE = "Active users, to name as recipients"
UPDATE = "Change a {} setting (refused whole when any part is wrong)"


@router.get("/notification-setting", summary="Every notification setting")
def notification_setting_list(session: SessionDep, actor: NotificationReader,
                              ) -> Envelope[list[NotificationSettingOut]]:
    return ok(settings.list_settings(session=session, category=NOTIFICATION, out=NotificationSettingOut))


@router.get("/notification-setting/people", summary=PEOPLE)
def notification_setting_people(session: SessionDep, actor: NotificationReader) -> Envelope[list[SettingPerson]]:
    return ok(settings.people(session=session))


@router.post("/notification-setting/preview", summary=PREVIEW)
def notification_setting_preview(body: NotificationPreviewIn, actor: NotificationReader) -> Envelope[PreviewOut]:
    return ok(settings.preview(category=NOTIFICATION, body=body))


@router.get("/notification-setting/{setting_id}",
            summary="A notification setting, with its recipients, variables and preview")
def notification_setting_get(setting_id: Id, session: SessionDep,
                             actor: NotificationReader) -> Envelope[NotificationSettingOut]:
    return ok(settings.get_setting(session=session, category=NOTIFICATION, setting_id=setting_id,
                                   out=NotificationSettingOut))


@router.put("/notification-setting/{setting_id}", summary=UPDATE.format("notification"))
def notification_setting_update(setting_id: Id, body: NotificationSettingIn, session: SessionDep,
                                actor: NotificationEditor) -> Envelope[NotificationSettingOut]:
    return ok(settings.update_setting(session=session, actor=actor, category=NOTIFICATION, setting_id=setting_id,
                                      body=body, out=NotificationSettingOut))


@router.get("/reminder-setting", summary="Every reminder setting")
def reminder_setting_list(session: SessionDep, actor: ReminderReader) -> Envelope[list[ReminderSettingOut]]:
    return ok(settings.list_settings(session=session, category=REMINDER, out=ReminderSettingOut))


@router.get("/reminder-setting/people", summary=PEOPLE)
def reminder_setting_people(session: SessionDep, actor: ReminderReader) -> Envelope[list[SettingPerson]]:
    return ok(settings.people(session=session))


@router.post("/reminder-setting/preview", summary=PREVIEW)
def reminder_setting_preview(body: ReminderPreviewIn, actor: ReminderReader) -> Envelope[PreviewOut]:
    return ok(settings.preview(category=REMINDER, body=body))


@router.get("/reminder-setting/{setting_id}", summary="A reminder setting, with its recipients, variables and preview")
def reminder_setting_get(setting_id: Id, session: SessionDep, actor: ReminderReader) -> Envelope[ReminderSettingOut]:
    return ok(settings.get_setting(session=session, category=REMINDER, setting_id=setting_id,
                                   out=ReminderSettingOut))


@router.put("/reminder-setting/{setting_id}", summary=UPDATE.format("reminder"))
def reminder_setting_update(setting_id: Id, body: NotificationSettingIn, session: SessionDep,
                            actor: ReminderEditor) -> Envelope[ReminderSettingOut]:
    return ok(settings.update_setting(session=session, actor=actor, category=REMINDER, setting_id=setting_id,
                                      body=body, out=ReminderSettingOut))
