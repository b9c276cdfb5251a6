"""The dashboard by role (spec 2 §2.6, §6): the figures of exactly the leads the user sees, narrowed by the filters.
Every figure's definition is here and in README "Dashboard figures"."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import ValidationError
from sqlalchemy.orm import Session

from api.core.errors import NotFound, ValidationFailed
from api.dashboard import repository as repo
from api.dashboard import rollups
from api.dashboard.schemas import (
    ActivityCell,
    ClosedLead,
    ClosedMonth,
    DashboardFilters,
    GpType,
    LeaderboardRow,
    MonthCompare,
    ProjectTypeAvgGp,
    ProjectTypeGp,
    Rates,
    RevenuePerStage,
    RoleComponent,
    SalesCycle,
    SalesPerformance,
    ServiceAvgGp,
    ServiceGp,
    StagePipeline,
    YearGp,
)
from api.leads.visibility import visible_sales_ids
from api.sales_targets import service as targets
from api.users.models import Role, User

INVALID_FILTERS = "The dashboard filters are not valid."
YEARS_SHOWN = 5  # the yearly closed GP line: this year and the four before


def parse_filters(raw: str | None) -> DashboardFilters:
    if not raw:
        return DashboardFilters()
    try:
        return DashboardFilters.model_validate(json.loads(raw))
    except (ValueError, ValidationError) as exc:
        raise ValidationFailed(INVALID_FILTERS) from exc


def rate(part: int, whole: int) -> float:
    """A percentage with two decimals; 0 when the whole is 0 (spec 2 §2.6)."""
    return round(part * 100 / whole, 2) if whole else 0.0


def _period(filters: DashboardFilters, zone: ZoneInfo) -> tuple[date, date]:
    today = datetime.now(zone).date()
    found = filters.date.date_range if filters.date else None
    start, end = (found.start, found.end) if found else (date(today.year, 1, 1), date(today.year, 12, 31))
    if end < start:
        raise ValidationFailed("The date range must end on or after its start.")
    return start, end


def _instant(day: date, zone: ZoneInfo) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=zone).astimezone(UTC)


def _window(start: date, end: date, zone: ZoneInfo) -> repo.Window:
    return repo.Window(start=_instant(start, zone), end=_instant(end + timedelta(days=1), zone),
                       year_start=_instant(date(end.year, 1, 1), zone),
                       year_end=_instant(date(end.year + 1, 1, 1), zone))


def _scope(session: Session, actor: User, filters: DashboardFilters) -> repo.Scope:
    """The leads the user sees; a sales person filter narrows it (never widens it)."""
    visible = visible_sales_ids(session, actor)
    wanted = filters.sales_person_ids or None
    sales = visible if wanted is None else [i for i in wanted if visible is None or i in visible]
    return repo.Scope(sales_ids=sales, project_type_ids=filters.project_ids, entity_ids=filters.entity_ids,
                      category_ids=filters.category_ids)


@dataclass(frozen=True)
class _Frame:
    """What every figure is read in: the time zone, the period, its window of instants, the leads in scope, and
    which rollups can answer for that scope (api/dashboard/models.py): the ongoing one when the scope is narrowed by
    sales people alone, the closed months when, besides, they are counted in this time zone."""

    zone: ZoneInfo
    start: date
    end: date
    window: repo.Window
    scope: repo.Scope
    ongoing_rollup: bool
    closed_rollup: bool


def _frame(session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> _Frame:
    zone = ZoneInfo(zone_name)
    start, end = _period(filters, zone)
    scope = _scope(session, actor, filters)
    people_only = scope.by_people_only
    return _Frame(zone, start, end, _window(start, end, zone), scope, ongoing_rollup=people_only,
                  closed_rollup=people_only and rollups.stored_zone(session) == zone_name)


@dataclass(frozen=True)
class _Closed:
    n: int
    gp: float
    days: float  # the sum of the sales cycles


def _month_after(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def _parts(f: _Frame, start: date, end: date) -> tuple[tuple[date, date] | None, list[tuple[datetime, datetime]]]:
    """How to read the leads closed on the local days start..end: the whole months [first, stop) from the rollups
    (None: no rollup answers for this frame), and the instants of the rest, the days of a month the period covers
    only in part, from the leads."""
    stop = end + timedelta(days=1)
    days = [(start, stop)]
    months = None
    if f.closed_rollup:
        first, last = (start if start.day == 1 else _month_after(start)), stop.replace(day=1)
        if first < last:
            months, days = (first, last), [(start, first), (last, stop)]
    return months, [(_instant(a, f.zone), _instant(b, f.zone)) for a, b in days if a < b]


def _closed(session: Session, f: _Frame, start: date, end: date) -> dict[date, _Closed]:
    """The leads closed on the local days start..end per month (its first day)."""
    months, rest = _parts(f, start, end)
    rows: list[Any] = repo.closed_months(session, f.scope, *months) if months else []
    for since, until in rest:
        rows += repo.closed_months_from_leads(session, f.scope, since, until, f.zone.key)
    found: dict[date, _Closed] = {}
    for r in rows:
        was = found.get(r.month, _Closed(0, 0.0, 0.0))
        found[r.month] = _Closed(was.n + int(r.n), was.gp + float(r.gp or 0), was.days + float(r.days or 0))
    return found


def component(actor: User) -> str | None:
    return actor.role.dashboard_component


def sales_performance(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> SalesPerformance:
    f = _frame(session, actor, filters, zone_name)
    zone, start, end, w, scope = f.zone, f.start, f.end, f.window, f.scope
    c = repo.created(session, scope, w)
    total, sql = int(c["new_leads"]), int(c["sql_leads"])
    year = end.year
    ongoing = repo.ongoing(session, scope, year, rollup=f.ongoing_rollup)
    # the yearly line, the month-by-month comparison and the milestone: the months of the five years
    first = date(year - YEARS_SHOWN + 1, 1, 1)
    history = _closed(session, f, first, date(year, 12, 31))
    # the Closed card: the period's months out of those when it is whole months among them (this year, the default)
    whole_months = start.day == 1 and (end + timedelta(days=1)).day == 1 and start >= first
    period = ([got for month, got in history.items() if start <= month <= end] if whole_months
              else list(_closed(session, f, start, end).values()))
    monthly = {(month.year, month.month): (got.n, got.gp) for month, got in history.items()}
    yearly: dict[int, float] = {}
    for (y, _), (_, gp) in monthly.items():
        yearly[y] = yearly.get(y, 0.0) + gp

    leaderboard = _leaderboard(session, f)

    kind = component(actor)
    today = datetime.now(zone).date()
    anchor = today if start <= today <= end else end
    monday = anchor - timedelta(days=anchor.weekday())
    grid = None
    if kind in ("TOP_MANAGEMENT", "TL"):
        grid = [ActivityCell(sales_id=r.id, name=r.fullname, activity_date=r.day, count=int(r.n))
                for r in repo.stage_changes(session, scope, _instant(monday, zone),
                                            _instant(monday + timedelta(days=8), zone), zone_name)]
    return SalesPerformance(
        period_start=start, period_end=end, year=year,
        achieved_leads_amount=yearly.get(year, 0.0),
        potential_leads_amount=sum(float(r.gp) for r in ongoing if r.stage_name in repo.PIPELINE_SQL_STAGES),
        # the milestone's target is the leaderboard's: the year's targets of the active sales people in scope
        sales_target_amount=sum(row.target_amount for row in leaderboard),
        new_leads=total, new_leads_amount=float(c["new_amount"]),
        close_leads=sum(m.n for m in period), close_leads_amount=sum(m.gp for m in period),
        total_ongoing_leads=sum(int(r.n) for r in ongoing),
        total_ongoing_leads_amount=sum(float(r.gp) for r in ongoing),
        sql_lead_count=sql, total_leads=total, lead_drop_count=int(c["dropped_leads"]),
        lead_hold_count=int(c["hold_leads"]),
        rates=Rates(sql_conversion=rate(sql, total), sql_win=rate(int(c["sql_won_leads"]), sql),
                    lead_win=rate(int(c["won_leads"]), total), dropped=rate(int(c["dropped_leads"]), total),
                    hold=rate(int(c["hold_leads"]), total)),
        year_value_closed_gp=[YearGp(year=y, gp=yearly.get(y, 0.0)) for y in range(year - YEARS_SHOWN + 1, year + 1)],
        sales_leaderboard=leaderboard,
        closed_lead_per_month=[MonthCompare(month=m, this_year=monthly.get((year, m), (0, 0.0))[0],
                                            last_year=monthly.get((year - 1, m), (0, 0.0))[0]) for m in range(1, 13)],
        closed_lead_per_month_sum=[MonthCompare(month=m, this_year=monthly.get((year, m), (0, 0.0))[1],
                                                last_year=monthly.get((year - 1, m), (0, 0.0))[1])
                                   for m in range(1, 13)],
        sales_activity_overview=grid, week_start=monday)


def rate_amount(part: float, whole: float) -> float:
    return round(part * 100 / whole, 2) if whole else 0.0


def _leaderboard(session: Session, f: _Frame) -> list[LeaderboardRow]:
    year = f.end.year
    board = repo.leaderboard(session, f.scope, f.window, year, rollup=f.closed_rollup)
    goals = targets.per_person(session, year=year, sales_ids=[r.id for r in board])
    rows = []
    for r in board:
        goal, achieved = goals.get(r.id, 0.0), float(r.gp)
        rows.append(LeaderboardRow(
            sales_id=r.id, fullname=r.fullname, nickname=r.nickname, year=year, total_leads=int(r.n),
            achieved_gp_in_current_year=achieved, target_amount=goal, remaining_target=max(goal - achieved, 0.0),
            achieved_percent=rate_amount(achieved, goal)))
    return rows


def period(*, filters: DashboardFilters, zone_name: str) -> tuple[date, date]:
    """The period the filters name (this year when they name none)."""
    return _period(filters, ZoneInfo(zone_name))


def leaderboard(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> list[LeaderboardRow]:
    """The dashboard's sales leaderboard, every row (the year of the period's end)."""
    return _leaderboard(session, _frame(session, actor, filters, zone_name))


def closed_leads(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> list[ClosedLead]:
    """The leads behind the Closed card: those closed in the period, one row each."""
    f = _frame(session, actor, filters, zone_name)
    return [ClosedLead(lead_id=r.id, project_name=r.project_name, client_name=r.client_name,
                       sales_person=r.sales_person, project_type=r.project_type, entity=r.entity,
                       closed_date=r.closed_date, total_revenue=float(r.total_revenue),
                       total_gross_profit=float(r.total_gross_profit))
            for r in repo.closed_leads(session, f.scope, f.window, zone_name)]


def closed_per_month(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str,
                     ) -> list[ClosedMonth]:
    """Leads closed in the period per month of the product's time zone, every month of the period (0 when none)."""
    f = _frame(session, actor, filters, zone_name)
    found = _closed(session, f, f.start, f.end)
    months = []
    month = f.start.replace(day=1)
    while month <= f.end:
        closed = found.get(month, _Closed(0, 0.0, 0.0))
        months.append(ClosedMonth(month=month, lead_count=closed.n, total_gross_profit=closed.gp))
        month = _month_after(month)
    return months


