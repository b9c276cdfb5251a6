"""The statements of Leads Management (a filtered, sorted page of leads) and Leads Monitoring (lead counts, GP and
stale counts per sales person and stage, in one GROUP BY); each scoped to the leads the caller may see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, exists, func, or_, select
from sqlalchemy.orm import Session, aliased

from api.clients.models import Client
from api.core.listing import Listing, ListParams, paged
from api.leads.models import ONGOING, Lead, Stage
from api.leads.visibility import Scope, scoped
from api.users import repository as users_repo
from api.users.models import User

Leader = aliased(User, name="leader")

CRITERIA = {"salesPersonId": Lead.sales_person_id, "stageId": Lead.stage_id, "status": Lead.status,
            "clientId": Lead.client_id}
SORT = {"projectName": func.lower(Lead.project_name), "clientName": func.lower(Client.client_name),
        "salesFullname": func.lower(User.fullname), "stage": Stage.seq_number, "status": Lead.status,
        "totalGrossProfit": Lead.total_gross_profit, "expectedCloseDate": Lead.expected_close_date,
        "createdAt": Lead.created_at, "lastContacted": Lead.last_contacted_at}


@dataclass(frozen=True)
class Filters:
    """The filters beside the criteria: a team (its leader and everyone below), instants of creation [from, to),
    expected close dates (inclusive) and days without contact (ongoing leads contacted that long ago or more)."""

    team_leader_id: int | None = None
    created_from: datetime | None = None
    created_to: datetime | None = None
    close_from: date | None = None
    close_to: date | None = None
    stale_since: datetime | None = None  # now minus the stale days


def _filtered(stmt: Any, *, scope: Scope, filters: Filters) -> Any:
    stmt = scoped(stmt, scope)
    if filters.team_leader_id is not None:
        team = users_repo.hierarchy_below(filters.team_leader_id)
        stmt = stmt.where(Lead.sales_person_id.in_(select(team.c.id)))
    if filters.created_from is not None:
        stmt = stmt.where(Lead.created_at >= filters.created_from)
    if filters.created_to is not None:
        stmt = stmt.where(Lead.created_at < filters.created_to)
    if filters.close_from is not None:
        stmt = stmt.where(Lead.expected_close_date >= filters.close_from)
    if filters.close_to is not None:
        stmt = stmt.where(Lead.expected_close_date <= filters.close_to)
    if filters.stale_since is not None:
        stmt = stmt.where(Lead.status.in_(ONGOING), Lead.last_contacted_at <= filters.stale_since)
    return stmt


def page(session: Session, *, scope: Scope, params: ListParams, filters: Filters) -> tuple[list[Any], int]:
    """A page of leads with their client, sales person, leader and stage names, and the number of rows."""
    stmt = (select(Lead.id, Lead.project_name, Lead.client_id, Client.client_name, Lead.sales_person_id,
                   User.fullname.label("sales_fullname"), Leader.fullname.label("team_leader_name"), Lead.stage_id,
                   Stage.stage_name, Stage.stage_description, Lead.status, Lead.total_gross_profit,
                   Lead.expected_close_date, Lead.created_at, Lead.last_contacted_at)
            .join(Client, Client.id == Lead.client_id).join(User, User.id == Lead.sales_person_id)
            .outerjoin(Leader, Leader.id == User.leader_id).join(Stage, Stage.id == Lead.stage_id))
    return paged(session, _filtered(stmt, scope=scope, filters=filters), params, Listing(
        sort=SORT, criteria=CRITERIA, default=Lead.created_at, tiebreak=Lead.id.desc(), default_desc=True,
        count_by=Lead.id, search=(Lead.project_name, Client.client_name)), entities=False)


def grid(session: Session, *, scope: Scope, statuses: list[str], filters: Filters, now: datetime,
         thresholds: tuple[int, int]) -> list[Any]:
    """(sales_person_id, stage_id, n, gp, stale_low, stale_high) per sales person and stage, one GROUP BY; stale
    counts are ongoing leads not contacted for `thresholds` days (whatever the status filter)."""
    low, high = (now - timedelta(days=days) for days in thresholds)
    ongoing = Lead.status.in_(ONGOING)
    counted = Lead.status.in_(statuses)
    stmt = select(Lead.sales_person_id, Lead.stage_id,
                  func.count().filter(counted).label("n"),
                  func.coalesce(func.sum(Lead.total_gross_profit).filter(counted), 0).label("gp"),
                  func.count().filter(and_(ongoing, Lead.last_contacted_at <= low)).label("stale_low"),
                  func.count().filter(and_(ongoing, Lead.last_contacted_at <= high)).label("stale_high"))
    stmt = _filtered(stmt, scope=scope, filters=filters).where(or_(counted, ongoing))
    return list(session.execute(stmt.group_by(Lead.sales_person_id, Lead.stage_id)))


def people(session: Session, *, scope: Scope, team_leader_id: int | None, owners: set[int]) -> list[Any]:
    """(id, fullname, team_leader_name) of the rows of the grid: the owners of counted leads and every active sales
    person in scope (and in the team), by name."""
    stmt = (select(User.id, User.fullname, Leader.fullname.label("team_leader_name"))
            .outerjoin(Leader, Leader.id == User.leader_id))
    active_sales = users_repo.active_sales_person()
    if scope is not None:
        active_sales = and_(active_sales, User.id.in_(scope))
    if team_leader_id is not None:
        team = users_repo.hierarchy_below(team_leader_id)
        active_sales = and_(active_sales, User.id.in_(select(team.c.id)))
    stmt = stmt.where(or_(User.id.in_(owners), active_sales) if owners else active_sales)
    return list(session.execute(stmt.order_by(func.lower(User.fullname), User.id)))


def teams(session: Session, scope: Scope) -> list[User]:
    """Active people in scope who lead someone: the teams the filters offer, by name."""
    sub = aliased(User)
    stmt = select(User).where(User.is_active.is_(True), exists().where(sub.leader_id == User.id))
    if scope is not None:
        stmt = stmt.where(User.id.in_(scope))
    return list(session.scalars(stmt.order_by(func.lower(User.fullname))))


def stages(session: Session) -> list[Stage]:
    return list(session.scalars(select(Stage).order_by(Stage.seq_number)))
