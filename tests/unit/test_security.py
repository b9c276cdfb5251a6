"""Password hashing: a sign-in with an unknown username costs what a wrong password costs."""

from __future__ import annotations

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
