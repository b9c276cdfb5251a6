"""Contact rules of spec 3 §4 and §5: phone normalisation and the field messages."""

from __future__ import annotations

import re

from email_validator import EmailNotValidError, validate_email

FULLNAME_REQUIRED = "Please enter contact's full name."
POSITION_REQUIRED = "Please enter contact's position."
GENDER_REQUIRED = "Please choose gender"
EMAIL_INVALID = "Please enter valid email format."
PHONE_INVALID = "Invalid phone number format"
EMAIL_OR_PHONE = "Please enter either email or phone number."
CLIENT_REQUIRED = "Please choose client / company"
POSITION_ONLY_DASH = "Position cannot consist only of '-'."
DIVISION_ONLY_DASH = "Division cannot consist only of '-'."
GENDERS = ("Male", "Female")

_DASHES = re.compile(r"^[\s-]+$")


def normalize_phone(raw: str | None) -> str | None:
    """Digits only; a leading 0 becomes 62; anything not starting with 62 gets 62 in front (as the field does)."""
    if raw is None:
        return None
    digits = re.sub(r"\D", "", raw)
    if not digits:
        return None
    if digits.startswith("0"):
        digits = "62" + digits[1:]
    elif not digits.startswith("62"):
        digits = "62" + digits
    return digits


def phone_is_valid(normalized: str) -> bool:
    """62 followed by 9 to 14 digits."""
    return bool(re.fullmatch(r"62\d{9,14}", normalized))


def only_dashes(value: str | None) -> bool:
    return bool(value) and bool(_DASHES.match(value or ""))


def clean(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


def check_email(email: str | None) -> str | None:
    """The normalised address, or raises ValueError with the spec message."""
    if not email:
        return None
    try:
        return validate_email(email, check_deliverability=False).normalized
    except EmailNotValidError as exc:
        raise ValueError(EMAIL_INVALID) from exc
