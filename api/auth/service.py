"""Sign-in (with a mailed code from a new device when its username is under attack), token refresh, sign-out and the
forgot-password flow."""

from __future__ import annotations

import base64
import hmac
import logging
import math
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlparse

import redis
from sqlalchemy import func
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.auth import devices, sessions, throttle, verification
from api.auth.oidc import leavers
from api.auth.passwords import check_new_password
from api.auth.second_factor import challenge as second_challenge
from api.auth.second_factor import codes as second_codes
from api.auth.second_factor import service as second_factor
from api.core import security
from api.core.config import Settings
from api.core.errors import BadRequest, Forbidden, NotFound, TooManyRequests, Unauthorized, ValidationFailed
from api.core.mail import build_message, render
from api.core.redis import count_in_window
from api.core.security import digest, encode_access_token, hash_password, new_secret, verify_password
from api.core.temporal import Client, send_password_reset_mail
from api.users import repository as users_repo
from api.users.models import User
from workflows.contracts.mail import PasswordResetMailInput

log = logging.getLogger(__name__)

INVALID_CREDENTIALS = "Invalid username or password combination"
SESSION_ENDED = "Your session has ended, please sign in again."
NOT_SIGNED_IN = "You are not signed in."
INVALID_RESET_LINK = "This password reset link is invalid or has expired."
RESET_FIELDS_REQUIRED = "User and reset token are required."

USER_NOT_FOUND = "User not found."
PASSWORD_SIGN_IN_OFF = "Sign-in with a password is turned off. Use your organisation's sign-in button instead."
PASSWORD_OFF_FOR_USER = ("Sign-in with a password is turned off for your account. Use your organisation's sign-in "
                         "button instead.")

_RESET_PREFIX = "auth:pwreset:"
_RESET_RATE_PREFIX = "auth:pwreset-rate:"
_RESET_ADDRESS_PREFIX = "auth:pwreset-addr:"
_RESET_WINDOW = 900  # seconds: the window of both limits on reset mails
_RESET_MAILS_PER_USER = 5  # per 15 minutes


def reset_requests_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return f"Too many password reset requests. Try again in {minutes} {unit}."


def get_user_by_username(session: Session, username: str) -> User | None:
    return users_repo.by_username(session, username)


@dataclass(frozen=True)
class TokenPair:
    """What a sign-in or a refresh hands out: the access token (answered) and the refresh token (a cookie)."""

    access_token: str
    refresh_token: str


def _issue(settings: Settings, user_id: int, issued: sessions.Issued, issued_at: int | None = None) -> TokenPair:
    token = encode_access_token(user_id=user_id, session_id=issued.session_id, key=settings.signing_key(),
                                algorithm=settings.jwt_algorithm, minutes=settings.access_token_minutes,
                                issued_at=issued_at)
    return TokenPair(access_token=token, refresh_token=issued.refresh_token)


@dataclass(frozen=True)
class SignedIn:
    """A finished sign-in: its token pair, and the browser's device cookie (the one it sent, or a new one)."""

    pair: TokenPair
    device: str


