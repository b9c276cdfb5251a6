"""Lead scoping, written once: which leads a person may change (their own, their team's down the user hierarchy, or
all for whitelisted roles) and read (those, and the leads they are asked to approve something on), as pieces a
query composes: the sales ids or their subquery, `scoped` for a select over leads (or a column naming a sales
person), `through_lead` for a table hanging off a lead, and the lead a call names, refused as not found when the
caller may not see it. `tools/lint_lead_scope.py` (make lint) fails a query over leads that skips this module."""

from __future__ import annotations

from typing import Any

from sqlalchemy import BindParameter, ColumnElement, Select, any_, exists, func, select, true
from sqlalchemy.orm import InstrumentedAttribute, Session

from api.approvals import delegates
from api.approvals.models import ApprovalRequest, ApprovalTask
from api.core.errors import NotFound
from api.leads.models import Lead
from api.users import repository as users_repo
from api.users.models import User

LEAD_NOT_FOUND = "Lead not found."

Scope = list[int] | None  # the sales people whose leads the actor may change; None: every lead
SalesScope = Scope | Select[tuple[int]]  # the same, or as a subquery of the statement it filters


def sees_every_lead(actor: User) -> bool:
    """Roles with the hierarchy whitelist (top management, admins) see every lead."""
    return actor.role.hierarchy_whitelist


def visible_sales_ids(session: Session, actor: User) -> Scope:
    """None when the actor sees every lead (roles with the hierarchy whitelist: top management, admins);
    otherwise the actor and everyone below them in the hierarchy, in one recursive query."""
    if sees_every_lead(actor):
        return None
    tree = users_repo.hierarchy_below(actor.id)
    return list(session.scalars(select(tree.c.id)))


def visible_scope(actor: User) -> Select[tuple[int]] | None:
    """visible_sales_ids as a subquery of another statement (none of its own): a lead read with it is one
    statement."""
    return None if sees_every_lead(actor) else team_scope(actor.id)


def team_scope(reader: int | BindParameter[int]) -> Select[tuple[int]]:
    """The sales people whose leads a reader without the whitelist sees (they and everyone below them), as a
    subquery; `reader` their id, or a bind parameter of a statement built once and given the id when run."""
    return select(users_repo.hierarchy_below(reader).c.id)


def in_scope(scope: SalesScope, column: Any = Lead.sales_person_id) -> ColumnElement[bool]:
    """The condition: `column` (a lead's sales person unless told) is one of the people in `scope` (true: all)."""
    return true() if scope is None else column.in_(scope)


def in_scope_array(scope: SalesScope, column: Any = Lead.sales_person_id) -> ColumnElement[bool]:
    """in_scope with a subquery read once into an array (`column = ANY(ARRAY(subquery))`): PostgreSQL then reads an
    index by those few ids, where with `IN (subquery)` it guessed the recursive hierarchy at a thousand people and
    planned a join for them."""
    if scope is None or isinstance(scope, list):
        return in_scope(scope, column)
    return column == any_(func.array(scope.scalar_subquery()))


def scoped(stmt: Any, scope: SalesScope, column: Any = Lead.sales_person_id) -> Any:
    """Only the leads of the sales people in `scope` (ids, or a subquery of them; None: every lead); `column` names
    the sales person another way (a schedule's owner, a user listed as a lead's owner)."""
    return stmt if scope is None else stmt.where(column.in_(scope))


def through_lead(stmt: Any, lead_id: InstrumentedAttribute[int], scope: SalesScope) -> Any:
    """A select over a table hanging off a lead (activities, schedules, cost sheets, requests), kept to the rows
    whose lead (by its `lead_id` column) is in `scope`, as a subquery."""
    return stmt if scope is None else stmt.where(lead_id.in_(select(Lead.id).where(Lead.sales_person_id.in_(scope))))


def asked_about(offered: Any) -> ColumnElement[bool]:
    """A condition on Lead: an approval task offered to the reader is about it; `offered` is a condition on
    ApprovalTask and its ApprovalRequest (api.approvals.delegates.tasks_offered_to)."""
    return exists().where(offered, ApprovalTask.request_id == ApprovalRequest.id, ApprovalRequest.lead_id == Lead.id)


def _visible_lead(session: Session, lead_id: int, scope: SalesScope) -> Lead | None:
    return session.scalars(scoped(select(Lead).where(Lead.id == lead_id), scope)).first()


def visible_or_404(session: Session, actor: User, lead_id: int) -> Lead:
    """A lead the actor may work on: their own, their team's, or any for whitelisted roles (one statement)."""
    lead = _visible_lead(session, lead_id, visible_scope(actor))
    if lead is None:
        raise NotFound(LEAD_NOT_FOUND)
    return lead


def readable_or_404(session: Session, actor: User, lead_id: int) -> Lead:
    """A lead the actor may read: one they may work on, or one they were asked to approve something on (as an
    approver, the person a layer was escalated to, or the delegate of an approver today)."""
    scope = visible_scope(actor)
    lead = _visible_lead(session, lead_id, scope)
    if lead is None and scope is not None:  # not theirs to work on: asked about it? (only then read who asks them)
        offered = delegates.tasks_offered_to(session, actor.id)
        lead = session.scalars(select(Lead).where(Lead.id == lead_id, asked_about(offered))).first()
    if lead is None:
        raise NotFound(LEAD_NOT_FOUND)
    return lead
