"""Dashboard aggregates over the leads a user sees, each widget one statement (README "Dashboard figures" defines
them). Periods are half-open [start, end) instants; months and years are counted in the product's time zone."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, extract, func, literal, select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.dashboard.models import ClosedCategoryRollup, ClosedMonthRollup, OngoingRollup
from api.leads.models import ONGOING, Lead, LeadHistory, LeadServiceCategory, Stage
from api.leads.visibility import in_scope, scoped
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

    @property
    def by_people_only(self) -> bool:
        """Narrowed by sales people alone: what the rollups can answer (they keep no project type, entity or
        category)."""
        return not (self.project_type_ids or self.entity_ids or self.category_ids)

    def conditions(self, *, closed: bool = False) -> list[ColumnElement[bool]]:
        """The scope as conditions on leads; `closed`: a closed lead counts for who closed it (`closed_by_id`), not
        for whom a reassignment moved it to since."""
        found: list[ColumnElement[bool]] = []
        if self.sales_ids is not None:
            found.append(in_scope(self.sales_ids, Lead.closed_by_id if closed else Lead.sales_person_id))
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


def created(session: Session, scope: Scope, w: Window) -> dict[str, Any]:
    """The leads created in the period: the New card and the rates' counts (the created-leads index alone). The SQL
    stages are a subquery of their ids, not a join of every lead to its stage: top management's year (183,000 of
    1,000,000 leads) hashed each lead into the join, a fifth of the statement's time."""
    sql = Lead.stage_id.in_(select(Stage.id).where(Stage.stage_name.in_(SQL_STAGES)).scalar_subquery())
    return session.execute(
        select(func.count().label("new_leads"), func.coalesce(func.sum(Lead.total_gross_profit), 0).label("new_amount"),
               func.count().filter(sql).label("sql_leads"),
               func.count().filter(Lead.status == "CLOSED").label("won_leads"),
               func.count().filter(sql, Lead.status == "CLOSED").label("sql_won_leads"),
               func.count().filter(Lead.status == "DROPPED").label("dropped_leads"),
               func.count().filter(Lead.status == "HOLD").label("hold_leads"))
        .where(_between(Lead.created_at, w.start, w.end), *scope.conditions())).one()._asdict()


def ongoing(session: Session, scope: Scope, year: int, *, rollup: bool) -> list[Any]:
    """The ongoing leads per stage that has any: stage_name, n, gp, and year_gp (of those expected to close in the
    calendar year), from the rollup or, when the scope is narrowed by more than sales people, from the leads."""
    if rollup:
        r = OngoingRollup
        stmt = (select(Stage.stage_name, func.sum(r.lead_count).label("n"), func.sum(r.gross_profit).label("gp"),
                       func.coalesce(func.sum(r.gross_profit).filter(r.close_year == year), 0).label("year_gp"))
                .select_from(r).join(Stage, Stage.id == r.stage_id).group_by(Stage.stage_name)
                .having(func.sum(r.lead_count) > 0))
        stmt = scoped(stmt, scope.sales_ids, r.sales_person_id)
        return list(session.execute(stmt))
    in_year = and_(Lead.expected_close_date >= date(year, 1, 1), Lead.expected_close_date < date(year + 1, 1, 1))
    return list(session.execute(
        select(Stage.stage_name, func.count().label("n"), func.sum(Lead.total_gross_profit).label("gp"),
               func.coalesce(func.sum(Lead.total_gross_profit).filter(in_year), 0).label("year_gp"))
        .select_from(Lead).join(Stage, Stage.id == Lead.stage_id)
        .where(Lead.status.in_(ONGOING), *scope.conditions()).group_by(Stage.stage_name)))


def board_stages(session: Session, stage_names: tuple[str, ...] | None) -> list[Stage]:
    """The stages the pipeline shows, in board order: those named, or every stage but Closed."""
    return list(session.scalars(
        select(Stage).where(Stage.stage_name.in_(stage_names) if stage_names else Stage.stage_name != "E7")
        .order_by(Stage.seq_number)))


def closed_months(session: Session, scope: Scope, first: date, stop: date) -> list[Any]:
    """The rollup's closed leads per local month from `first` up to (not including) `stop`, both first days of a
    month: month, n, gp, days (the sum of the sales cycles)."""
    r = ClosedMonthRollup
    stmt = (select(r.month, func.sum(r.lead_count).label("n"), func.sum(r.gross_profit).label("gp"),
                   func.sum(r.cycle_days).label("days"))
            .where(r.month >= first, r.month < stop).group_by(r.month))
    stmt = scoped(stmt, scope.sales_ids, r.sales_person_id)
    return list(session.execute(stmt))


