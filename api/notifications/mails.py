"""Notification mails, after their transaction: each waiting row is handed to a SendMailWorkflow of its own (id
`notification-mail-{id}@{task queue}`, refused when it ran before, so a row handed twice is mailed once), which
retries until the mail server takes it. The reminder sweep does this on every pass (20 s). The workflow gets the
row's id only: its activity writes the message (`message`), so neither the address nor an approver's links enter
the workflow's history."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.core import temporal
from api.core.config import get_settings
from api.core.mail import build_message
from api.notifications.dispatch import with_links
from api.notifications.models import NotificationMail

log = logging.getLogger(__name__)
BATCH = 100


def mail_workflow_id(mail_id: int, task_queue: str) -> str:
    return f"notification-mail-{mail_id}@{task_queue}"


def waiting(session: Session) -> list[tuple[int, str]]:
    """(id, purpose) of the mails not handed over yet, oldest first."""
    rows = session.execute(select(NotificationMail.id, NotificationMail.action)
                           .where(NotificationMail.handed_at.is_(None))
                           .order_by(NotificationMail.id).limit(BATCH)).tuples().all()
    return [(mail_id, f"notification {action}") for mail_id, action in rows]


def message(session: Session, mail_id: int, links: Callable[[int, int, int], str]) -> str | None:
    """The whole message of a mail, written when it is delivered: `links(user, request, layer)` mints an approver's
    Approve and Reject links then (api/approvals/mail_links.py). None when the row is gone."""
    mail = session.get(NotificationMail, mail_id)
    if mail is None:
        return None
    body = mail.body
    if mail.approval_request_id is not None and mail.approval_layer is not None:
        body = with_links(body, links(mail.user_id, mail.approval_request_id, mail.approval_layer))
    return build_message(sender=get_settings().mail_from, to=mail.address, subject=mail.subject, text=body)


def handed(session: Session, ids: list[int]) -> None:
    if ids:
        session.execute(update(NotificationMail).where(NotificationMail.id.in_(ids))
                        .values(handed_at=datetime.now(UTC)))
        session.commit()


async def hand_over(client: temporal.Client, task_queue: str, mails: list[tuple[int, str]]) -> list[int]:
    """Start each mail's workflow (which writes the message when it delivers it); returns the ids now in Temporal's
    hands (started now or before)."""
    done: list[int] = []
    for mail_id, purpose in mails:
        try:
            await temporal.hand_over_mail(client, mail_id, purpose, workflow_id=mail_workflow_id(mail_id, task_queue),
                                          task_queue=task_queue)  # False: handed over before, the row not marked
        except Exception:  # Temporal unreachable: the next pass tries again
            log.exception("could not hand notification mail %s to Temporal", mail_id)
            continue
        done.append(mail_id)
    return done
