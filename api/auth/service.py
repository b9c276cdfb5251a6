"""Sign-in, token refresh, sign-out and the forgot-password flow."""

from __future__ import annotations

import logging
import math
from urllib.parse import urlparse

import redis
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.auth import sessions
from api.auth.passwords import check_new_password
from api.auth.schemas import TokenPair
from api.core.config import Settings
from api.core.errors import BadRequest, TooManyRequests, Unauthorized, ValidationFailed
from api.core.mail import build_message, render
from api.core.security import digest, encode_access_token, hash_password, new_secret, verify_password
from api.core.temporal import start_workflow
from api.users.models import User

log = logging.getLogger(__name__)

INVALID_CREDENTIALS = "Invalid username or password combination"
SESSION_ENDED = "Your session has ended, please sign in again."
INVALID_RESET_LINK = "This password reset link is invalid or has expired."
RESET_FIELDS_REQUIRED = "User and reset token are required."

_FAIL_PREFIX = "auth:login-fail:"
_RESET_PREFIX = "auth:pwreset:"
_RESET_RATE_PREFIX = "auth:pwreset-rate:"


def locked_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return f"Too many failed sign-in attempts. Try again in {minutes} {unit}."


def get_user_by_username(session: Session, username: str) -> User | None:
    return session.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))


def _issue(settings: Settings, user_id: int, issued: sessions.Issued) -> TokenPair:
    token = encode_access_token(user_id=user_id, session_id=issued.session_id, key=settings.signing_key(),
                                algorithm=settings.jwt_algorithm, minutes=settings.access_token_minutes)
    return TokenPair(token=token, refresh_token=issued.refresh_token)


def login(*, session: Session, redis_client: redis.Redis, settings: Settings, username: str,
          password: str) -> TokenPair:
    """Tokens for valid credentials; failures per username are counted and lock the username for a while."""
    fail_key = _FAIL_PREFIX + username.strip().lower()
    failures = int(redis_client.get(fail_key) or 0)
    if failures >= settings.login_max_failures:
        raise TooManyRequests(locked_message(int(redis_client.ttl(fail_key))))

    user = get_user_by_username(session, username)
    if not verify_password(password, user.password_hash if user else None) or user is None or not user.is_active:
        pipe = redis_client.pipeline()
        pipe.incr(fail_key)
        pipe.expire(fail_key, settings.login_lock_minutes * 60)
        count = int(pipe.execute()[0])
        if count >= settings.login_max_failures:
            raise TooManyRequests(locked_message(settings.login_lock_minutes * 60))
        raise BadRequest(INVALID_CREDENTIALS)

    redis_client.delete(fail_key)
    issued = sessions.open_session(redis_client, user_id=user.id, ttl_seconds=settings.refresh_token_days * 86400)
    return _issue(settings, user.id, issued)


def refresh(*, redis_client: redis.Redis, settings: Settings, refresh_token: str) -> TokenPair:
    """A new token pair; the presented refresh token stops working. Reuse of a rotated one ends the session."""
    try:
        rotated = sessions.rotate(redis_client, refresh_token, ttl_seconds=settings.refresh_token_days * 86400)
    except sessions.RefreshReused as exc:
        log.warning("a rotated refresh token was presented again; its session is ended")
        raise Unauthorized(SESSION_ENDED) from exc
    if rotated is None:
        raise Unauthorized(SESSION_ENDED)
    user_id, issued = rotated
    return _issue(settings, user_id, issued)


def logout(*, redis_client: redis.Redis, session_id: str, refresh_token: str | None) -> None:
    sessions.close(redis_client, session_id)
    if refresh_token:
        sessions.close_refresh(redis_client, refresh_token)


def _reset_base_url(settings: Settings, requested: str | None) -> str:
    """The front end's origin for the link, if it is ours; never an arbitrary site (phishing)."""
    if requested:
        parsed = urlparse(requested)
        origin = f"{parsed.scheme}://{parsed.netloc}"
        allowed = {settings.public_url, *(o.rstrip("/") for o in settings.allowed_redirect_origins)}
        if parsed.scheme in ("http", "https") and origin in allowed:
            return origin
    return settings.public_url


def send_reset_mail(*, session: Session, redis_client: redis.Redis, settings: Settings, temporal: Client,
                    username: str, redirect_base_url: str | None) -> None:
    """Mail a one-time, expiring reset link. Unknown usernames get the same answer (no account probing)."""
    user = get_user_by_username(session, username)
    if user is None or not user.is_active or not user.email:
        log.info("password reset asked for %r: no active user with an e-mail address", username)
        return
    rate_key = _RESET_RATE_PREFIX + str(user.id)
    sent = int(redis_client.incr(rate_key))
    if sent == 1:
        redis_client.expire(rate_key, 900)
    if sent > 5:
        log.warning("password reset mails for user %s are rate limited", user.id)
        return

    token = new_secret(32)
    redis_client.set(_RESET_PREFIX + digest(token), user.id, ex=settings.password_reset_minutes * 60)
    link = f"{_reset_base_url(settings, redirect_base_url)}/forgot-password/{token}"
    log.info("password reset link for %s: %s", user.username, link)
    context = {"fullname": user.fullname, "username": user.username, "link": link,
               "minutes": settings.password_reset_minutes}
    raw = build_message(sender=settings.mail_from, to=user.email, subject="Reset your Pipeline CRM password",
                        text=render("password_reset.txt", **context), html=render("password_reset.html", **context))
    from workflows.mail import SendMailInput, SendMailWorkflow

    start_workflow(temporal, SendMailWorkflow.run, SendMailInput(raw=raw, purpose="password-reset"),
                   workflow_id=f"mail-password-reset-{user.id}-{digest(token)[:16]}",
                   task_queue=settings.temporal_task_queue)


def check_reset_token(*, session: Session, redis_client: redis.Redis, token: str) -> User:
    user_id = redis_client.get(_RESET_PREFIX + digest(token)) if token else None
    user = session.get(User, int(user_id)) if user_id else None
    if user is None or not user.is_active:
        raise BadRequest(INVALID_RESET_LINK)
    return user


def reset_password(*, session: Session, redis_client: redis.Redis, user_id: int | None, token: str | None,
                   new_password: str | None, confirmation: str | None) -> None:
    """Set a new password with a reset token; the token works once and every session of the user ends."""
    if not user_id or not token:
        raise ValidationFailed(RESET_FIELDS_REQUIRED)
    errors = check_new_password(new_password, confirmation)
    if errors:
        raise ValidationFailed(errors)
    owner = redis_client.getdel(_RESET_PREFIX + digest(token))
    if owner is None or int(owner) != user_id:
        raise BadRequest(INVALID_RESET_LINK)
    user = session.get(User, user_id)
    if user is None or not user.is_active:
        raise BadRequest(INVALID_RESET_LINK)
    set_password(session=session, redis_client=redis_client, user=user, password=new_password or "")
    redis_client.delete(_FAIL_PREFIX + user.username.lower())


def set_password(*, session: Session, redis_client: redis.Redis, user: User, password: str,
                 keep_session: str | None = None) -> None:
    from datetime import UTC, datetime

    user.password_hash = hash_password(password)
    user.password_changed_at = datetime.now(UTC)
    session.commit()
    sessions.close_all(redis_client, user.id, keep=keep_session)