def closed_months_from_leads(session: Session, scope: Scope, since: datetime, until: datetime, zone: str,
                             ) -> list[Any]:
    """The same per local month, counted from the leads closed in [since, until) (the closed-leads index)."""
    month = func.date(func.date_trunc("month", _local(Lead.closed_at, zone)))
    return list(session.execute(
        select(month.label("month"), func.count().label("n"), func.sum(Lead.total_gross_profit).label("gp"),
               func.sum(extract("epoch", Lead.closed_at - Lead.created_at) / 86400).label("days"))
        .where(_between(Lead.closed_at, since, until), *scope.conditions(closed=True)).group_by(month)))


def closed_by(session: Session, scope: Scope, since: datetime, until: datetime, by: str) -> list[Any]:
    """Leads closed in [since, until) grouped by service category (a lead in two counts in both) or project type:
    name, n, total."""
    figures = (func.count(Lead.id).label("n"), func.sum(Lead.total_gross_profit).label("total"))
    if by == "service":
        category = ServiceCategory.service_category_name
        stmt = (select(category.label("name"), *figures).select_from(Lead)
                .join(LeadServiceCategory, LeadServiceCategory.lead_id == Lead.id)
                .join(ServiceCategory, ServiceCategory.id == LeadServiceCategory.service_category_id)
                .group_by(category))
    else:
        kind = func.coalesce(ProjectType.project_type_name, literal("Unspecified"))
        stmt = (select(kind.label("name"), *figures).select_from(Lead)
                .outerjoin(ProjectType, ProjectType.id == Lead.project_type_id).group_by(kind))
    stmt = stmt.where(_between(Lead.closed_at, since, until), *scope.conditions(closed=True))
    return list(session.execute(stmt))


def closed_categories(session: Session, scope: Scope, first: date, stop: date) -> list[Any]:
    """The category rollup's closed leads per service category over the months [first, stop): name, n, total."""
    r = ClosedCategoryRollup
    stmt = (select(ServiceCategory.service_category_name.label("name"), func.sum(r.lead_count).label("n"),
                   func.sum(r.gross_profit).label("total"))
            .join(ServiceCategory, ServiceCategory.id == r.service_category_id)
            .where(r.month >= first, r.month < stop).group_by(ServiceCategory.service_category_name))
    stmt = scoped(stmt, scope.sales_ids, r.sales_person_id)
    return list(session.execute(stmt))


def _local(column: Any, zone: str) -> Any:
    return func.timezone(zone, column)


def closed_leads(session: Session, scope: Scope, w: Window, zone: str) -> list[Any]:
    """The leads closed in the period, one row each with its names (the sales person: who closed it), in the order
    they closed (the closed_at index)."""
    return list(session.execute(
        select(Lead.id, Lead.project_name, Client.client_name, User.fullname.label("sales_person"),
               ProjectType.project_type_name.label("project_type"), Entity.entity_name.label("entity"),
               func.date(_local(Lead.closed_at, zone)).label("closed_date"), Lead.total_revenue,
               Lead.total_gross_profit)
        .select_from(Lead).join(Client, Client.id == Lead.client_id).join(User, User.id == Lead.closed_by_id)
        .outerjoin(ProjectType, ProjectType.id == Lead.project_type_id).outerjoin(Entity, Entity.id == Lead.entity_id)
        .where(_between(Lead.closed_at, w.start, w.end), *scope.conditions(closed=True))
        .order_by(Lead.closed_at, Lead.id)))


def leaderboard(session: Session, scope: Scope, w: Window, year: int, *, rollup: bool) -> list[Any]:
    """Per sales person of the scope (every active one, closed or not): leads they closed in the year and their GP. The
    year's closed leads are added up first (from the rollup's months, or in one pass over the closed-leads index),
    then joined to the people: a join per person made the planner walk the year's index once for each of 200 people
    (2.8 s at 1,000,000 leads)."""
    if rollup:
        r = ClosedMonthRollup
        closed = (select(r.sales_person_id, func.sum(r.lead_count).label("n"), func.sum(r.gross_profit).label("gp"))
                  .where(r.month >= date(year, 1, 1), r.month < date(year + 1, 1, 1))
                  .group_by(r.sales_person_id).subquery())
    else:
        closed = (select(Lead.closed_by_id.label("sales_person_id"), func.count().label("n"),
                         func.sum(Lead.total_gross_profit).label("gp"))
                  .where(_between(Lead.closed_at, w.year_start, w.year_end), *scope.conditions(closed=True))
                  .group_by(Lead.closed_by_id).subquery())
    gp = func.coalesce(closed.c.gp, 0)
    stmt = (select(User.id, User.fullname, User.nickname, func.coalesce(closed.c.n, 0).label("n"), gp.label("gp"))
            .select_from(User).outerjoin(closed, closed.c.sales_person_id == User.id)
            .where(User.is_active.is_(True), User.role.has(name="SALES"))
            .order_by(gp.desc(), User.fullname))
    stmt = scoped(stmt, scope.sales_ids, User.id)
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

