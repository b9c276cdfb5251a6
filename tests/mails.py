"""A notification mail as its reader gets it: delivered by the worker's own activity (which mints an approver's
links then) into the outbox of this process's settings, and read back."""

from __future__ import annotations

import email.policy
import uuid
from email import message_from_string
from email.message import EmailMessage
from pathlib import Path

from workflows.activities.mail import deliver_notification_mail
from workflows.contracts.mail import DeliverNotificationMail


def delivered(mail_id: int) -> EmailMessage:
    where = deliver_notification_mail(DeliverNotificationMail(mail_id, f"test-mail-{mail_id}-{uuid.uuid4().hex}"))
    assert where != "no mail", f"notification mail {mail_id} is gone"
    message = message_from_string(Path(where).read_text(), policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def delivered_text(mail_id: int) -> str:
    """The text of the delivered message."""
    part = delivered(mail_id).get_body(("plain",))
    assert part is not None
    return str(part.get_content())
