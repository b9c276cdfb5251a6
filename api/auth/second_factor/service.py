"""A user's second factor: setting it up from their account (a new secret, confirmed with a code, which answers ten
recovery codes once), checking a code or a recovery code (each accepted once), turning it off, new recovery codes,
and an administrator's reset (audited). Wrong codes from a signed-in user count against the sign-in throttle of their
username and address, as wrong passwords do."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

import redis
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.auth import sessions, throttle
from api.auth.second_factor import codes
from api.auth.second_factor.models import RecoveryCode, SecondFactor
from api.core.config import Settings
from api.core.errors import BadRequest, Conflict, NotFound, ValidationFailed
from api.users.models import Role, User

log = logging.getLogger(__name__)

_SETUP_PREFIX = "auth:2fa:setup:"
SETUP_SECONDS = 900

WRONG_CODE = "That code is not right. Check that your phone's clock is right and enter the newest code."
REPLAYED = "This code was already used. Wait for the next code in your authenticator app."
WRONG_RECOVERY = "That recovery code is not right, or it was already used."
UNREADABLE = ("Your second factor cannot be checked on this server (its key changed). Ask an administrator to reset "
              "it.")
ONE_ANSWER = "Enter either a code from your authenticator app or a recovery code."
ALREADY_ON = "Your second factor is already on. Turn it off first to move it to another authenticator."
NOT_ON = "Your second factor is not on."
SETUP_EXPIRED = "This set-up has expired. Start again to get a new QR code."
ROLE_REQUIRES = ("Your role requires a second factor, so it cannot be turned off. To move it to a new phone, set up "
                 "new recovery codes or ask an administrator to reset it.")
USER_NOT_FOUND = "User not found."
NOTHING_TO_RESET = "This user has no second factor."


@dataclass(frozen=True)
class Status:
    enabled: bool
    enabled_at: datetime | None
    recovery_codes_left: int
    required_by_role: bool


def factor_of(session: Session, user_id: int) -> SecondFactor | None:
    return session.get(SecondFactor, user_id)


def enabled(session: Session, user_id: int) -> bool:
    return factor_of(session, user_id) is not None


def enrolment_required(session: Session, user: User) -> bool:
    """The user's role requires a second factor and they have none yet."""
    return user.role.require_second_factor and not enabled(session, user.id)


def end_sessions_needing_enrolment(session: Session, redis_client: redis.Redis, *, role_id: int | None = None,
                                   user_id: int | None = None) -> list[int]:
    """End the sessions of the users (of the role, or the one user) whose role requires a second factor they have not
    set up: a session they have would otherwise renew itself without one. They enrol at their next password sign-in
    (enrolment_required). Called when a role starts to require it, a user is given such a role, or their factor is
    reset. Answers whose sessions ended."""
    stmt = (select(User.id).join(Role, Role.id == User.role_id)
            .where(Role.require_second_factor.is_(True), User.id.not_in(select(SecondFactor.user_id))))
    if role_id is not None:
        stmt = stmt.where(User.role_id == role_id)
    if user_id is not None:
        stmt = stmt.where(User.id == user_id)
    ended = list(session.scalars(stmt))
    for uid in ended:
        sessions.close_all(redis_client, uid)
    return ended


def status(*, session: Session, user: User) -> Status:
    factor = factor_of(session, user.id)
    left = session.scalar(select(func.count()).select_from(RecoveryCode)
                          .where(RecoveryCode.user_id == user.id)) if factor else 0  # none without a factor
    return Status(enabled=factor is not None, enabled_at=factor.enabled_at if factor else None,
                  recovery_codes_left=int(left or 0),
                  required_by_role=user.role.require_second_factor)


def _replace_recovery_codes(session: Session, settings: Settings, user_id: int) -> list[str]:
    """Ten new recovery codes (the earlier ones stop working); only their keyed digests are stored."""
    fresh = codes.new_recovery_codes()
    session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    session.add_all(RecoveryCode(user_id=user_id, code_digest=codes.recovery_digest(settings.signing_key(), user_id, c))
                    for c in fresh)
    session.flush()
    return fresh


def enable(*, session: Session, settings: Settings, user: User, secret: str, step: int) -> list[str]:
    """The factor is on, with the step of the code that confirmed it (that code cannot sign in again); its recovery
    codes, to show once. The caller commits."""
    session.add(SecondFactor(user_id=user.id, sealed_secret=codes.seal(settings.signing_key(), user.id, secret),
                             last_step=step))
    session.flush()
    log.info("second factor of user %s turned on", user.id)
    return _replace_recovery_codes(session, settings, user.id)


def accept_code(*, session: Session, settings: Settings, factor: SecondFactor, code: str) -> None:
    """A current authenticator code of this factor, not used before (BadRequest otherwise); its step is recorded in
    the caller's transaction, so the same code cannot be used twice."""
    try:
        secret = codes.open_sealed(settings.signing_key(), factor.user_id, factor.sealed_secret)
    except codes.UnreadableSecret as exc:
        log.error("the second factor of user %s does not open with the server key", factor.user_id)
        raise Conflict(UNREADABLE) from exc
    step = codes.matching_step(secret, code)
    if step is None:
        raise BadRequest(WRONG_CODE)
    moved = session.execute(update(SecondFactor).where(SecondFactor.user_id == factor.user_id,
                                                       SecondFactor.last_step < step).values(last_step=step))
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        raise BadRequest(REPLAYED)


