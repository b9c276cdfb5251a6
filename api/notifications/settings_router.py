"""Notification and reminder settings calls: the same calls under two pages, each reaching its own category's
settings only (`/notification-setting` for system/notification-management, `/reminder-setting` for
system/reminder-management)."""

# No `from __future__ import annotations`: the routes are closures whose annotations use `page`.

from typing import Annotated

from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.deps import Authz, SessionDep
from api.notifications import settings
from api.notifications.catalogue import NOTIFICATION, REMINDER
from api.notifications.schemas import (
    NotificationSettingIn,
    NotificationSettingOut,
    PreviewIn,
    PreviewOut,
    SettingPerson,
)
from api.users.models import User

router = domain_router(tags=["notification settings"])


def _setting_routes(prefix: str, page: str, category: str, what: str) -> None:
    def list_(session: SessionDep, actor: Annotated[User, Authz(page, "read")],
              ) -> Envelope[list[NotificationSettingOut]]:
        return ok(settings.list_settings(session=session, category=category))

    def get(setting_id: Id, session: SessionDep,
            actor: Annotated[User, Authz(page, "read")]) -> Envelope[NotificationSettingOut]:
        return ok(settings.get_setting(session=session, category=category, setting_id=setting_id))

    def update(setting_id: Id, body: NotificationSettingIn, session: SessionDep,
               actor: Annotated[User, Authz(page, "edit")]) -> Envelope[NotificationSettingOut]:
        return ok(settings.update_setting(session=session, actor=actor, category=category, setting_id=setting_id,
                                          body=body))

    def preview(body: PreviewIn, actor: Annotated[User, Authz(page, "read")]) -> Envelope[PreviewOut]:
        return ok(settings.preview(category=category, body=body))

    def people(session: SessionDep, actor: Annotated[User, Authz(page, "read")]) -> Envelope[list[SettingPerson]]:
        return ok(settings.people(session=session))

    name = prefix.strip("/").replace("-", "_")
    for path, method, endpoint, summary in (
        ("", "GET", list_, f"Every {what} setting"),
        ("/people", "GET", people, "Active users, to name as recipients"),
        ("/preview", "POST", preview, "A template rendered with the action's sample values (422 with what is "
                                      "wrong, as saving would refuse it)"),
        ("/{setting_id}", "GET", get, f"A {what} setting, with its recipients, variables and preview"),
        ("/{setting_id}", "PUT", update, f"Change a {what} setting (refused whole when any part is wrong)"),
    ):
        endpoint.__name__ = f"{name}_{endpoint.__name__.strip('_')}"
        router.add_api_route(prefix + path, endpoint, methods=[method], summary=summary)


_setting_routes("/notification-setting", "system/notification-management", NOTIFICATION, "notification")
_setting_routes("/reminder-setting", "system/reminder-management", REMINDER, "reminder")
