"""Notification mails, after their transaction: each waiting row is handed to a SendMailWorkflow of its own (id
`notification-mail-{id}@{task queue}`, refused when it ran before, so a row handed twice is mailed once), which
retries until the mail server takes it. The reminder sweep does this on every pass (20 s)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from temporalio.client import Client as TemporalClient
from temporalio.common import WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError

from api.core.config import get_settings
from api.core.mail import build_message
from api.notifications.models import NotificationMail
from workflows.contracts.mail import SEND_MAIL, SendMailInput

log = logging.getLogger(__name__)
BATCH = 100


def mail_workflow_id(mail_id: int, task_queue: str) -> str:
    return f"notification-mail-{mail_id}@{task_queue}"


def waiting(session: Session) -> list[tuple[int, str, str]]:
    """(id, purpose, whole message) of the mails not handed over yet, oldest first."""
    sender = get_settings().mail_from
    rows = session.scalars(select(NotificationMail).where(NotificationMail.handed_at.is_(None))
                           .order_by(NotificationMail.id).limit(BATCH)).all()
    return [(m.id, f"notification {m.action}",
             build_message(sender=sender, to=m.address, subject=m.subject, text=m.body)) for m in rows]


def handed(session: Session, ids: list[int]) -> None:
    if ids:
        session.execute(update(NotificationMail).where(NotificationMail.id.in_(ids))
                        .values(handed_at=datetime.now(UTC)))
        session.commit()


async def hand_over(client: TemporalClient, task_queue: str, mails: list[tuple[int, str, str]]) -> list[int]:
    """Start each mail's workflow; returns the ids now in Temporal's hands (started now or before)."""
    done: list[int] = []
    for mail_id, purpose, raw in mails:
        try:
            await client.start_workflow(SEND_MAIL, SendMailInput(raw=raw, purpose=purpose),
                                        id=mail_workflow_id(mail_id, task_queue), task_queue=task_queue,
                                        id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
                                        static_summary=f"Mail: {purpose}")
        except WorkflowAlreadyStartedError:
            pass  # handed over before; the row was not marked (a crash in between)
        except Exception:  # Temporal unreachable: the next pass tries again
            log.exception("could not hand notification mail %s to Temporal", mail_id)
            continue
        done.append(mail_id)
    return done
