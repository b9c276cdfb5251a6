"""Who sees which lead: their own, their team's down the user hierarchy, or all for whitelisted roles; and the
lead a call names, refused as not found when the caller may not see it."""

from __future__ import annotations

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from api.approvals import delegates
from api.core.errors import NotFound
from api.leads import repository as repo
from api.leads.models import Lead
from api.users import repository as users_repo
from api.users.models import User

LEAD_NOT_FOUND = "Lead not found."


def visible_sales_ids(session: Session, actor: User) -> list[int] | None:
    """None when the actor sees every lead (roles with the hierarchy whitelist: top management, admins);
    otherwise the actor and everyone below them in the hierarchy, in one recursive query."""
    if actor.role.hierarchy_whitelist:
        return None
    tree = users_repo.hierarchy_below(actor.id)
    return list(session.scalars(select(tree.c.id)))


def visible_scope(actor: User) -> Select[tuple[int]] | None:
    """visible_sales_ids as a subquery of another statement (none of its own): a lead read with it is one
    statement."""
    if actor.role.hierarchy_whitelist:
        return None
    return select(users_repo.hierarchy_below(actor.id).c.id)


def visible_or_404(session: Session, actor: User, lead_id: int) -> Lead:
    """A lead the actor may work on: their own, their team's, or any for whitelisted roles (one statement)."""
    lead = repo.get_visible(session, lead_id, visible_scope(actor))
    if lead is None:
        raise NotFound(LEAD_NOT_FOUND)
    return lead


def readable_or_404(session: Session, actor: User, lead_id: int) -> Lead:
    """A lead the actor may read: one they may work on, or one they were asked to approve something on (as an
    approver, the person a layer was escalated to, or the delegate of an approver today)."""
    scope = visible_scope(actor)
    lead = repo.get_visible(session, lead_id, scope)
    if lead is None and scope is not None:  # not theirs to work on: asked about it? (only then read who asks them)
        lead = repo.get_asked(session, lead_id, delegates.tasks_offered_to(session, actor.id))
    if lead is None:
        raise NotFound(LEAD_NOT_FOUND)
    return lead
