"""Password hashing (argon2) and access tokens (JWT)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache

import jwt
from argon2 import Parameters, PasswordHasher, Type, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from api.core import password_pool
from api.core.config import get_settings

# argon2id at OWASP's setting (Password Storage Cheat Sheet: 19 MiB, t=2, p=1): about 25 ms of CPU per hash here, on
# one core. RFC 9106's low-memory profile (64 MiB, t=3, p=4), used before, cost about 0.32 s of CPU, so that a few
# sign-ins at once took both cores from every other call; its hashes are rewritten with these at the next sign-in.
PRODUCTION = Parameters(type=Type.ID, version=19, salt_len=16, hash_len=32, time_cost=2, memory_cost=19456,
                        parallelism=1)
# The cheapest argon2id there is: for the test suite only (PASSWORD_HASH_PROFILE=test), where hundreds of demo
# users are hashed and signed in and the cost proves nothing. A hash keeps its parameters, so a password hashed
# under one profile verifies under the other (and is rewritten with the configured one's when it signs in).
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


@dataclass(frozen=True)
class Verified:
    """A password check: whether the password matched and, when it did and its hash has other parameters than the
    configured profile's, the password hashed with the profile's (`rehashed`), for the caller to store."""

    ok: bool
    rehashed: str | None = None

    def __bool__(self) -> bool:
        # verify_password answered a bool until issue 32: `if verify_password(...)` would now always pass
        raise TypeError("a Verified has no truth value: read its .ok")


def _verify(profile: str, password: str, password_hash: str | None) -> Verified:
    """The check itself, on a thread of the password pool."""
    chosen, dummy = _hasher(profile)
    try:
        ok = chosen.verify(password_hash or dummy, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return Verified(ok=False)
    if ok and password_hash is not None and chosen.check_needs_rehash(password_hash):
        return Verified(ok=True, rehashed=chosen.hash(password))
    return Verified(ok=ok)


def verify_password(password: str, password_hash: str | None) -> Verified:
    """Check a password against a user's hash (None: an unknown user, checked against the dummy hash all the same)
    on the bounded password pool (api/core/password_pool.py): TooManyRequests at once, before any hashing, when the
    pool and its queue are full."""
    return password_pool.run(_verify, get_settings().password_hash_profile, password, password_hash)


def new_secret(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


_NONCE = 12  # AES-GCM's 96-bit nonce


def derive_key(server_key: str, purpose: str) -> bytes:
    """A 256-bit key for one purpose, derived from the server key (HMAC-SHA256): a key per use, one secret to keep."""
    return hmac.new(server_key.encode(), purpose.encode(), hashlib.sha256).digest()


def mac(server_key: str, message: str) -> bytes:
    """HMAC-SHA256 of the message under the server key itself (the message names its purpose)."""
    return hmac.new(server_key.encode(), message.encode(), hashlib.sha256).digest()


def keyed_digest(server_key: str, purpose: str, message: str) -> bytes:
    """An HMAC of the message under the purpose's derived key: a stored value nobody can test guesses against
    without the server key."""
    return hmac.new(derive_key(server_key, purpose), message.encode(), hashlib.sha256).digest()


def seal(server_key: str, purpose: str, plaintext: bytes, *, bound_to: bytes | None = None) -> str:
    """The plaintext encrypted with AES-GCM under the purpose's derived key (and bound to `bound_to`, which must be
    presented again to open it), as URL-safe base64 of nonce and ciphertext."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # loaded by the first seal, not every process

    nonce = os.urandom(_NONCE)
    return base64.urlsafe_b64encode(nonce + AESGCM(derive_key(server_key, purpose)).encrypt(
        nonce, plaintext, bound_to)).decode()


class Unsealable(ValueError):
    """A sealed value that does not open: the server key changed since, the value was altered, or it is no seal."""


def unseal(server_key: str, purpose: str, value: str, *, bound_to: bytes | None = None) -> bytes:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        raw = base64.urlsafe_b64decode(value.encode())
        if len(raw) <= _NONCE:
            raise Unsealable("not a sealed value")
        return AESGCM(derive_key(server_key, purpose)).decrypt(raw[:_NONCE], raw[_NONCE:], bound_to)
    except (InvalidTag, ValueError) as exc:
        raise Unsealable("the value does not open with this server key") from exc


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
