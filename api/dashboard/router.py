"""Dashboard calls (spec 2 §7 Dashboard): each takes the `filters` parameter, JSON of DashboardFilters."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from api.core.deps import Authz, SessionDep, SettingsDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.dashboard import service
from api.dashboard.schemas import GpType, RevenuePerStage, RoleComponent, SalesCycle, SalesPerformance
from api.users.models import User

router = domain_router("/dashboard", tags=["dashboard"])
Reader = Annotated[User, Authz("dashboard", "read")]
Filters = Annotated[str | None, Query(max_length=20_000, description=(
    'JSON: {"date": {"dateRange": {"start": "YYYY-MM-DD", "end": "YYYY-MM-DD"}, "value": ..., "label": ...}, '
    '"projectIds": [...], "entityIds": [...], "categoryIds": [...], "salesPersonIds": [...]}; every part optional, '
    "the date range defaulting to this year"))]


@router.get("/sales-performance", summary="Cards, rates, milestone, leaderboard, yearly and monthly closed GP, "
                                          "the weekly stage-change grid")
def sales_performance(session: SessionDep, settings: SettingsDep, actor: Reader,
                      filters: Filters = None) -> Envelope[SalesPerformance]:
    return ok(service.sales_performance(session=session, actor=actor, filters=service.parse_filters(filters),
                                        zone_name=settings.time_zone))


@router.get("/revenue-per-stage", summary="The lead pipeline per stage with a grand total")
def revenue_per_stage(session: SessionDep, settings: SettingsDep, actor: Reader,
                      filters: Filters = None) -> Envelope[RevenuePerStage]:
    return ok(service.revenue_per_stage(session=session, actor=actor, filters=service.parse_filters(filters),
                                        zone_name=settings.time_zone))


@router.get("/gp-type", summary="Closed GP by service category and by project type (total and average)")
def gp_type(session: SessionDep, settings: SettingsDep, actor: Reader, filters: Filters = None) -> Envelope[GpType]:
    return ok(service.gp_type(session=session, actor=actor, filters=service.parse_filters(filters),
                              zone_name=settings.time_zone))


@router.get("/avg-sales-cycle", summary="Average days from creation to close of the leads closed in the period")
def avg_sales_cycle(session: SessionDep, settings: SettingsDep, actor: Reader,
                    filters: Filters = None) -> Envelope[SalesCycle]:
    return ok(service.sales_cycle(session=session, actor=actor, filters=service.parse_filters(filters),
                                  zone_name=settings.time_zone))


@router.get("/dashboard-role-component/{role_id}", summary="The dashboard a role shows")
def dashboard_role_component(role_id: Id, session: SessionDep, actor: Annotated[User, Authz("account", "read")],
                             ) -> Envelope[RoleComponent]:
    return ok(service.role_component(session=session, role_id=role_id))
