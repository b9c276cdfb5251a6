"""Fixtures of the upload tests: a lead of sales1 (the leads tests' own) and chart-of-accounts entries."""

from typing import Any

import pytest
from sqlalchemy.orm import Session

from tests.integration.leads.conftest import lead, refs  # noqa: F401  (fixtures)
from tests.integration.pcs.cost_sheet_api import item, make_coa


@pytest.fixture
def items(db: Session) -> list[dict[str, Any]]:
    """Valid cost sheet items, so that a save's only error is its file's."""
    return [item(make_coa(db, "Managed Service Fee", "REVENUE")),
            item(make_coa(db, "Subcontractor Cost", "COST"), "COST", price=400_000, description="Field engineers")]
