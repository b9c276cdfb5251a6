"""The lead lists' cards: a page of cards, the ongoing total and the caller's pinned columns (the board itself is one
statement: board_query); every query scoped to the leads the actor may see (`scope`: sales ids, or None for all). A
card shows its lead's cost sheet status, read in the same statement."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.core.listing import Listing, ListParams, like, paged
from api.leads import stage_rules
from api.leads.models import Lead, LeadPin, Stage
from api.leads.visibility import Scope, scoped
from api.master_data.models import ProjectType
from api.pcs.models import ProjectCostSheet
from api.users.models import User

# unscoped: correlated with the lead row of a scoped query
SHEET_STATUS = (select(ProjectCostSheet.status).where(ProjectCostSheet.lead_id == Lead.id)
                .scalar_subquery().label("pcs_status"))  # one sheet per lead
CARD_COLUMNS = (Lead.id, Client.client_name, Lead.project_name, Lead.last_contacted_at, User.nickname,
                User.fullname.label("sales_fullname"), Lead.sales_person_id, Lead.status,
                ProjectType.project_type_name, Lead.total_gross_profit, Lead.stage_id)


def _filters(stmt: Any, *, scope: Scope, statuses: list[str] | None, search: str | None,
             sales_person_id: int | None) -> Any:
    stmt = scoped(stmt, scope)
    if statuses:
        stmt = stmt.where(Lead.status.in_(statuses))
    if sales_person_id:
        stmt = stmt.where(Lead.sales_person_id == sales_person_id)
    if search:
        term = like(search)
        # a sub-select on clients (not the join) lets PostgreSQL OR two index scans together
        matching_clients = select(Client.id).where(Client.client_name.ilike(term))
        stmt = stmt.where(or_(Lead.project_name.ilike(term), Lead.client_id.in_(matching_clients)))
    return stmt


def _cards_base() -> Any:
    return (select(*CARD_COLUMNS, SHEET_STATUS)
            .join(Client, Client.id == Lead.client_id)
            .join(User, User.id == Lead.sales_person_id)
            .outerjoin(ProjectType, ProjectType.id == Lead.project_type_id))


LIST_SORT = {"lastContacted": Lead.last_contacted_at, "projectName": func.lower(Lead.project_name),
             "clientName": func.lower(Client.client_name), "totalGrossProfit": Lead.total_gross_profit,
             "createdAt": Lead.created_at, "stage": Lead.stage_id}
LIST_LISTING = Listing(sort=LIST_SORT, default=Lead.last_contacted_at, tiebreak=Lead.id.desc(), default_desc=True,
                       count_by=Lead.id)


def list_page(session: Session, *, scope: Scope, statuses: list[str], params: ListParams,
              stage_id: int | None, sales_person_id: int | None) -> tuple[list[Any], int]:
    stmt = _filters(_cards_base(), scope=scope, statuses=statuses, search=params.search,
                    sales_person_id=sales_person_id)
    if stage_id:
        stmt = stmt.where(Lead.stage_id == stage_id)
    # searched by _filters, as the board is: the listing adds no search of its own
    return paged(session, stmt, params, LIST_LISTING, entities=False)


def pinned_stage_ids(session: Session, user_id: int) -> set[int]:
    return set(session.scalars(select(LeadPin.stage_id).where(LeadPin.user_id == user_id)))


def set_pin(session: Session, user_id: int, stage_id: int, pinned: bool) -> None:
    existing = session.get(LeadPin, (user_id, stage_id))
    if pinned and existing is None:
        session.add(LeadPin(user_id=user_id, stage_id=stage_id))
    elif not pinned and existing is not None:
        session.delete(existing)


def total_gp(session: Session, *, scope: Scope, sales_person_id: int | None, statuses: list[str]) -> tuple[float, int]:
    stmt = select(func.coalesce(func.sum(Lead.total_gross_profit), 0), func.count(Lead.id))
    stmt = _filters(stmt, scope=scope, statuses=statuses, search=None, sales_person_id=sales_person_id)
    stmt = stmt.where(Lead.stage_id.in_(select(Stage.id).where(Stage.stage_name != stage_rules.CLOSED_STAGE)))
    total, count = session.execute(stmt).one()
    return float(total), int(count)
