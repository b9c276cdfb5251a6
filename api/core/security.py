"""Password hashing (argon2) and access tokens (JWT)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
# Verified against when the username is unknown, so a miss costs the same time as a wrong password: the hash of a
# random password nobody knows, with the hasher's parameters (tests/unit/test_security.py holds them together).
# Written out rather than hashed at import, which took a third of a second of CPU at every process start.
DUMMY_HASH = "$argon2id$v=19$m=65536,t=3,p=4$NSBUfzDzwY25cGXdQOLlaA$bjXgT3stcc4XKdpg0NhetFXky2hlJjCW6LmyswApvfQ"


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password: str, password_hash: str | None) -> bool:
    try:
        return _hasher.verify(password_hash or DUMMY_HASH, password) and password_hash is not None
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
