"""Phone normalisation the same way the field does (spec 3 §4, §5, §9)."""

import pytest

from api.clients.contacts.validation import normalize_phone, phone_is_valid


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("081234567890", "6281234567890"),
        ("6281234567890", "6281234567890"),
        ("+62 812-3456-7890", "6281234567890"),
        ("812 3456 7890", "6281234567890"),
        ("(021) 5551234", "62215551234"),
        ("", None),
        ("  -  ", None),
        (None, None),
    ],
)
def test_normalize(raw: str | None, expected: str | None) -> None:
    assert normalize_phone(raw) == expected


@pytest.mark.parametrize(
    ("number", "valid"),
    [
        ("62" + "8" * 8, False),  # 8 digits after 62
        ("62" + "8" * 9, True),  # 9
        ("62" + "8" * 14, True),  # 14
        ("62" + "8" * 15, False),  # 15
        ("63" + "8" * 10, False),  # another country code
    ],
)
def test_nine_to_fourteen_digits_after_62(number: str, valid: bool) -> None:
    assert phone_is_valid(number) is valid