def login(*, session: Session, redis_client: redis.Redis, settings: Settings, temporal: Client, username: str,
          password: str, address: str, device: str | None) -> SignedIn:
    """Tokens for valid credentials, behind the sign-in throttle of this username and client address. When the
    username failed too often from everywhere lately, the right password from a device and an address that never
    signed in as its user gets DeviceVerificationRequired instead, and a code is mailed (api.auth.verification)."""
    _password_sign_in_on(settings)
    throttle.check(redis_client, settings, username=username, address=address)
    user = get_user_by_username(session, username)
    # on the bounded password pool: when it is full this raises 429 before the check, which is no failure
    verified = verify_password(password, user.password_hash if user else None)
    if not verified.ok or user is None or not user.is_active:
        throttle.failed(redis_client, settings, username=username, address=address)
        raise BadRequest(INVALID_CREDENTIALS)
    if not user.password_sign_in:  # said only to whom knows the password
        throttle.succeeded(redis_client, username=username, address=address)
        _password_sign_in_on(settings, user)

    if verified.rehashed:  # a hash of other parameters (an older profile's): rewritten in the sign-in's commit
        user.password_hash = verified.rehashed
    throttle.succeeded(redis_client, username=username, address=address)
    if second_factor.enabled(session, user.id):  # it proves more than a mailed code would: it replaces it
        session.commit()  # a rehashed password
        raise second_challenge.start(redis_client=redis_client, user=user, password_stamp=_password_stamp(user))
    device = devices.valid_device(device)
    # a known device leaves the mark in place: while the attack goes on, another new device still needs a code
    if throttle.needs_code(redis_client, username=username) and not devices.is_known(
            redis_client, settings, user_id=user.id, device=device, address=address):
        raise verification.start(redis_client=redis_client, settings=settings, temporal=temporal, user=user,
                                 password_stamp=_password_stamp(user))
    _enrol_first(session=session, redis_client=redis_client, settings=settings, user=user, no_factor=True)
    return _finish(session=session, redis_client=redis_client, settings=settings, user=user, device=device,
                   address=address)


def _password_sign_in_on(settings: Settings, user: User | None = None) -> None:
    """Refuse a password sign-in when it is off for everyone, or (with `user`) for this user."""
    if not settings.password_sign_in:
        raise Forbidden(PASSWORD_SIGN_IN_OFF)
    if user is not None and not user.password_sign_in:
        raise Forbidden(PASSWORD_OFF_FOR_USER)


def _still_signing_in(session: Session, settings: Settings, user_id: int, password_stamp: str,
                      expired: str) -> User:
    """The user of a password sign-in's pending step (a mailed code, a second factor, its enrolment), if it may still
    finish: active, the same password, and password sign-in still on for them (it may have been turned off meanwhile);
    else refused with `expired` or the switch's message."""
    user = session.get(User, user_id)
    if user is None or not user.is_active or not hmac.compare_digest(password_stamp, _password_stamp(user)):
        raise BadRequest(expired)  # deactivated, or the password changed since
    _password_sign_in_on(settings, user)
    return user


def _enrol_first(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User,
                 no_factor: bool = False) -> None:
    """A user whose role requires a second factor they have not set up enrols one before a session opens
    (`no_factor`: the caller read already that they have none)."""
    if user.role.require_second_factor if no_factor else second_factor.enrolment_required(session, user):
        session.commit()  # a rehashed password
        raise second_challenge.start_enrolment(redis_client=redis_client, settings=settings, user=user,
                                               password_stamp=_password_stamp(user))


def _challenged_user(session: Session, redis_client: redis.Redis, settings: Settings, pending: second_challenge.Pending,
                     address: str) -> User:
    """The user of a second-factor challenge, still active and with the same password; throttled by the address and
    the username as a password is."""
    user = _still_signing_in(session, settings, pending.user_id, pending.password_stamp, second_challenge.EXPIRED)
    throttle.check(redis_client, settings, username=user.username, address=address)
    return user


def verify_second_factor(*, session: Session, redis_client: redis.Redis, settings: Settings, challenge: str,
                         code: str | None, recovery_code: str | None, address: str, device: str | None) -> SignedIn:
    """Finish a sign-in with an authenticator code or a recovery code for its challenge. A wrong one counts against
    the username and address as a wrong password does, and against the challenge's tries."""
    throttle.check_address(redis_client, settings, address=address)
    pending = second_challenge.pending(redis_client, challenge, second_challenge.CODE)
    user = _challenged_user(session, redis_client, settings, pending, address)
    factor = second_factor.factor_of(session, user.id)
    if factor is None:  # reset by an administrator meanwhile
        raise BadRequest(second_challenge.EXPIRED)
    try:
        second_factor.accept(session=session, settings=settings, factor=factor, code=code,
                             recovery_code=recovery_code)
    except BadRequest as refused:
        throttle.failed(redis_client, settings, username=user.username, address=address)
        raise second_challenge.wrong(redis_client, challenge, refused.messages[0].removesuffix(".") + ".") from None
    second_challenge.use(redis_client, challenge)
    throttle.signed_in(redis_client, username=user.username)  # as a mailed code would: the user proved it is them
    return _finish(session=session, redis_client=redis_client, settings=settings, user=user,
                   device=devices.valid_device(device), address=address)


