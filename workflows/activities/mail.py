"""Mail activities."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity
from temporalio.exceptions import ApplicationError


@dataclass
class MailAttachment:
    """A file in storage (namespace/key) attached under `filename` when the message is delivered."""

    namespace: str
    key: str
    filename: str
    content_type: str = "application/octet-stream"


@dataclass
class DeliverMail:
    raw: str
    key: str  # the workflow id: a retried delivery writes the same outbox file
    attachment: MailAttachment | None = None


@activity.defn
def deliver_mail(data: DeliverMail) -> str:
    """Hand the message to SMTP, or write it to the outbox (idempotent by key)."""
    from api.core.config import get_settings
    from api.core.mail import attach, deliver
    from api.core.storage import Storage

    settings = get_settings()
    raw = data.raw
    if data.attachment is not None:
        a = data.attachment
        path = Storage(settings.storage_dir).path(a.namespace, a.key)
        if path is None:
            raise ApplicationError(f"attachment {a.namespace}/{a.key} is missing", type="MissingAttachment",
                                   non_retryable=True)
        raw = attach(raw, filename=a.filename, content_type=a.content_type, data=path.read_bytes())
    return deliver(raw, settings=settings, key=data.key)
