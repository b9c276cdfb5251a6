"""Fixtures of the storage tests: a lead of sales1 and valid cost sheet items (the leads and uploads tests' own)."""

from tests.integration.leads.conftest import lead, refs  # noqa: F401  (fixtures)
from tests.integration.uploads.conftest import items  # noqa: F401  (fixtures)
