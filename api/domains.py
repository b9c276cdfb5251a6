"""Loads every domain's registrations with the domains below it, for the processes that serve or run them (the API
in api.main, the worker's activities): the approval outcome handlers of leads and cost sheets, the cost sheet
view a lead shows, and the count of a client's leads. Registering (instead of importing upwards) keeps the domains
free of cycles."""

from __future__ import annotations

import api.leads.client_view
import api.leads.outcomes
import api.pcs.approval
import api.pcs.lead_view  # noqa: F401
from api.approvals import outcomes


def loaded() -> list[str]:
    """The request types with an approval outcome handler (all of them once this module is imported)."""
    return outcomes.registered()
