"""The password policy of spec 1 §5, with its exact messages."""

from __future__ import annotations

import re

SPECIALS = "!@#$%^&*()-_=+{};:,<.>"
NEW_PASSWORD_REQUIRED = "New password is required"
CONFIRM_REQUIRED = "Confirm password is required"
PASSWORDS_MUST_MATCH = "Passwords must match"
POLICY_MESSAGE = (
    "Password must be 12-20 characters long, contain at least 2 uppercase letters, 2 lowercase letters, "
    "2 numbers, 2 special characters, and cannot contain more than 2 repeating characters or spaces."
)

_ALLOWED = re.compile(r"^[A-Za-z0-9" + re.escape(SPECIALS) + r"]+$")
_TRIPLE = re.compile(r"(.)\1\1")


def meets_policy(password: str) -> bool:
    """12-20 characters; 2+ upper, lower, digit, special; only those characters; no char 3 times in a row."""
    if not 12 <= len(password) <= 20 or not _ALLOWED.match(password) or _TRIPLE.search(password):
        return False
    counts = (
        sum(c.isascii() and c.isupper() for c in password),
        sum(c.isascii() and c.islower() for c in password),
        sum(c.isdigit() for c in password),
        sum(c in SPECIALS for c in password),
    )
    return all(n >= 2 for n in counts)


def check_new_password(new_password: str | None, confirmation: str | None) -> list[str]:
    """The messages the set-password form shows, in the spec's order; empty when acceptable."""
    errors: list[str] = []
    if not new_password:
        errors.append(NEW_PASSWORD_REQUIRED)
    elif not meets_policy(new_password):
        errors.append(POLICY_MESSAGE)
    if not confirmation:
        errors.append(CONFIRM_REQUIRED)
    elif new_password and confirmation != new_password:
        errors.append(PASSWORDS_MUST_MATCH)
    return errors
