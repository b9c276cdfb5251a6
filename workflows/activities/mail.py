"""Mail activities."""

from __future__ import annotations

from functools import lru_cache

import redis
from temporalio import activity
from temporalio.exceptions import ApplicationError

from api.auth import service as auth_service
from api.core.config import get_settings
from api.core.mail import attach, deliver
from api.core.redis import make_redis
from api.core.storage import open_storage
from workflows.activities.db import sessions
from workflows.contracts.mail import DeliverMail, PasswordResetMail


@activity.defn
def deliver_mail(data: DeliverMail) -> str:
    """Hand the message to SMTP, or write it to the outbox (idempotent by key)."""
    settings = get_settings()
    raw = data.raw
    if data.attachment is not None:
        a = data.attachment
        stored = open_storage(settings).find(a.namespace, a.key)
        if stored is None:
            raise ApplicationError(f"attachment {a.namespace}/{a.key} is missing", type="MissingAttachment",
                                   non_retryable=True)
        raw = attach(raw, filename=a.filename, content_type=a.content_type, data=stored.read_bytes())
    return deliver(raw, settings=settings, key=data.key)


@lru_cache
def _redis() -> redis.Redis:
    url = get_settings().redis_url
    assert url, "REDIS_URL is not set"
    return make_redis(url)


@activity.defn
def send_password_reset_mail(data: PasswordResetMail) -> str:
    """Look the username up and mail a reset link to an active user with an address; 'no mail' otherwise."""
    settings = get_settings()
    with sessions()() as session:
        raw = auth_service.reset_mail(session=session, redis_client=_redis(), settings=settings,
                                      username=data.username, base_url=data.base_url, key=data.key)
    if raw is None:
        return "no mail"
    return deliver(raw, settings=settings, key=data.key)
