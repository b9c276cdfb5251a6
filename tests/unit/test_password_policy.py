"""The password policy of spec 1 §5, each rule broken once."""

import pytest

from api.auth.passwords import (
    CONFIRM_REQUIRED,
    NEW_PASSWORD_REQUIRED,
    PASSWORDS_MUST_MATCH,
    POLICY_MESSAGE,
    check_new_password,
    meets_policy,
)

GOOD = "Pipeline#2026!Go"


def test_a_password_meeting_every_rule_passes() -> None:
    assert meets_policy(GOOD)
    assert check_new_password(GOOD, GOOD) == []


@pytest.mark.parametrize(
    ("password", "rule"),
    [
        ("Ab#1cD!2efg", "11 characters is too short"),
        ("AbCd#1!2efgh3456ijklm", "21 characters is too long"),
        ("Apipeline#2026!go", "only one uppercase letter"),
        ("PIPELINe#2026!GO", "only one lowercase letter"),
        ("Pipeline#2abc!Go", "only one digit"),
        ("Pipeline#2026aGo", "only one special character"),
        ("Pipeeeline#2026!Go", "a character three times in a row"),
        ("Pipeline #2026!Go", "a space"),
        ("Pipeline#2026!Go~", "a character outside the allowed set"),
        ("Pipéline#2026!Go", "a non-ASCII letter"),
    ],
)
def test_each_rule_broken_once_gives_the_policy_message(password: str, rule: str) -> None:
    assert not meets_policy(password), rule
    assert check_new_password(password, password) == [POLICY_MESSAGE]


def test_two_repeats_in_a_row_are_allowed() -> None:
    assert meets_policy("Piipeline#2026!Go")


def test_every_allowed_special_character_counts() -> None:
    for ch in "!@#$%^&*()-_=+{};:,<.>":
        assert meets_policy(f"PiPeline12{ch}{ch}x"), ch


def test_required_and_matching_messages() -> None:
    assert check_new_password("", "") == [NEW_PASSWORD_REQUIRED, CONFIRM_REQUIRED]
    assert check_new_password(GOOD, None) == [CONFIRM_REQUIRED]
    assert check_new_password(GOOD, GOOD + "x") == [PASSWORDS_MUST_MATCH]
    assert check_new_password("weak", "weak") == [POLICY_MESSAGE]