@dataclass(frozen=True)
class Enrolled:
    signed_in: SignedIn
    recovery_codes: list[str]


def enrol_second_factor(*, session: Session, redis_client: redis.Redis, settings: Settings, challenge: str,
                        code: str, address: str, device: str | None) -> Enrolled:
    """Finish a sign-in that had to enrol a second factor: a current code of the challenge's new secret turns it on
    and signs in; the recovery codes are answered once."""
    throttle.check_address(redis_client, settings, address=address)
    pending = second_challenge.pending(redis_client, challenge, second_challenge.ENROL)
    user = _challenged_user(session, redis_client, settings, pending, address)
    try:
        secret = second_codes.open_sealed(settings.signing_key(), user.id, pending.sealed_secret or "")
    except second_codes.UnreadableSecret:
        raise BadRequest(second_challenge.EXPIRED) from None
    step = second_codes.matching_step(secret, code)
    if step is None:
        throttle.failed(redis_client, settings, username=user.username, address=address)
        raise second_challenge.wrong(redis_client, challenge)
    second_challenge.use(redis_client, challenge)
    if second_factor.enabled(session, user.id):
        raise BadRequest(second_challenge.EXPIRED)  # set up from another sign-in meanwhile
    recovery = second_factor.enable(session=session, settings=settings, user=user, secret=secret, step=step)
    throttle.signed_in(redis_client, username=user.username)
    return Enrolled(signed_in=_finish(session=session, redis_client=redis_client, settings=settings, user=user,
                                      device=devices.valid_device(device), address=address),
                    recovery_codes=recovery)


def verify_code(*, session: Session, redis_client: redis.Redis, settings: Settings, challenge: str, code: str,
                address: str, device: str | None) -> SignedIn:
    """Finish a sign-in from a new device with the code mailed for its challenge. A wrong code counts against the
    address like a wrong password; the right one lifts the username's mark (its user has signed in)."""
    throttle.check_address(redis_client, settings, address=address)
    try:
        answered = verification.check(redis_client=redis_client, settings=settings, token=challenge, code=code)
    except BadRequest:
        throttle.address_failed(redis_client, settings, address=address)
        raise
    user = _still_signing_in(session, settings, answered.user_id, answered.password_stamp, verification.CODE_EXPIRED)
    throttle.signed_in(redis_client, username=user.username)
    _enrol_first(session=session, redis_client=redis_client, settings=settings, user=user)
    return _finish(session=session, redis_client=redis_client, settings=settings, user=user,
                   device=devices.valid_device(device), address=address)


def resend_code(*, redis_client: redis.Redis, settings: Settings, temporal: Client,
                challenge: str) -> verification.CodeSent:
    """Mail a new code for a sign-in's challenge; the earlier code stops working."""
    return verification.resend(redis_client=redis_client, settings=settings, temporal=temporal, token=challenge)


def _finish(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User, device: str | None,
            address: str) -> SignedIn:
    """The sign-in's device and address are known from now on; the session opens."""
    device = device or devices.new_device()
    devices.remember(redis_client, settings, user_id=user.id, device=device, address=address)
    return SignedIn(pair=sign_in(session=session, redis_client=redis_client, settings=settings, user=user),
                    device=device)


