"""Dashboard aggregates over the leads a user sees, each widget one statement (README "Dashboard figures" defines
them). Periods are half-open [start, end) instants; months and years are counted in the product's time zone."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, extract, func, literal, select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.leads.models import ONGOING, Lead, LeadHistory, LeadServiceCategory, Stage
from api.master_data.models import Entity, ProjectType, ServiceCategory
from api.users.models import User

SQL_STAGES = ("E4", "E5", "E6", "E7")  # a sales qualified lead: it reached Proposal (E7 is Closed)
PIPELINE_SQL_STAGES = ("E4", "E5", "E6")


@dataclass(frozen=True)
class Scope:
    """Which leads count: those the user sees (`sales_ids` None: all) narrowed by the filters."""

    sales_ids: list[int] | None
    project_type_ids: list[int]
    entity_ids: list[int]
    category_ids: list[int]

    def conditions(self) -> list[ColumnElement[bool]]:
        found: list[ColumnElement[bool]] = []
        if self.sales_ids is not None:
            found.append(Lead.sales_person_id.in_(self.sales_ids))
        if self.project_type_ids:
            found.append(Lead.project_type_id.in_(self.project_type_ids))
        if self.entity_ids:
            found.append(Lead.entity_id.in_(self.entity_ids))
        if self.category_ids:
            found.append(exists().where(LeadServiceCategory.lead_id == Lead.id,
                                        LeadServiceCategory.service_category_id.in_(self.category_ids)))
        return found


@dataclass(frozen=True)
class Window:
    start: datetime  # the period
    end: datetime
    year_start: datetime  # the year of the period's end
    year_end: datetime


def _between(column: Any, start: datetime, end: datetime) -> ColumnElement[bool]:
    return and_(column >= start, column < end)


def counts(session: Session, scope: Scope, w: Window) -> dict[str, Any]:
    """The cards, the rates' counts and the milestone amounts: three statements, each led by its own index (leads
    created in the period; closed in the year, which holds the period's end; ongoing now) instead of one pass
    over every lead that matches any of them."""
    gp = Lead.total_gross_profit
    sql = Stage.stage_name.in_(SQL_STAGES)
    created = session.execute(
        select(func.count().label("new_leads"), func.coalesce(func.sum(gp), 0).label("new_amount"),
               func.count().filter(sql).label("sql_leads"),
               func.count().filter(Lead.status == "CLOSED").label("won_leads"),
               func.count().filter(sql, Lead.status == "CLOSED").label("sql_won_leads"),
               func.count().filter(Lead.status == "DROPPED").label("dropped_leads"),
               func.count().filter(Lead.status == "HOLD").label("hold_leads"))
        .select_from(Lead).join(Stage, Stage.id == Lead.stage_id)
        .where(_between(Lead.created_at, w.start, w.end), *scope.conditions())).one()
    closed_in_period = _between(Lead.closed_at, w.start, w.end)
    since, until = min(w.start, w.year_start), max(w.end, w.year_end)
    closed = session.execute(
        select(func.count().filter(closed_in_period).label("closed_leads"),
               func.coalesce(func.sum(gp).filter(closed_in_period), 0).label("closed_amount"),
               func.coalesce(func.sum(gp).filter(_between(Lead.closed_at, w.year_start, w.year_end)), 0)
               .label("achieved"))
        .where(_between(Lead.closed_at, since, until), *scope.conditions())).one()
    ongoing = session.execute(
        select(func.count().label("ongoing_leads"), func.coalesce(func.sum(gp), 0).label("ongoing_amount"),
               func.coalesce(func.sum(gp).filter(Stage.stage_name.in_(PIPELINE_SQL_STAGES)), 0).label("potential"))
        .select_from(Lead).join(Stage, Stage.id == Lead.stage_id)
        .where(Lead.status.in_(ONGOING), *scope.conditions())).one()
    return {**created._mapping, **closed._mapping, **ongoing._mapping}


def cycle(session: Session, scope: Scope, w: Window) -> tuple[float | None, int]:
    """Mean days from creation to close of the leads closed in the period, and how many (the closed_at index)."""
    avg, n = session.execute(
        select(func.avg(extract("epoch", Lead.closed_at - Lead.created_at) / 86400), func.count())
        .where(_between(Lead.closed_at, w.start, w.end), *scope.conditions())).one()
    return (float(avg) if avg is not None else None), int(n)


def pipeline(session: Session, scope: Scope, w: Window, stage_names: tuple[str, ...] | None) -> list[Any]:
    """Per stage of the board: ongoing leads, their GP, and the GP of those expected to close in the year."""
    in_year = and_(Lead.expected_close_date >= w.year_start.date(), Lead.expected_close_date < w.year_end.date())
    stmt = (select(Stage.stage_name, Stage.stage_description, func.count(Lead.id).label("lead_count"),
                   func.coalesce(func.sum(Lead.total_gross_profit), 0).label("total_gp"),
                   func.coalesce(func.sum(Lead.total_gross_profit).filter(in_year), 0).label("year_gp"))
            .select_from(Stage)
            .outerjoin(Lead, and_(Lead.stage_id == Stage.id, Lead.status.in_(ONGOING), *scope.conditions()))
            .where(Stage.stage_name.in_(stage_names) if stage_names else Stage.stage_name != "E7")
            .group_by(Stage.id).order_by(Stage.seq_number))
    return list(session.execute(stmt))


def closed_by(session: Session, scope: Scope, w: Window, by: str) -> list[Any]:
    """Leads closed in the period grouped by service category (a lead in two counts in both) or project type."""
    closed = _between(Lead.closed_at, w.start, w.end)
    if by == "service":
        stmt = (select(ServiceCategory.service_category_name.label("name"), func.count(Lead.id).label("n"),
                       func.sum(Lead.total_gross_profit).label("total"), func.avg(Lead.total_gross_profit).label("avg"))
                .select_from(Lead).join(LeadServiceCategory, LeadServiceCategory.lead_id == Lead.id)
                .join(ServiceCategory, ServiceCategory.id == LeadServiceCategory.service_category_id)
                .group_by(ServiceCategory.service_category_name))
    else:
        name = func.coalesce(ProjectType.project_type_name, literal("Unspecified"))
        stmt = (select(name.label("name"), func.count(Lead.id).label("n"),
                       func.sum(Lead.total_gross_profit).label("total"), func.avg(Lead.total_gross_profit).label("avg"))
                .select_from(Lead).outerjoin(ProjectType, ProjectType.id == Lead.project_type_id).group_by(name))
    return list(session.execute(stmt.where(closed, *scope.conditions()).order_by(func.sum(Lead.total_gross_profit)
                                                                                 .desc())))


def _local(column: Any, zone: str) -> Any:
    return func.timezone(zone, column)


def closed_per_month(session: Session, scope: Scope, since: datetime, until: datetime, zone: str) -> list[Any]:
    local = _local(Lead.closed_at, zone)
    year, month = extract("year", local), extract("month", local)
    return list(session.execute(
        select(year.label("year"), month.label("month"), func.count().label("n"),
               func.sum(Lead.total_gross_profit).label("gp"))
        .where(_between(Lead.closed_at, since, until), *scope.conditions()).group_by(year, month)))


def closed_leads(session: Session, scope: Scope, w: Window, zone: str) -> list[Any]:
    """The leads closed in the period, one row each with its names, in the order they closed (the closed_at index)."""
    return list(session.execute(
        select(Lead.id, Lead.project_name, Client.client_name, User.fullname.label("sales_person"),
               ProjectType.project_type_name.label("project_type"), Entity.entity_name.label("entity"),
               func.date(_local(Lead.closed_at, zone)).label("closed_date"), Lead.total_revenue,
               Lead.total_gross_profit)
        .select_from(Lead).join(Client, Client.id == Lead.client_id).join(User, User.id == Lead.sales_person_id)
        .outerjoin(ProjectType, ProjectType.id == Lead.project_type_id).outerjoin(Entity, Entity.id == Lead.entity_id)
        .where(_between(Lead.closed_at, w.start, w.end), *scope.conditions()).order_by(Lead.closed_at, Lead.id)))


def leaderboard(session: Session, scope: Scope, w: Window) -> list[Any]:
    """Per sales person of the scope (every active one, closed or not): leads closed in the year and their GP. The
    year's closed leads are added up first, in one pass over the closed-leads index, then joined to the people: a
    join per person made the planner walk the year's index once for each of 200 people (2.8 s at 1,000,000 leads)."""
    closed = (select(Lead.sales_person_id, func.count().label("n"), func.sum(Lead.total_gross_profit).label("gp"))
              .where(_between(Lead.closed_at, w.year_start, w.year_end), *scope.conditions())
              .group_by(Lead.sales_person_id).subquery())
    gp = func.coalesce(closed.c.gp, 0)
    stmt = (select(User.id, User.fullname, User.nickname, func.coalesce(closed.c.n, 0).label("n"), gp.label("gp"))
            .select_from(User).outerjoin(closed, closed.c.sales_person_id == User.id)
            .where(User.is_active.is_(True), User.role.has(name="SALES"))
            .order_by(gp.desc(), User.fullname))
    if scope.sales_ids is not None:
        stmt = stmt.where(User.id.in_(scope.sales_ids))
    return list(session.execute(stmt))


def stage_changes(session: Session, scope: Scope, since: datetime, until: datetime, zone: str) -> list[Any]:
    """Stage changes of the scope's leads per sales person and local day."""
    day = func.date(_local(LeadHistory.changed_at, zone))
    return list(session.execute(
        select(User.id, User.fullname, day.label("day"), func.count().label("n"))
        .select_from(LeadHistory).join(Lead, Lead.id == LeadHistory.lead_id)
        .join(User, User.id == Lead.sales_person_id)
        .where(LeadHistory.field == "stage", _between(LeadHistory.changed_at, since, until), *scope.conditions())
        .group_by(User.id, User.fullname, day).order_by(User.fullname, day)))

