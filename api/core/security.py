"""Password hashing (argon2) and access tokens (JWT)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache

import jwt
from argon2 import Parameters, PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from api.core.config import get_settings

# argon2id as RFC 9106 recommends where memory is scarce (t=3, 64 MiB, p=4): about 0.35 s of CPU per hash here.
PRODUCTION = profiles.RFC_9106_LOW_MEMORY
# The cheapest argon2id there is: for the test suite only (PASSWORD_HASH_PROFILE=test), where hundreds of demo
# users are hashed and signed in and the cost proves nothing. A hash keeps its parameters, so a password hashed
# under one profile verifies under the other.
TEST = profiles.CHEAPEST
PROFILES: dict[str, Parameters] = {"production": PRODUCTION, "test": TEST}


@lru_cache(maxsize=2)
def _hasher(profile: str) -> tuple[PasswordHasher, str]:
    """The hasher of a profile and its dummy hash, verified against when the username is unknown (so a miss costs
    the same time as a wrong password)."""
    hasher = PasswordHasher.from_parameters(PROFILES[profile])
    return hasher, hasher.hash("dummy-password-for-timing")


def hasher() -> PasswordHasher:
    """The password hasher of the configured profile (settings.password_hash_profile)."""
    return _hasher(get_settings().password_hash_profile)[0]


def hash_password(password: str) -> str:
    return hasher().hash(password)


def verify_password(password: str, password_hash: str | None) -> bool:
    chosen, dummy = _hasher(get_settings().password_hash_profile)
    try:
        return chosen.verify(password_hash or dummy, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def new_secret(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


@dataclass(frozen=True)
class AccessClaims:
    user_id: int
    session_id: str


class TokenError(Exception):
    pass


def encode_access_token(*, user_id: int, session_id: str, key: str, algorithm: str, minutes: float,
                        issued_at: int | None = None) -> str:
    """A signed access token; the same arguments with the same `issued_at` (unix seconds) give the same token."""
    now = datetime.fromtimestamp(issued_at, UTC) if issued_at is not None else datetime.now(UTC)
    payload = {"sub": str(user_id), "sid": session_id, "iat": now, "exp": now + timedelta(minutes=minutes),
               "typ": "access"}
    return jwt.encode(payload, key, algorithm=algorithm)


def decode_access_token(token: str, *, key: str, algorithm: str) -> AccessClaims:
    try:
        payload = jwt.decode(token, key, algorithms=[algorithm], options={"require": ["exp", "sub", "sid"]})
    except jwt.ExpiredSignatureError as exc:
        raise TokenError("Your session has expired, please sign in again.") from exc
    except jwt.PyJWTError as exc:
        raise TokenError("Invalid authentication token.") from exc
    if payload.get("typ") != "access":
        raise TokenError("Invalid authentication token.")
    try:
        return AccessClaims(user_id=int(payload["sub"]), session_id=str(payload["sid"]))
    except (TypeError, ValueError) as exc:
        raise TokenError("Invalid authentication token.") from exc