def revenue_per_stage(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str,
                      every_stage: bool = False) -> RevenuePerStage:
    """TOP_MANAGEMENT: the SQL stages E4-E6 ('SQL Lead Pipeline'); TL and SALES (and `every_stage`, the report):
    every board stage."""
    f = _frame(session, actor, filters, zone_name)
    top = component(actor) == "TOP_MANAGEMENT" and not every_stage
    found = {r.stage_name: r for r in repo.ongoing(session, f.scope, f.end.year, rollup=f.ongoing_rollup)}
    stages = []
    for stage in repo.board_stages(session, repo.PIPELINE_SQL_STAGES if top else None):
        r = found.get(stage.stage_name)
        stages.append(StagePipeline(stage_name=stage.stage_name, stage_description=stage.stage_description,
                                    lead_count=int(r.n) if r else 0, total_gross_profit=float(r.gp) if r else 0.0,
                                    lead_year_value_gp=float(r.year_gp) if r else 0.0))
    total = StagePipeline(stage_name="Total", stage_description="Grand total",
                          lead_count=sum(s.lead_count for s in stages),
                          total_gross_profit=sum(s.total_gross_profit for s in stages),
                          lead_year_value_gp=sum(s.lead_year_value_gp for s in stages))
    return RevenuePerStage(title="SQL Lead Pipeline" if top else "Lead Pipeline", lead_pipeline=stages, total=total)


