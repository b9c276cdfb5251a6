"""The second factor's secrets and codes, without storage: a new authenticator secret, sealed with a key derived from
the server key; which 30-second step a 6-digit code belongs to (the current one or an adjacent one, for clock drift);
recovery codes and their keyed digests; the otpauth URI and its QR code."""

from __future__ import annotations

import hmac
import io
import secrets
import time
from dataclasses import dataclass

import pyotp
import segno

from api.core import security

ISSUER = "Pipeline CRM"
STEP_SECONDS = 30
DIGITS = 6
DRIFT_STEPS = 1  # a code of the step before or after the current one is accepted too (RFC 6238 §5.2)
RECOVERY_CODES = 10
_RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read off paper
_RECOVERY_HALF = 5
_SEAL_VERSION = "v1"


class UnreadableSecret(ValueError):
    """A sealed secret that does not open: the server key changed since it was sealed, or the value was altered."""


def _purpose(purpose: str) -> str:
    return f"second-factor:{purpose}"


def new_secret() -> str:
    """A new authenticator secret: 160 random bits in base32 (RFC 4226's recommended length)."""
    return pyotp.random_base32(32)


def seal(server_key: str, user_id: int, secret: str) -> str:
    """The secret encrypted with AES-GCM under a key derived from the server key, bound to its user."""
    sealed = security.seal(server_key, _purpose("secret"), secret.encode(), bound_to=str(user_id).encode())
    return f"{_SEAL_VERSION}:{sealed}"


def open_sealed(server_key: str, user_id: int, value: str) -> str:
    version, _, data = value.partition(":")
    if version != _SEAL_VERSION:
        raise UnreadableSecret("not a sealed secret")
    try:
        return security.unseal(server_key, _purpose("secret"), data, bound_to=str(user_id).encode()).decode()
    except (security.Unsealable, UnicodeDecodeError) as exc:
        raise UnreadableSecret("the secret does not open with this server key") from exc


def current_step(now: float | None = None) -> int:
    return int((time.time() if now is None else now) // STEP_SECONDS)


def digits_of(code: str) -> str:
    """"123 456" and "123-456" as an app shows them."""
    return "".join(ch for ch in code if ch.isdigit())


def matching_step(secret: str, code: str, now: float | None = None) -> int | None:
    """The step (current, or one adjacent) whose code this is, or None."""
    presented = digits_of(code)
    if len(presented) != DIGITS:
        return None
    totp = pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS)
    now_step = current_step(now)
    found = None
    for step in range(now_step - DRIFT_STEPS, now_step + DRIFT_STEPS + 1):
        if hmac.compare_digest(totp.at(step * STEP_SECONDS), presented):  # every step compared: no timing hint
            found = step
    return found


def new_recovery_codes() -> list[str]:
    """Ten codes like "k7m2p-xq9rt" (50 random bits each)."""
    def half() -> str:
        return "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(_RECOVERY_HALF))
    return [f"{half()}-{half()}" for _ in range(RECOVERY_CODES)]


def normal_recovery_code(code: str) -> str:
    """What a person typed, as it was made: lower case, without spaces or dashes."""
    return "".join(ch for ch in code.lower() if ch.isalnum())


def recovery_digest(server_key: str, user_id: int, code: str) -> str:
    """Keyed (HMAC with a key derived from the server key): the table alone does not let anyone test guesses."""
    return security.keyed_digest(server_key, _purpose("recovery"), f"{user_id}:{normal_recovery_code(code)}").hex()


@dataclass(frozen=True)
class Enrolment:
    """What a person needs to add the account to an authenticator app."""

    secret: str
    otpauth_uri: str
    qr_svg: str


def enrolment(secret: str, username: str, issuer: str = ISSUER) -> Enrolment:
    uri = pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS).provisioning_uri(name=username, issuer_name=issuer)
    out = io.BytesIO()
    # a standalone SVG (its namespace declared): the app shows it as an image, where nothing in it can run
    segno.make(uri, error="m").save(out, kind="svg", scale=4, border=2, dark="#000", light="#fff", xmldecl=False,
                                    svgns=True, omitsize=True, nl=False)
    return Enrolment(secret=secret, otpauth_uri=uri, qr_svg=out.getvalue().decode())