def accept_recovery_code(*, session: Session, settings: Settings, user_id: int, code: str) -> None:
    """One of the user's recovery codes, which stops working (deleted in the caller's transaction)."""
    used = session.execute(delete(RecoveryCode).where(
        RecoveryCode.user_id == user_id,
        RecoveryCode.code_digest == codes.recovery_digest(settings.signing_key(), user_id, code)
    ).returning(RecoveryCode.id)).first()
    if used is None:
        raise BadRequest(WRONG_RECOVERY)
    log.info("a recovery code of user %s was used", user_id)


def accept(*, session: Session, settings: Settings, factor: SecondFactor, code: str | None,
           recovery_code: str | None) -> None:
    """Either answer: an authenticator code or a recovery code (exactly one)."""
    if bool(code and code.strip()) == bool(recovery_code and recovery_code.strip()):
        raise ValidationFailed(ONE_ANSWER)
    if code and code.strip():
        accept_code(session=session, settings=settings, factor=factor, code=code)
    else:
        accept_recovery_code(session=session, settings=settings, user_id=factor.user_id, code=recovery_code or "")


def _throttled(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User, address: str,
               code: str | None, recovery_code: str | None) -> SecondFactor:
    """The user's factor once they answered it; a wrong answer counts like a wrong password of theirs."""
    factor = factor_of(session, user.id)
    if factor is None:
        raise Conflict(NOT_ON)
    throttle.check(redis_client, settings, username=user.username, address=address)
    try:
        accept(session=session, settings=settings, factor=factor, code=code, recovery_code=recovery_code)
    except BadRequest:
        throttle.failed(redis_client, settings, username=user.username, address=address)
        raise
    return factor


def start_setup(*, session: Session, redis_client: redis.Redis, settings: Settings,
                user: User) -> codes.Enrolment:
    """A new secret to add to an authenticator app; it is on only once confirmed with a code (within SETUP_SECONDS)."""
    if enabled(session, user.id):
        raise Conflict(ALREADY_ON)
    secret = codes.new_secret()
    redis_client.set(_SETUP_PREFIX + str(user.id), codes.seal(settings.signing_key(), user.id, secret),
                     ex=SETUP_SECONDS)
    return codes.enrolment(secret, user.username)


def confirm_setup(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User, code: str,
                  address: str) -> list[str]:
    """Turn the factor on with a current code of the secret being set up; answers the recovery codes, once."""
    if enabled(session, user.id):
        raise Conflict(ALREADY_ON)
    sealed = redis_client.get(_SETUP_PREFIX + str(user.id))
    if not sealed:
        raise BadRequest(SETUP_EXPIRED)
    try:
        secret = codes.open_sealed(settings.signing_key(), user.id, str(sealed))
    except codes.UnreadableSecret as exc:
        raise BadRequest(SETUP_EXPIRED) from exc
    throttle.check(redis_client, settings, username=user.username, address=address)
    step = codes.matching_step(secret, code)
    if step is None:
        throttle.failed(redis_client, settings, username=user.username, address=address)
        raise BadRequest(WRONG_CODE)
    recovery = enable(session=session, settings=settings, user=user, secret=secret, step=step)
    session.commit()
    redis_client.delete(_SETUP_PREFIX + str(user.id))
    return recovery


def disable(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User, address: str,
            code: str | None, recovery_code: str | None) -> None:
    """Turn one's factor off with a current code or a recovery code; not when one's role requires it."""
    if user.role.require_second_factor:
        raise Conflict(ROLE_REQUIRES)
    factor = _throttled(session=session, redis_client=redis_client, settings=settings, user=user, address=address,
                        code=code, recovery_code=recovery_code)
    session.delete(factor)
    session.commit()
    log.info("second factor of user %s turned off", user.id)


def renew_recovery_codes(*, session: Session, redis_client: redis.Redis, settings: Settings, user: User,
                         address: str, code: str | None, recovery_code: str | None) -> list[str]:
    """Ten new recovery codes (the earlier ones stop working), for a current code or a recovery code."""
    _throttled(session=session, redis_client=redis_client, settings=settings, user=user, address=address, code=code,
               recovery_code=recovery_code)
    fresh = _replace_recovery_codes(session, settings, user.id)
    session.commit()
    return fresh


def user_or_404(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    return user


def reset(*, session: Session, redis_client: redis.Redis, actor: User, user_id: int) -> User:
    """An administrator removes a user's factor (a lost phone): their next sign-in needs the password only, or
    enrols again when their role requires it (their sessions end then). Audited."""
    user = user_or_404(session, user_id)
    factor = factor_of(session, user.id)
    if factor is None:
        raise Conflict(NOTHING_TO_RESET)
    session.delete(factor)
    audit.record(session, actor_id=actor.id, subject="USER", subject_id=user.id, label=audit.user_label(user),
                 action="SECOND_FACTOR_RESET")
    session.commit()
    end_sessions_needing_enrolment(session, redis_client, user_id=user.id)
    log.info("second factor of user %s reset by user %s", user.id, actor.id)
    return user