def sign_in(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User) -> TokenPair:
    """Opens a session for a user whose credentials were checked: the sign-in time (committed), a new session and
    its token pair. The one way a session starts (the tests' sign-in fixture uses it too)."""
    user.last_sign_in_at = func.now()
    session.commit()
    issued = sessions.open_session(redis_client, user_id=user.id, ttl_seconds=settings.refresh_token_days * 86400)
    return _issue(settings, user.id, issued)


def unlock(*, session: Session, redis_client: redis.Redis, actor: User, user_id: int) -> bool:
    """An administrator lifts a user's sign-in limits: every address's waits, and the mailed code a new device needed
    after many failures from everywhere. True when such a code was needed (then audited)."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    code_required = throttle.lift(redis_client, username=user.username)
    if code_required:
        audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id,
                     label=audit.user_label(user), action="UNLOCK")
        session.commit()
    log.info("sign-in limits of user %s lifted (a new device needed a code: %s)", user.id, code_required)
    return code_required


def refresh(*, redis_client: redis.Redis, settings: Settings, refresh_token: str | None) -> TokenPair:
    """A new token pair; the presented refresh token stops working. A second refresh with it within the grace
    window gets the same pair (a lost answer, or two tabs at once); a reuse after that ends the session."""
    if not refresh_token:
        raise Unauthorized(NOT_SIGNED_IN)
    try:
        rotated = sessions.rotate(redis_client, refresh_token, ttl_seconds=settings.refresh_token_days * 86400,
                                  grace_seconds=settings.refresh_grace_seconds, key=settings.signing_key())
    except sessions.RefreshReused as exc:
        log.warning("a rotated refresh token was presented again; its session is ended")
        raise Unauthorized(SESSION_ENDED) from exc
    if rotated is None:
        raise Unauthorized(SESSION_ENDED)
    if not leavers.still_signed_in(redis_client=redis_client, settings=settings,
                                   session_id=rotated.issued.session_id):  # its provider no longer knows its person
        sessions.close(redis_client, rotated.issued.session_id)
        raise Unauthorized(SESSION_ENDED)
    return _issue(settings, rotated.user_id, rotated.issued, issued_at=rotated.issued_at)


def logout(*, redis_client: redis.Redis, settings: Settings, session_id: str,
           refresh_token: str | None) -> str | None:
    """Ends the signed-in session, and the refresh token's too when it names another one. Returns the provider's
    end-session URL when the session came from a provider (the browser goes there to sign out of it too)."""
    end_session_url = leavers.end_session_url(redis_client=redis_client, settings=settings, session_id=session_id)
    sessions.close(redis_client, session_id)
    if refresh_token:
        sessions.close_refresh(redis_client, refresh_token)
    return end_session_url


def _reset_base_url(settings: Settings, requested: str | None) -> str:
    """The front end's origin for the link, if it is ours; never an arbitrary site (phishing)."""
    if requested:
        parsed = urlparse(requested)
        origin = f"{parsed.scheme}://{parsed.netloc}"
        allowed = {settings.public_url, *(o.rstrip("/") for o in settings.allowed_redirect_origins)}
        if parsed.scheme in ("http", "https") and origin in allowed:
            return origin
    return settings.public_url


def request_reset_mail(*, redis_client: redis.Redis, settings: Settings, temporal: Client, username: str,
                       redirect_base_url: str | None, address: str) -> None:
    """Hand the request to the password-reset mail workflow, whether or not the username exists: the worker looks
    it up, so both cost the API the same work and get the same answer (no account probing by time or text)."""
    asked, ttl = count_in_window(redis_client, _RESET_ADDRESS_PREFIX + digest(address)[:32], _RESET_WINDOW)
    if asked > settings.password_reset_requests_per_address:
        raise TooManyRequests(reset_requests_message(ttl), extra={"retryAfter": max(1, ttl)})
    send_password_mail(settings, temporal, username=username, redirect_base_url=redirect_base_url)


