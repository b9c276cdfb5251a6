"""Password hashes: production's argon2id parameters, and the test suite's cheap profile that never reaches it."""

from __future__ import annotations

import pytest
from argon2 import extract_parameters

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


def test_a_deployment_hashes_with_argon2id_at_rfc_9106_cost_unless_told_otherwise(profile) -> None:  # type: ignore[no-untyped-def]
    profile(None)
    assert Settings(_env_file=None).password_hash_profile == "production"  # type: ignore[call-arg]
    params = extract_parameters(security.hash_password("Pipeline#2026!Go"))
    assert (params.type.name, params.time_cost, params.memory_cost, params.parallelism) == ("ID", 3, 65536, 4)
    assert (params.hash_len, params.salt_len) == (32, 16)


def test_the_test_profile_is_cheap_and_its_hashes_verify_under_production(profile) -> None:  # type: ignore[no-untyped-def]
    profile("test")
    cheap = security.hash_password("Pipeline#2026!Go")
    assert extract_parameters(cheap).memory_cost < 65536
    profile("production")
    assert security.verify_password("Pipeline#2026!Go", cheap)
    assert not security.verify_password("Pipeline#2026!Gone", cheap)
    strong = security.hash_password("Pipeline#2026!Go")
    profile("test")
    assert security.verify_password("Pipeline#2026!Go", strong)


def test_an_unknown_profile_is_refused(profile) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="password_hash_profile"):
        Settings(password_hash_profile="fast")  # type: ignore[arg-type]
