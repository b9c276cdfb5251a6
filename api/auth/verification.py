"""Sign-in codes: the right password for a marked username (api.auth.throttle) from a device and an address it never
signed in from also needs a one-time code mailed to the user.

The sign-in answers a challenge, a random token only the browser gets; Redis keeps, under the token's digest, the
user, the mail workflow that sends the current code, when it was asked for and the wrong tries. The code is never
in Redis, in a workflow's input or history, or in a log: the mail activity derives it from its workflow id with the
server key (a retried activity mails the same code) and stores only a keyed digest of it. A code works once, for
`login_code_minutes`, and `CODE_TRIES` wrong tries end the challenge; a new code (resend) replaces the old one.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass

import redis
from redis.typing import EncodableT, FieldT
from sqlalchemy.orm import Session

from api.core import security
from api.core.config import Settings
from api.core.errors import BadRequest, DeviceVerificationRequired, TooManyRequests, Unauthorized
from api.core.mail import build_message, render
from api.core.redis import count_in_window
from api.core.security import digest, new_secret
from api.core.temporal import Client, send_sign_in_code_mail
from api.users.models import User
from workflows.contracts.mail import SignInCodeMailInput

log = logging.getLogger(__name__)

_PREFIX = "auth:login:code:"
_MAILS_PREFIX = "auth:login:code-mails:"
_MAIL_WINDOW = 900  # seconds: the window of the mails per user
MAILS_PER_USER = 5  # codes mailed to one user per 15 minutes
CODE_TRIES = 5  # wrong tries of one code
RESEND_SECONDS = 30  # the least time between two mails of one challenge
CODE_DIGITS = 6

NO_EMAIL = ("Signing in from this device needs a code sent to your e-mail, but your account has no e-mail address. "
            "Sign in from a device you have used before, or ask an administrator.")
CODE_EXPIRED = "This code has expired or was already used. Sign in again to get a new one."
CODE_TRIES_USED = "Too many wrong codes. Sign in again to get a new one."


def code_sent_message(email: str) -> str:
    return f"We emailed a code to {email}. Enter it to finish signing in."


def tries_left_message(tries_left: int) -> str:
    """'4 tries left.' (a wrong code's refusal ends with it)."""
    return f"{tries_left} {'try' if tries_left == 1 else 'tries'} left."


def wrong_code_message(tries_left: int) -> str:
    return f"That code is not right. {tries_left_message(tries_left)}"


def too_many_mails_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return f"Too many sign-in codes were sent lately. Try again in {minutes} minute{'' if minutes == 1 else 's'}."


def resend_wait_message(seconds: int) -> str:
    return f"You can ask for a new code in {seconds} second{'' if seconds == 1 else 's'}."


def mask_email(email: str) -> str:
    """m***@example.com: enough for the user to know which mailbox to look in."""
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"


@dataclass(frozen=True)
class CodeSent:
    email: str  # masked
    resend_after: int  # seconds


@dataclass(frozen=True)
class Answered:
    """A challenge answered with its code: whose it was, and their password's stamp when it was made."""

    user_id: int
    password_stamp: str


# KEYS: the challenge. ARGV: the mail workflow's id, the code's digest. The user's id, or 0 when the challenge is gone
# or a newer mail replaced this one.
_STORE = """
local rec = redis.call('HMGET', KEYS[1], 'mail', 'user')
if rec[1] ~= ARGV[1] or not rec[2] then return 0 end
redis.call('HSET', KEYS[1], 'code', ARGV[2])
return tonumber(rec[2])
"""

# KEYS: the challenge. ARGV: the presented code's digest, the tries of a code. {1, user id, password stamp} when
# right (the challenge is used up), {2, tries left} when wrong, {-1} when that was the last try, {0} when there is no
# such challenge.
_CHECK = """
local rec = redis.call('HMGET', KEYS[1], 'user', 'code', 'stamp')
if not rec[1] then return {0} end
if rec[2] and rec[2] == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return {1, tonumber(rec[1]), rec[3]}
end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if tries >= tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  return {-1}
end
return {2, tonumber(ARGV[2]) - tries}
"""


def _key(challenge_id: str) -> str:
    return _PREFIX + challenge_id


def _challenge_id(token: str) -> str:
    """The challenge's name in Redis and in the mail workflow's input: the digest of the browser's token."""
    return digest("sign-in-challenge:" + token)


def _mac(settings: Settings, message: str) -> bytes:
    return security.mac(settings.signing_key(), message)


def _code(settings: Settings, mail_key: str) -> str:
    number = int.from_bytes(_mac(settings, "sign-in-code:" + mail_key)[:8], "big") % 10**CODE_DIGITS
    return f"{number:0{CODE_DIGITS}d}"


def _code_digest(settings: Settings, challenge_id: str, code: str) -> str:
    """Keyed: six digits are quickly guessed from a plain digest by whoever reads Redis."""
    return _mac(settings, f"sign-in-code-digest:{challenge_id}:{code}").hex()


def _count_mail(r: redis.Redis, user_id: int) -> None:
    sent, ttl = count_in_window(r, _MAILS_PREFIX + str(user_id), _MAIL_WINDOW)
    if sent > MAILS_PER_USER:
        raise TooManyRequests(too_many_mails_message(ttl), extra={"retryAfter": max(1, ttl)})


def _mail(redis_client: redis.Redis, settings: Settings, temporal: Client, challenge_id: str,
          fields: dict[FieldT, EncodableT]) -> None:
    """Record a new mail of the challenge (its code replaces any earlier one, whose tries start again), then start
    it: its activity stores the code's digest only while it is still the challenge's latest mail."""
    mail_key = f"mail-sign-in-code-{new_secret(16)}"
    key = _key(challenge_id)
    pipe = redis_client.pipeline()
    pipe.hset(key, mapping={**fields, "mail": mail_key, "sent": int(time.time()), "tries": 0})
    pipe.hdel(key, "code")
    pipe.expire(key, settings.login_code_minutes * 60)
    pipe.execute()
    send_sign_in_code_mail(temporal, SignInCodeMailInput(challenge=challenge_id), workflow_id=mail_key,
                           task_queue=settings.temporal_task_queue)


def start(*, redis_client: redis.Redis, settings: Settings, temporal: Client, user: User,
          password_stamp: str) -> DeviceVerificationRequired:
    """Mail a code for this sign-in; returns the refusal to raise, which carries the challenge for the browser."""
    if not user.email:
        raise Unauthorized(NO_EMAIL)
    _count_mail(redis_client, user.id)
    token = new_secret(32)
    email = mask_email(user.email)
    _mail(redis_client, settings, temporal, _challenge_id(token),
          {"user": user.id, "stamp": password_stamp, "email": email})
    log.info("sign-in of user %s from a new device: a code is mailed", user.id)
    return DeviceVerificationRequired(code_sent_message(email), extra={
        "challenge": token, "email": email, "resendAfter": RESEND_SECONDS,
        "expiresIn": settings.login_code_minutes * 60})


def resend(*, redis_client: redis.Redis, settings: Settings, temporal: Client, token: str) -> CodeSent:
    """A new code for a challenge (the earlier one stops working), no sooner than RESEND_SECONDS after the last."""
    challenge_id = _challenge_id(token)
    user_id, sent, email = redis_client.hmget(_key(challenge_id), ["user", "sent", "email"])
    if user_id is None:
        raise BadRequest(CODE_EXPIRED)
    wait = int(sent or 0) + RESEND_SECONDS - int(time.time())
    if wait > 0:
        raise TooManyRequests(resend_wait_message(wait), extra={"retryAfter": wait})
    _count_mail(redis_client, int(user_id))
    _mail(redis_client, settings, temporal, challenge_id, {})
    log.info("sign-in code mailed again to user %s", user_id)
    return CodeSent(email=str(email or ""), resend_after=RESEND_SECONDS)


def check(*, redis_client: redis.Redis, settings: Settings, token: str, code: str) -> Answered:
    """Whose challenge this code answers (the challenge is used up), or BadRequest."""
    challenge_id = _challenge_id(token)
    presented = "".join(ch for ch in code if ch in "0123456789")  # "123 456" and "123-456" as typed from the mail
    answer = redis_client.eval(_CHECK, 1, _key(challenge_id), _code_digest(settings, challenge_id, presented),
                               CODE_TRIES)
    outcome = int(answer[0])
    if outcome == 1:
        return Answered(user_id=int(answer[1]), password_stamp=str(answer[2]))
    if outcome == 2:
        raise BadRequest(wrong_code_message(int(answer[1])))
    raise BadRequest(CODE_TRIES_USED if outcome == -1 else CODE_EXPIRED)


def code_mail(*, session: Session, redis_client: redis.Redis, settings: Settings, challenge_id: str,
              key: str) -> str | None:
    """The mail with the code of a challenge, or None when the challenge is gone or a newer mail replaced this one.
    Run by the mail workflow's activity; `key`, the workflow id, makes a retry mail the same code."""
    code = _code(settings, key)
    user_id = int(redis_client.eval(_STORE, 1, _key(challenge_id), key, _code_digest(settings, challenge_id, code)))
    user = session.get(User, user_id) if user_id else None
    if user is None or not user.is_active or not user.email:
        log.info("no sign-in code mailed: the challenge is gone or replaced, or its user has no e-mail address")
        return None
    log.info("sign-in code mail made for user %s (the code, a secret, is in the mail only)", user.id)
    context = {"fullname": user.fullname, "username": user.username, "code": code,
               "minutes": settings.login_code_minutes}
    return build_message(sender=settings.mail_from, to=user.email, subject="Your Pipeline CRM sign-in code",
                         text=render("sign_in_code.txt", **context), html=render("sign_in_code.html", **context))
