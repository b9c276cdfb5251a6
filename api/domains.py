"""Every domain's registrations with the domains below it, made by one explicit call at the start of each process
that serves or runs them (the API's create_app, the seed, the worker, the tests' session): the request types of the
approval engine (the leads' stage change, hold, drop and close; the cost sheet). Registering (instead of importing
upwards) keeps the engine free of the domains it serves; screens that join domains live above them instead
(api.client_views, api.lead_views, api.lead_management, api.request_lists)."""

from __future__ import annotations

from api.approvals import outcomes
from api.leads import outcomes as lead_outcomes
from api.pcs import approval as pcs_approval


def register() -> list[str]:
    """Make every registration (again, harmlessly); returns the request types the approval engine now runs."""
    lead_outcomes.register()
    pcs_approval.register()
    return outcomes.registered()
