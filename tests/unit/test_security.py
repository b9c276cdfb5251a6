"""Password hashing: a sign-in with an unknown username costs what a wrong password costs. Sealing and keyed digests:
values stored before still open."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from api.auth.oidc import records
from api.auth.second_factor import codes
from api.core import security
from api.core.config import get_settings


def test_the_dummy_hash_has_the_hashers_parameters() -> None:
    """An unknown username is verified against the profile's dummy hash: with other parameters (memory, passes,
    lanes) than a real user's hash its verification would take another time, and tell which usernames exist."""
    hasher, dummy = security._hasher(get_settings().password_hash_profile)
    assert not hasher.check_needs_rehash(dummy)
    assert dummy.split("$")[1:4] == security.hash_password("x").split("$")[1:4]


def test_an_unknown_username_verifies_nothing() -> None:
    assert security.verify_password("anything", None) == security.Verified(ok=False)
    assert security.verify_password("right", security.hash_password("right")).ok


# The seals of the second factor's secrets and of a provider's tokens, as written before they shared
# security.seal (the stored values must keep opening): AES-GCM under HMAC-SHA256(server key, purpose).
KEY = "k" * 48


def _sealed_before(purpose: bytes, plaintext: bytes, bound_to: bytes | None) -> str:

    nonce = os.urandom(12)
    key = hmac.new(KEY.encode(), purpose, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(nonce + AESGCM(key).encrypt(nonce, plaintext, bound_to)).decode()


def test_a_second_factor_secret_sealed_before_still_opens_for_its_user_only() -> None:
    stored = "v1:" + _sealed_before(b"second-factor:secret", b"JBSWY3DPEHPK3PXP", b"7")
    assert codes.open_sealed(KEY, 7, stored) == "JBSWY3DPEHPK3PXP"
    assert codes.open_sealed(KEY, 7, codes.seal(KEY, 7, "JBSWY3DPEHPK3PXP")) == "JBSWY3DPEHPK3PXP"
    for user, value in ((8, stored), (7, stored[:-4] + "AAAA"), (7, "v2:" + stored[3:]), (7, "v1:!!"), (7, "")):
        with pytest.raises(codes.UnreadableSecret):
            codes.open_sealed(KEY, user, value)
    with pytest.raises(codes.UnreadableSecret):
        codes.open_sealed("another-" + KEY, 7, stored)


def test_a_providers_tokens_sealed_before_still_open() -> None:
    stored = _sealed_before(b"oidc-provider-tokens", b'{"id_token": "a.b.c", "refresh_token": "r"}', None)
    assert records._unseal(KEY, stored) == {"id_token": "a.b.c", "refresh_token": "r"}
    assert records._unseal(KEY, records._seal(KEY, {"x": 1})) == {"x": 1}
    assert records._unseal(KEY, stored[:-4] + "AAAA") == {} and records._unseal(KEY, "") == {}


def test_a_recovery_code_digest_is_what_it_was() -> None:

    key = hmac.new(KEY.encode(), b"second-factor:recovery", hashlib.sha256).digest()
    before = hmac.new(key, b"7:abcdefghjk", hashlib.sha256).hexdigest()
    assert codes.recovery_digest(KEY, 7, "ABCDE-fghjk") == before
