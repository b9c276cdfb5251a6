"""Telling people of an event as its setting says (the one path every notification and reminder of the catalogue
takes): the setting's recipients are found among the event's people (the requester, the approvers, the sales
person), the sales person's team leader and the users it names; each active one gets the message rendered from the
setting's template, in the app (the bell) and by e-mail when those channels are on. Everything is added to the
caller's transaction: the notification, its mail and the event's record commit together or not at all. The caller
publishes the returned users to the live bell after committing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.core.config import get_settings
from api.core.db import table_of
from api.notifications import settings, templating
from api.notifications.catalogue import ACTIONS, APPROVERS, EMAIL, IN_APP, SALES_PERSON, TEAM_LEADER, USERS
from api.notifications.models import Notification, NotificationEvent, NotificationMail
from api.notifications.service import notification
from api.users.models import User


@dataclass
class Event:
    values: Mapping[str, object]  # the template's variables (`recipient` is added per reader)
    people: dict[str, list[int]] = field(default_factory=dict)  # REQUESTER, APPROVERS, SALES_PERSON -> user ids
    link: str | None = None
    lead_id: int | None = None
    # the approval (request id, layer) whose Approve and Reject links a reader's mail gets, or None: the links are
    # minted when the mail is delivered (with_links), never stored
    mail_links: Callable[[int], tuple[int, int] | None] | None = None


def first_time(session: Session, key: str) -> bool:
    """Record an event by its key (e.g. `pid-generated:12`) in the caller's transaction: False when it was recorded
    before (its telling is done, or being done by whoever holds the row)."""
    return session.execute(insert(NotificationEvent).values(key=key).on_conflict_do_nothing()
                           .returning(NotificationEvent.key)).first() is not None


def recipients(session: Session, codes: list[str], people: Mapping[str, list[int]], named: list[int]) -> list[int]:
    """The user ids the codes reach, each once, in the order of the codes."""
    found: list[int] = []
    for code in codes:
        if code == TEAM_LEADER and (sales := people.get(SALES_PERSON)):
            found += [i for i in session.scalars(select(User.leader_id).where(User.id.in_(sales))) if i]
        elif code == USERS:
            found += named
        else:
            found += people.get(code, [])
    return list(dict.fromkeys(found))


def sends(session: Session, code: str) -> bool:
    """Whether the setting of the action `code` sends anything (tell builds no event otherwise)."""
    return bool(settings.for_action(session, code).channels)


def tell(session: Session, code: str, build: Callable[[], Event]) -> list[int]:
    """Add the notifications and mails of an event of the action `code` to the session; returns the users told in
    the app. `build` is called only when the action's setting sends anything (an approval's event takes reads)."""
    action = ACTIONS[code]
    setting = settings.for_action(session, code)
    if not setting.channels:
        return []
    event = build()
    ids = recipients(session, setting.recipients, event.people, setting.user_ids)
    if not ids:
        return []
    readers = session.execute(select(User.id, User.fullname, User.email)
                              .where(User.id.in_(ids), User.is_active)).tuples().all()
    by_id = {i: (name, email) for i, name, email in readers}
    approvers = set(event.people.get(APPROVERS, []))
    told: list[int] = []
    notes: list[dict[str, object]] = []
    mails: list[dict[str, object]] = []
    for user_id in ids:
        if user_id not in by_id:
            continue
        name, email = by_id[user_id]
        message = templating.render(action, setting.message_template, {**event.values, "recipient": name})
        if IN_APP in setting.channels:
            asked = action.notification_type == "APPROVAL" and user_id in approvers
            notes.append(notification(user_id=user_id, notification_type="APPROVAL" if asked else "INFORMATION",
                                      message=message, link=event.link, kind=action.kind, lead_id=event.lead_id))
            told.append(user_id)
        if EMAIL in setting.channels and email:
            links = event.mail_links(user_id) if event.mail_links else None
            mails.append({"user_id": user_id, "address": email, "subject": action.mail_subject,
                          "body": _mail_body(message, event.link), "action": action.code,
                          "approval_request_id": links[0] if links else None,
                          "approval_layer": links[1] if links else None})
    # one statement each, whatever the number of readers (with RETURNING the rows go as one multi-row INSERT, its
    # compiled form cached)
    if notes:
        table = table_of(Notification)
        session.execute(insert(table).returning(table.c.id), notes)
    if mails:
        table = table_of(NotificationMail)
        session.execute(insert(table).returning(table.c.id), mails)
    return told


_OPEN = "Open it in the CRM: "


def _mail_body(message: str, link: str | None) -> str:
    url = get_settings().public_url + (link or "/user/inbox")
    return f"{message}\n\n{_OPEN}{url}\n"


def with_links(body: str, links: str) -> str:
    """A stored mail body with an approver's link lines put before its last line (the CRM's address)."""
    head, sep, tail = body.rpartition(f"\n\n{_OPEN}")
    return f"{head}\n\n{links}\n{_OPEN}{tail}" if sep else f"{body}\n{links}"
