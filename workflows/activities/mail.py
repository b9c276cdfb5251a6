"""Mail activities."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class DeliverMail:
    raw: str
    key: str  # the workflow id: a retried delivery writes the same outbox file


@activity.defn
def deliver_mail(data: DeliverMail) -> str:
    """Hand the message to SMTP, or write it to the outbox (idempotent by key)."""
    from api.core.config import get_settings
    from api.core.mail import deliver

    return deliver(data.raw, settings=get_settings(), key=data.key)
