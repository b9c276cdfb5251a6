"""Loads every domain's approval outcome handlers (they register on import) for the processes that run the
approval engine: the API (api.main) and the worker's activities."""

from __future__ import annotations

import api.leads.outcomes
import api.pcs.approval  # noqa: F401
from api.approvals import outcomes


def loaded() -> list[str]:
    """The request types with a handler (all of them once this module is imported)."""
    return outcomes.registered()
