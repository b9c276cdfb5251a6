"""Phone normalisation and validation the same way the field does (spec 3 §4, §5, §9): every row of the table the
browser's test runs too (frontend/src/components/phone-input/phone-cases.json)."""

import json
from pathlib import Path
from typing import Any

import pytest

from api.clients.contacts.validation import PHONE_INVALID, normalize_phone, phone_is_valid

CASES_FILE = Path(__file__).parents[2] / "frontend/src/components/phone-input/phone-cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text())["cases"]


@pytest.mark.parametrize("row", CASES, ids=[repr(row["input"]) for row in CASES])
def test_every_row_of_the_shared_table(row: dict[str, Any]) -> None:
    normalised = normalize_phone(row["input"])
    assert normalised == row["normalised"]
    valid = normalised is None or phone_is_valid(normalised)
    assert valid is row["valid"]
    assert (None if valid else PHONE_INVALID) == row["message"]


def test_the_table_holds_the_case_that_split_browser_and_server() -> None:
    assert any(row["input"] == "621234567" and row["valid"] is False for row in CASES)


def test_none_is_no_phone() -> None:
    assert normalize_phone(None) is None


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
