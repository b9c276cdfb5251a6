"""Notification fixtures: a fresh lead of sales1 (tests/integration/leads)."""

from tests.integration.leads.conftest import lead, refs  # noqa: F401  (fixtures shared with leads)
