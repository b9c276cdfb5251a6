"""Password hashes: production's argon2id parameters (OWASP's), older hashes rewritten with them at a sign-in, and the
test suite's cheap profile that never reaches production."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher, extract_parameters, profiles

from api.core import security
from api.core.config import Settings, get_settings


@pytest.fixture
def profile(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    def use(name: str | None) -> None:
        if name is None:
            monkeypatch.delenv("PASSWORD_HASH_PROFILE", raising=False)
        else:
            monkeypatch.setenv("PASSWORD_HASH_PROFILE", name)
        get_settings.cache_clear()

    yield use
    monkeypatch.undo()
    get_settings.cache_clear()


def test_a_deployment_hashes_with_argon2id_at_owasps_cost_unless_told_otherwise(profile) -> None:  # type: ignore[no-untyped-def]
    profile(None)
    assert Settings(_env_file=None).password_hash_profile == "production"  # type: ignore[call-arg]
    params = extract_parameters(security.hash_password("Pipeline#2026!Go"))
    # OWASP's Password Storage Cheat Sheet: argon2id, 19 MiB, 2 passes, 1 lane
    assert (params.type.name, params.time_cost, params.memory_cost, params.parallelism) == ("ID", 2, 19456, 1)
    assert (params.hash_len, params.salt_len) == (32, 16)


def test_the_test_profile_is_cheap_and_its_hashes_verify_under_production(profile) -> None:  # type: ignore[no-untyped-def]
    profile("test")
    cheap = security.hash_password("Pipeline#2026!Go")
    assert extract_parameters(cheap).memory_cost < 19456
    profile("production")
    assert security.verify_password("Pipeline#2026!Go", cheap).ok
    assert not security.verify_password("Pipeline#2026!Gone", cheap).ok
    strong = security.hash_password("Pipeline#2026!Go")
    profile("test")
    assert security.verify_password("Pipeline#2026!Go", strong).ok


def test_a_hash_of_rfc_9106_parameters_is_rehashed_with_owasps_when_its_password_is_right(profile) -> None:  # type: ignore[no-untyped-def]
    profile(None)
    legacy = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY).hash("Pipeline#2026!Go")
    right = security.verify_password("Pipeline#2026!Go", legacy)
    assert right.ok and right.rehashed is not None
    assert extract_parameters(right.rehashed) == security.PRODUCTION
    assert PasswordHasher().verify(right.rehashed, "Pipeline#2026!Go")
    assert security.verify_password("Pipeline#2026!Gone", legacy) == security.Verified(ok=False)
    # a hash with the profile's own parameters stays as it is
    assert security.verify_password("Pipeline#2026!Go", right.rehashed) == security.Verified(ok=True)


def test_a_check_has_no_truth_value_so_a_caller_cannot_mistake_it_for_a_match() -> None:
    with pytest.raises(TypeError, match=r"\.ok"):
        bool(security.Verified(ok=False))


def test_an_unknown_profile_is_refused(profile) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="password_hash_profile"):
        Settings(password_hash_profile="fast")  # type: ignore[arg-type]
