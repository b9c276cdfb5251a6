"""Who can decide on approval requests: an active user whose role may decide in the approval queue (the page
`system/approval` with edit, as every decision call requires). The one owner of that rule for the pickers, the
delegations and the pipelines, so nobody is named to decide who would then be refused at the queue."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.core.authz import PolicyStore
from api.users.models import Role, User

QUEUE_PAGE = "system/approval"
CANNOT_DECIDE = "can decide on requests (their role opens the approval queue to decide)"


def can_decide(policy: PolicyStore, role_name: str) -> bool:
    return policy.allowed(role_name, QUEUE_PAGE, "edit")


def deciders(session: Session, policy: PolicyStore, ids: set[int]) -> set[int]:
    """The active users among `ids` who can decide."""
    if not ids:
        return set()
    rows = session.execute(select(User.id, Role.name).join(Role, User.role_id == Role.id)
                           .where(User.id.in_(ids), User.is_active.is_(True))).tuples().all()
    deciding = {role for role in {role for _, role in rows} if can_decide(policy, role)}  # one check per role
    return {user_id for user_id, role in rows if role in deciding}
