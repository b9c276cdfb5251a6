"""Notification and reminder settings (system/notification-management, system/reminder-management): one row per
action of the catalogue, seeded with today's texts, read and changed by administrators. A change is checked whole
before it is saved: channels, recipients the action can reach, named users who exist, a lead time in range, and a
template that renders (api/notifications/templating.py)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

import redis
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.core import versions
from api.core.config import get_settings
from api.core.errors import NotFound, ValidationFailed
from api.core.redis import process_redis
from api.notifications import templating
from api.notifications.catalogue import ACTIONS, CHANNELS, LEAD_MINUTES, USERS, Action
from api.notifications.models import NotificationSetting
from api.notifications.schemas import (
    LeadMinutesRange,
    NotificationSettingIn,
    PreviewIn,
    PreviewOut,
    RecipientOption,
    SettingOut,
    SettingPerson,
    TemplateVariable,
)
from api.users.models import User

NOT_FOUND = "Setting not found."
UNKNOWN_ACTION = "Unknown action '{action}'."
NOT_A_RECIPIENT = "'{code}' is not a recipient of {label}."
UNKNOWN_CHANNEL = "'{code}' is not a channel: use IN_APP or EMAIL."
NO_RECIPIENT = "Choose at least one recipient, or no channel to send nothing."
NO_USERS = "Choose at least one user for Named users."
USERS_WITHOUT_CODE = "Named users are chosen but 'Named users' is not among the recipients."
UNKNOWN_USERS = "These users do not exist or are inactive: {ids}."
LEAD_MINUTES_RANGE = f"The lead time must be between {LEAD_MINUTES[0]} and {LEAD_MINUTES[1]:,} minutes."
NO_LEAD_TIME = "{label} has no lead time."
Out = TypeVar("Out", bound=SettingOut)  # a category's answer: its action named notificationAction or reminderAction


def seed_settings(session: Session) -> None:
    """One setting per action of the catalogue, with its defaults; settings already there are left as they are."""
    rows = [{"category": a.category, "action": a.code, "channels": list(a.default_channels),
             "recipients": list(a.default_recipients), "user_ids": [], "message_template": a.default_template,
             "lead_minutes": a.default_lead_minutes} for a in ACTIONS.values()]
    session.execute(insert(NotificationSetting).values(rows).on_conflict_do_nothing(index_elements=["action"]))


# The settings as each process last read them, with the version they were read at: a notification reads its
# action's setting (four per approval) and administrators rarely change one. `changed()` after a change commits
# gives the settings a new version in Redis, and every process reads them again on its next use.
VERSION_KEY = "notifications:settings-version"


@dataclass(frozen=True)
class Setting:
    """What telling of an action needs of its setting (a copy; the row may have changed since)."""

    channels: list[str]
    recipients: list[str]
    user_ids: list[int]
    message_template: str
    lead_minutes: int | None


_cache: dict[tuple[str, str], tuple[str | None, Setting]] = {}


def _version() -> tuple[redis.Redis | None, str | None]:
    url = get_settings().redis_url
    if not url:
        return None, None
    client = process_redis(url)
    version = client.get(VERSION_KEY)
    return client, None if version is None else str(version)


def changed() -> None:
    """Call after a setting's change commits: every process reads the settings again (a fresh version, never one
    seen before, so a Redis emptied meanwhile cannot bring an old copy back)."""
    client, _ = _version()
    if client is not None:
        client.set(VERSION_KEY, uuid.uuid4().hex)


def for_action(session: Session, code: str) -> Setting:
    """The setting of an action (the catalogue's defaults when a database was never seeded)."""
    client, version = _version()
    key = (str(session.get_bind().engine.url), code)
    hit = _cache.get(key) if client is not None else None
    if hit is not None and hit[0] == version:
        return hit[1]
    row = session.scalar(select(NotificationSetting).where(NotificationSetting.action == code))
    if row is None:  # kept as well: an action nobody set reads its defaults without a statement each time
        a = ACTIONS[code]
        found = Setting(channels=list(a.default_channels), recipients=list(a.default_recipients), user_ids=[],
                        message_template=a.default_template, lead_minutes=a.default_lead_minutes)
    else:
        found = Setting(channels=list(row.channels), recipients=list(row.recipients), user_ids=list(row.user_ids),
                        message_template=row.message_template, lead_minutes=row.lead_minutes)
    if client is not None:
        _cache[key] = (version, found)  # the version read before the row: a change meanwhile reads it again
    return found


def lead_minutes(session: Session, code: str) -> int:
    minutes = for_action(session, code).lead_minutes
    return minutes if minutes is not None else ACTIONS[code].default_lead_minutes or 0


def _names(session: Session, rows: Sequence[NotificationSetting]) -> dict[int, str]:
    """The full names of the users the settings name and of who last changed them (one statement for a list)."""
    ids = {i for row in rows for i in row.user_ids} | {row.updated_by for row in rows if row.updated_by}
    return dict(session.execute(select(User.id, User.fullname).where(User.id.in_(ids))).tuples().all()) if ids else {}


def _out(out: type[Out], row: NotificationSetting, names: dict[int, str]) -> Out:
    a = ACTIONS[row.action]
    return out(
        id=row.id, category=row.category, action=row.action, label=a.label, description=a.description,
        type=a.notification_type, kind=a.kind, channel=row.channels, recipient_list=row.recipients,
        users=[SettingPerson(id=i, fullname=names[i]) for i in row.user_ids if i in names],
        message_template=row.message_template, lead_minutes=row.lead_minutes,
        has_lead_time=a.default_lead_minutes is not None,
        lead_minutes_range=LeadMinutesRange(min=LEAD_MINUTES[0], max=LEAD_MINUTES[1])
        if a.default_lead_minutes is not None else None,
        fixed_days=list(a.fixed_days),
        recipient_options=[RecipientOption(code=c, label=label) for c, label in a.recipients.items()],
        variables=[TemplateVariable(name=v.name, description=v.description, sample=str(v.sample),
                                    optional=v.optional) for v in a.variables],
        default_template=a.default_template, preview=templating.preview(a, row.message_template)
        if not templating.errors(a, row.message_template) else None,
        updated_at=row.updated_at, updated_by=names.get(row.updated_by) if row.updated_by else None,
        version=row.version)


def _one(out: type[Out], session: Session, row: NotificationSetting) -> Out:
    return _out(out, row, _names(session, [row]))


def list_settings(*, session: Session, category: str, out: type[Out]) -> list[Out]:
    """The category's settings, each as `out` (NotificationSettingOut or ReminderSettingOut: how its action is
    named)."""
    rows = [row for row in session.scalars(select(NotificationSetting).where(NotificationSetting.category == category)
                                           .order_by(NotificationSetting.id)) if row.action in ACTIONS]
    names = _names(session, rows)
    return [_out(out, row, names) for row in rows]


def _row(session: Session, category: str, setting_id: int) -> NotificationSetting:
    row = session.get(NotificationSetting, setting_id)
    if row is None or row.category != category or row.action not in ACTIONS:
        raise NotFound(NOT_FOUND)
    return row


def get_setting(*, session: Session, category: str, setting_id: int, out: type[Out]) -> Out:
    return _one(out, session, _row(session, category, setting_id))


def _errors(session: Session, a: Action, body: NotificationSettingIn) -> list[str]:
    found: list[str] = []
    found += [UNKNOWN_CHANNEL.format(code=c) for c in body.channel if c not in CHANNELS]
    found += [NOT_A_RECIPIENT.format(code=c, label=a.label) for c in body.recipient_list if c not in a.recipients]
    if body.channel and not body.recipient_list:
        found.append(NO_RECIPIENT)
    if USERS in body.recipient_list and not body.user_ids:
        found.append(NO_USERS)
    if body.user_ids and USERS not in body.recipient_list:
        found.append(USERS_WITHOUT_CODE)
    if body.user_ids:
        active = set(session.scalars(select(User.id).where(User.id.in_(body.user_ids), User.is_active)))
        missing = [i for i in body.user_ids if i not in active]
        if missing:
            found.append(UNKNOWN_USERS.format(ids=", ".join(map(str, missing))))
    if a.default_lead_minutes is None:
        if body.lead_minutes is not None:
            found.append(NO_LEAD_TIME.format(label=a.label))
    elif body.lead_minutes is None or not LEAD_MINUTES[0] <= body.lead_minutes <= LEAD_MINUTES[1]:
        found.append(LEAD_MINUTES_RANGE)
    return found + templating.errors(a, body.message_template)


def update_setting(*, session: Session, actor: User, category: str, setting_id: int,
                   body: NotificationSettingIn, out: type[Out]) -> Out:
    """Save the setting as sent, or refuse it whole (422, every problem named; 409 when someone else saved it since
    the form opened it)."""
    row = _row(session, category, setting_id)
    a = ACTIONS[row.action]
    problems = _errors(session, a, body)
    if problems:
        raise ValidationFailed(problems)
    versions.claim(session, NotificationSetting, row.id, body.version, what=f"The setting '{a.label}'")
    row.channels = list(dict.fromkeys(body.channel))
    row.recipients = list(dict.fromkeys(body.recipient_list))
    row.user_ids = list(dict.fromkeys(body.user_ids))
    row.message_template = body.message_template.strip()
    row.lead_minutes = body.lead_minutes
    row.updated_by = actor.id
    row.updated_at = datetime.now(UTC)
    session.commit()
    changed()
    return _one(out, session, row)


def preview(*, category: str, body: PreviewIn) -> PreviewOut:
    """The message a template makes of the action's sample values, or 422 with what is wrong (as saving would)."""
    a = ACTIONS.get(body.action)
    if a is None or a.category != category:
        raise NotFound(UNKNOWN_ACTION.format(action=body.action))
    problems = templating.errors(a, body.message_template)
    if problems:
        raise ValidationFailed(problems)
    return PreviewOut(message=templating.preview(a, body.message_template))


def people(*, session: Session) -> list[SettingPerson]:
    """Active users, to name as recipients."""
    return [SettingPerson(id=i, fullname=name) for i, name in session.execute(
        select(User.id, User.fullname).where(User.is_active).order_by(User.fullname)).tuples()]
