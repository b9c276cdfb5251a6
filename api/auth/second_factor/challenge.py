"""The sign-in's second step: after the right password, a user with a second factor gets a challenge to answer with a
code (SecondFactorRequired), and a user whose role requires one they have not set up gets a challenge that only
enrols (SecondFactorEnrolmentRequired, with the new secret and its QR code).

As with the mailed sign-in code (api.auth.verification), the challenge is a random token only the browser gets;
Redis keeps, under its digest, the user, their password's stamp, the kind of challenge, the wrong tries and, for an
enrolment, the new secret sealed with the server key. It lives a few minutes, and `TRIES` wrong codes end it."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from redis.typing import EncodableT, FieldT

from api.auth.second_factor import codes
from api.auth.verification import tries_left_message, wrong_code_message
from api.core.config import Settings
from api.core.errors import AppError, BadRequest, SecondFactorEnrolmentRequired, SecondFactorRequired
from api.core.security import digest, new_secret
from api.users.models import User

_PREFIX = "auth:login:2fa:"
TRIES = 5
CODE_SECONDS = 300  # to open the app and type a code
ENROL_SECONDS = 900  # to install an app, scan the code and confirm it
CODE = "code"
ENROL = "enrol"

CODE_NEEDED = "Enter the 6-digit code from your authenticator app to finish signing in."
ENROL_NEEDED = ("Your role requires a second factor. Add this account to an authenticator app, then enter the code "
                "it shows to finish signing in.")
EXPIRED = "This sign-in has expired or was already finished. Sign in again."
TRIES_USED = "Too many wrong codes. Sign in again."


@dataclass(frozen=True)
class Pending:
    """A challenge still open: whose, their password's stamp then, and (an enrolment) the new sealed secret."""

    user_id: int
    password_stamp: str
    kind: str
    sealed_secret: str | None


# KEYS: the challenge. ARGV: the tries of a challenge. {2, tries left} after a wrong code, {-1} when that was the last
# try (the challenge is gone), {0} when there is no such challenge.
_WRONG = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if tries >= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  return {-1}
end
return {2, tonumber(ARGV[1]) - tries}
"""


def _key(token: str) -> str:
    return _PREFIX + digest("second-factor-challenge:" + token)


def _open(redis_client: redis.Redis, token: str, fields: dict[FieldT, EncodableT], seconds: int) -> None:
    key = _key(token)
    pipe = redis_client.pipeline()
    pipe.hset(key, mapping={**fields, "tries": 0})
    pipe.expire(key, seconds)
    pipe.execute()


def start(*, redis_client: redis.Redis, user: User, password_stamp: str) -> SecondFactorRequired:
    """A challenge for a user with a second factor; returns the refusal to raise, which carries it."""
    token = new_secret(32)
    _open(redis_client, token, {"user": user.id, "stamp": password_stamp, "kind": CODE}, CODE_SECONDS)
    return SecondFactorRequired(CODE_NEEDED, extra={"challenge": token, "expiresIn": CODE_SECONDS})


def start_enrolment(*, redis_client: redis.Redis, settings: Settings, user: User,
                    password_stamp: str) -> SecondFactorEnrolmentRequired:
    """An enrolment-only challenge with a new secret (sealed in Redis) for a user whose role requires one."""
    token = new_secret(32)
    secret = codes.new_secret()
    _open(redis_client, token, {"user": user.id, "stamp": password_stamp, "kind": ENROL,
                                "secret": codes.seal(settings.signing_key(), user.id, secret)}, ENROL_SECONDS)
    shown = codes.enrolment(secret, user.username)
    return SecondFactorEnrolmentRequired(ENROL_NEEDED, extra={
        "challenge": token, "expiresIn": ENROL_SECONDS, "secret": shown.secret, "otpauthUri": shown.otpauth_uri,
        "qrSvg": shown.qr_svg})


def pending(redis_client: redis.Redis, token: str, kind: str) -> Pending:
    """The open challenge of this kind, or BadRequest."""
    user, stamp, found, secret = redis_client.hmget(_key(token), ["user", "stamp", "kind", "secret"])
    if user is None or found != kind:
        raise BadRequest(EXPIRED)
    return Pending(user_id=int(user), password_stamp=str(stamp or ""), kind=kind,
                   sealed_secret=str(secret) if secret else None)


def wrong(redis_client: redis.Redis, token: str, message: str | None = None) -> AppError:
    """Count a wrong answer; the refusal to raise (with the tries left, or the challenge's end)."""
    answer = redis_client.eval(_WRONG, 1, _key(token), TRIES)
    outcome = int(answer[0])
    if outcome == 2:
        left = int(answer[1])
        return BadRequest(f"{message} {tries_left_message(left)}" if message else wrong_code_message(left))
    return BadRequest(TRIES_USED if outcome == -1 else EXPIRED)


def use(redis_client: redis.Redis, token: str) -> None:
    """The challenge is answered: it is gone (BadRequest when another call finished it first)."""
    if not redis_client.delete(_key(token)):
        raise BadRequest(EXPIRED)
