"""Mail activities."""

from __future__ import annotations

from functools import lru_cache

import redis
from temporalio import activity
from temporalio.exceptions import ApplicationError

from api.approvals import mail_links
from api.auth import service as auth_service
from api.auth import verification
from api.core.config import get_settings
from api.core.mail import attach, deliver
from api.core.redis import make_redis
from api.core.storage import open_storage
from api.notifications import mails as notification_mails
from workflows.activities.db import sessions
from workflows.contracts.mail import DeliverMail, DeliverNotificationMail, PasswordResetMail, SignInCodeMail


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


@activity.defn
def deliver_notification_mail(data: DeliverNotificationMail) -> str:
    """Write a notification mail from its row, with the approver's Approve and Reject links minted now (they are
    never stored, nor sent to Temporal), and hand it to SMTP or the outbox (idempotent by key)."""
    settings = get_settings()

    def links(user_id: int, request_id: int, layer: int) -> str:
        return mail_links.mail_text(settings, user_id=user_id, request_id=request_id, layer=layer)

    with sessions()() as session:
        raw = notification_mails.message(session, data.mail_id, links)
    if raw is None:
        return "no mail"
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


@activity.defn
def send_sign_in_code_mail(data: SignInCodeMail) -> str:
    """Mail the code of a sign-in challenge to its user; 'no mail' when the challenge is gone or was sent again."""
    settings = get_settings()
    with sessions()() as session:
        raw = verification.code_mail(session=session, redis_client=_redis(), settings=settings,
                                     challenge_id=data.challenge, key=data.key)
    if raw is None:
        return "no mail"
    return deliver(raw, settings=settings, key=data.key)