def send_password_mail(settings: Settings, temporal: Client, *, username: str, redirect_base_url: str | None) -> None:
    """Start the mail with a link to set a new password (forgot-password, or an administrator for a user)."""
    send_password_reset_mail(temporal,
                             PasswordResetMailInput(username=username.strip(),
                                                    base_url=_reset_base_url(settings, redirect_base_url)),
                             workflow_id=f"mail-password-reset-{new_secret(16)}",
                             task_queue=settings.temporal_task_queue)


def _reset_token(settings: Settings, key: str) -> str:
    """The link's token, derived from the mail workflow's id with the server key: a retried activity mails the
    same link, and neither Redis nor Temporal's history holds it."""
    mac = security.mac(settings.signing_key(), "password-reset:" + key)
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _password_stamp(user: User) -> str:
    """Changes with every password change (argon2 salts each hash), which invalidates every earlier reset link."""
    return digest(user.password_hash)[:24]


def reset_mail(*, session: Session, redis_client: redis.Redis, settings: Settings, username: str, base_url: str,
               key: str) -> str | None:
    """The reset mail for an active user with an e-mail address, or None (unknown, or too many mails lately).
    Run by the mail workflow's activity; `key`, the workflow id, makes a retry give the same message."""
    user = get_user_by_username(session, username)
    if user is None or not user.is_active or not user.email:
        log.info("password reset asked for %r: no active user with an e-mail address", username)
        return None
    rate_key = _RESET_RATE_PREFIX + str(user.id)
    pipe = redis_client.pipeline()
    pipe.zadd(rate_key, {key: time.time()}, nx=True)  # a retry keeps its place
    pipe.zrank(rate_key, key)
    pipe.ttl(rate_key)
    _, rank, ttl = pipe.execute()
    if int(ttl) < 0:
        redis_client.expire(rate_key, _RESET_WINDOW)
    if rank is None or int(rank) >= _RESET_MAILS_PER_USER:
        log.warning("password reset mails for user %s are rate limited", user.id)
        return None

    token = _reset_token(settings, key)
    redis_client.set(_RESET_PREFIX + digest(token), f"{user.id}:{_password_stamp(user)}",
                     ex=settings.password_reset_minutes * 60)
    link = f"{base_url}/forgot-password/{token}"
    log.info("password reset mail made for user %s (its link, a secret, is in the mail only)", user.id)
    context = {"fullname": user.fullname, "username": user.username, "link": link,
               "minutes": settings.password_reset_minutes}
    return build_message(sender=settings.mail_from, to=user.email, subject="Reset your Pipeline CRM password",
                         text=render("password_reset.txt", **context), html=render("password_reset.html", **context))


def _reset_owner(session: Session, record: object) -> User | None:
    """The user a reset token was made for, if the token is still good: active, and no password change since."""
    user_id, _, stamp = (str(record) if record else "").partition(":")
    user = session.get(User, int(user_id)) if user_id.isdigit() else None
    if user is None or not user.is_active or not hmac.compare_digest(stamp, _password_stamp(user)):
        return None
    return user


def check_reset_token(*, session: Session, redis_client: redis.Redis, token: str) -> User:
    user = _reset_owner(session, redis_client.get(_RESET_PREFIX + digest(token)) if token else None)
    if user is None:
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
    user = _reset_owner(session, redis_client.getdel(_RESET_PREFIX + digest(token)))
    if user is None or user.id != user_id:
        raise BadRequest(INVALID_RESET_LINK)
    set_password(session=session, redis_client=redis_client, user=user, password=new_password or "")


def set_password(*, session: Session, redis_client: redis.Redis, user: User, password: str,
                 keep_session: str | None = None) -> None:
    """Every password change ends here: earlier reset links and sign-in codes stop working (their stamp no longer
    matches), the other sessions end, and the sign-in limits of the username are lifted."""
    user.password_hash = hash_password(password)
    user.password_changed_at = datetime.now(UTC)
    session.commit()
    sessions.close_all(redis_client, user.id, keep=keep_session)
    throttle.lift(redis_client, username=user.username)