def gp_type(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> GpType:
    f = _frame(session, actor, filters, zone_name)

    def groups(by: str) -> list[tuple[str, int, float, float]]:
        """Per group (name, leads, GP, average GP), the largest GP first: the whole months from the category rollup
        (by service), the rest from the leads."""
        months, rest = _parts(f, f.start, f.end) if by == "service" else (None, [(f.window.start, f.window.end)])
        rows = repo.closed_categories(session, f.scope, *months) if months else []
        for since, until in rest:
            rows += repo.closed_by(session, f.scope, since, until, by)
        found: dict[str, tuple[int, float]] = {}
        for r in rows:
            n, gp = found.get(r.name, (0, 0.0))
            found[r.name] = (n + int(r.n), gp + float(r.total or 0))
        return [(name, n, gp, round(gp / n, 2) if n else 0.0)
                for name, (n, gp) in sorted(found.items(), key=lambda item: (-item[1][1], item[0]))]

    def by_avg(rows: list[tuple[str, int, float, float]]) -> list[tuple[str, int, float, float]]:
        return sorted(rows, key=lambda r: (-r[3], r[0]))

    services, types = groups("service"), groups("type")
    return GpType(
        closed_lead_gp_by_service=[ServiceGp(service_category_name=name, gp_total=gp, lead_count=n)
                                   for name, n, gp, _ in services],
        closed_lead_avg_gp_by_service=[ServiceAvgGp(service_category_name=name, avg=avg, lead_count=n)
                                       for name, n, _, avg in by_avg(services)],
        closed_lead_gp_by_project_type=[ProjectTypeGp(project_type_name=name, gp_total=gp, lead_count=n)
                                        for name, n, gp, _ in types],
        closed_lead_avg_gp_by_project_type=[ProjectTypeAvgGp(project_type_name=name, avg=avg, lead_count=n)
                                            for name, n, _, avg in by_avg(types)])


def sales_cycle(*, session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> SalesCycle:
    f = _frame(session, actor, filters, zone_name)
    months = _closed(session, f, f.start, f.end).values()
    closed = sum(m.n for m in months)
    days = sum(m.days for m in months) / closed if closed else 0.0
    return SalesCycle(average_days=round(days, 1), closed_leads=closed)


def role_component(*, session: Session, role_id: int) -> RoleComponent:
    role = session.get(Role, role_id)
    if role is None:
        raise NotFound("Role not found.")
    return RoleComponent(role_id=role.id, dashboard_component=role.dashboard_component)
