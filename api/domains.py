"""Every domain's registrations with the domains below it, made by one explicit call at the start of each process
that serves or runs them (the API's create_app, the seed, the worker, the tests' session): the request types of the
approval engine (the leads' stage change, hold, drop and close; the cost sheet) and the cost sheet view a lead shows.
Registering (instead of importing upwards) keeps the domains free of cycles. A screen that reads across domains needs
no registration: it is a read model above them (api.client_views, api.request_lists) that imports them."""

from __future__ import annotations

from api.approvals import outcomes
from api.leads import outcomes as lead_outcomes
from api.pcs import approval as pcs_approval
from api.pcs import lead_view


def register() -> list[str]:
    """Make every registration (again, harmlessly); returns the request types the approval engine now runs."""
    lead_outcomes.register()
    pcs_approval.register()
    lead_view.register()
    return outcomes.registered()
