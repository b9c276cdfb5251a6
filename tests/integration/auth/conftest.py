"""Fixtures of the sign-in tests."""

from tests.integration.auth.sso import sso  # noqa: F401  (a fixture)
