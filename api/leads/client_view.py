"""The leads of a client as the clients' screens count them, registered with clients."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from api.clients import lead_counts
from api.leads.models import Lead


# unscoped: a client's lead count, correlated in the client query
def count(client_id: Any) -> Any:
    return select(func.count(Lead.id)).where(Lead.client_id == client_id).scalar_subquery()


def register() -> None:
    """Give clients the count of a client's leads (api.domains.register)."""
    lead_counts.register(count)
