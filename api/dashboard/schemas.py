"""Dashboard payloads (spec 2 §3.2) and the filters parameter (spec 2 §7: date.dateRange start and end, date value
and label, projectIds, entityIds, categoryIds, salesPersonIds)."""

from __future__ import annotations

from datetime import date

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel

IDS_MAX = 500


class DateRange(CamelModel):
    start: date
    end: date


class DateFilter(CamelModel):
    date_range: DateRange | None = None
    value: str | None = Field(default=None, max_length=40)
    label: str | None = Field(default=None, max_length=60)


class DashboardFilters(CamelModel):
    """The `filters` query parameter, as JSON: every part optional (the date range defaults to this year)."""

    date: DateFilter | None = None
    project_ids: list[Id] = Field(default_factory=list, max_length=IDS_MAX, description="Project types")
    entity_ids: list[Id] = Field(default_factory=list, max_length=IDS_MAX)
    category_ids: list[Id] = Field(default_factory=list, max_length=IDS_MAX, description="Service categories")
    sales_person_ids: list[Id] = Field(default_factory=list, max_length=IDS_MAX)


class Rates(CamelModel):
    """Percentages with two decimals, 0 when their total is 0 (definitions: README "Dashboard figures")."""

    sql_conversion: float
    sql_win: float
    lead_win: float
    dropped: float
    hold: float


class LeaderboardRow(CamelModel):
    sales_id: int
    fullname: str
    nickname: str | None
    year: int
    total_leads: int = Field(description="Leads closed in the year")
    achieved_gp_in_current_year: float
    target_amount: float
    remaining_target: float
    achieved_percent: float


class YearGp(CamelModel):
    year: int
    gp: float


class MonthCompare(CamelModel):
    month: int
    this_year: float
    last_year: float


class ActivityCell(CamelModel):
    sales_id: int
    name: str
    activity_date: date
    count: int = Field(description="Stage changes of the sales person's leads that day")


class SalesPerformance(CamelModel):
    period_start: date
    period_end: date
    year: int
    achieved_leads_amount: float
    potential_leads_amount: float
    sales_target_amount: float
    new_leads: int
    new_leads_amount: float
    close_leads: int
    close_leads_amount: float
    total_ongoing_leads: int
    total_ongoing_leads_amount: float
    sql_lead_count: int
    total_leads: int
    lead_drop_count: int
    lead_hold_count: int
    rates: Rates
    year_value_closed_gp: list[YearGp]
    sales_leaderboard: list[LeaderboardRow]
    closed_lead_per_month: list[MonthCompare]
    closed_lead_per_month_sum: list[MonthCompare]
    sales_activity_overview: list[ActivityCell] | None = Field(
        description="TOP_MANAGEMENT and TL only (None for the SALES dashboard)")
    week_start: date


class StagePipeline(CamelModel):
    stage_name: str
    stage_description: str
    lead_count: int
    total_gross_profit: float
    lead_year_value_gp: float


class RevenuePerStage(CamelModel):
    title: str
    lead_pipeline: list[StagePipeline]
    total: StagePipeline


class ServiceGp(CamelModel):
    """A service category's closed GP (spec 2 §3.2 closedLeadGpByService: serviceCategoryName, gpTotal)."""

    service_category_name: str
    gp_total: float
    lead_count: int = Field(description="Closed leads of the category (a lead in two categories counts in both)")


class ServiceAvgGp(CamelModel):
    """A service category's average closed GP per lead (spec 2 §3.2 closedLeadAvgGpByService)."""

    service_category_name: str
    avg: float
    lead_count: int


class ProjectTypeGp(CamelModel):
    """A project type's closed GP ("Unspecified" for leads without one)."""

    project_type_name: str
    gp_total: float
    lead_count: int


class ProjectTypeAvgGp(CamelModel):
    project_type_name: str
    avg: float
    lead_count: int


class GpType(CamelModel):
    """GET /dashboard/gp-type: closed GP per service category and per project type, each as totals (largest first)
    and as averages per closed lead (largest first)."""

    closed_lead_gp_by_service: list[ServiceGp]
    closed_lead_avg_gp_by_service: list[ServiceAvgGp]
    closed_lead_gp_by_project_type: list[ProjectTypeGp]
    closed_lead_avg_gp_by_project_type: list[ProjectTypeAvgGp]


class SalesCycle(CamelModel):
    average_days: float
    closed_leads: int


class ClosedLead(CamelModel):
    """A lead closed in the period (the reports' list)."""

    lead_id: int
    project_name: str
    client_name: str
    sales_person: str
    project_type: str | None
    entity: str | None
    closed_date: date = Field(description="The day it closed, in the product's time zone")
    total_revenue: float
    total_gross_profit: float


class ClosedMonth(CamelModel):
    month: date = Field(description="The first day of the month")
    lead_count: int
    total_gross_profit: float


class RoleComponent(CamelModel):
    role_id: int
    dashboard_component: str | None
