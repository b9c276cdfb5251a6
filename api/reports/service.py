"""Reports (system/report): the dashboard's pipeline by stage, closed leads (per lead or per month) and leaderboard
as tables, for the screen and as XLSX or CSV files. Every figure and its visibility come from the dashboard's
service; this module only lays them out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from api.dashboard import service as dashboard
from api.dashboard.schemas import DashboardFilters
from api.reports import files
from api.reports.schemas import Cell, ReportColumn, ReportFormat, ReportKind, ReportTable
from api.users.models import User

PREVIEW_LIMIT = 500  # rows on screen; the file holds every row
TOTAL = "Total"


def parse_filters(raw: str | None) -> DashboardFilters:
    return dashboard.parse_filters(raw)


@dataclass(frozen=True)
class _Built:
    title: str
    columns: list[ReportColumn]
    rows: list[dict[str, Cell]]
    totals: dict[str, Cell] | None


def _col(key: str, title: str, kind: str = "text", summed: bool = False) -> ReportColumn:
    return ReportColumn.model_validate({"key": key, "title": title, "kind": kind, "summed": summed})


def _sums(columns: list[ReportColumn], rows: list[dict[str, Cell]], label_key: str) -> dict[str, Cell]:
    totals: dict[str, Cell] = {label_key: TOTAL}
    for c in columns:
        if c.summed:
            values = [v for v in (r.get(c.key) for r in rows) if isinstance(v, int | float)]
            totals[c.key] = sum(values) if c.kind == "int" else float(sum(values))
    return totals


def _pipeline(session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> _Built:
    found = dashboard.revenue_per_stage(session=session, actor=actor, filters=filters, zone_name=zone_name,
                                        every_stage=True)
    _, end = dashboard.period(filters=filters, zone_name=zone_name)
    columns = [_col("stage", "Stage"), _col("description", "Description"), _col("leads", "Leads", "int", True),
               _col("totalGp", "Total GP", "money", True), _col("yearGp", f"GP expected to close in {end.year}",
                                                                 "money", True)]
    rows: list[dict[str, Cell]] = [
        {"stage": s.stage_name, "description": s.stage_description, "leads": s.lead_count,
         "totalGp": s.total_gross_profit, "yearGp": s.lead_year_value_gp} for s in found.lead_pipeline]
    t = found.total
    totals: dict[str, Cell] = {"stage": TOTAL, "leads": t.lead_count, "totalGp": t.total_gross_profit,
                               "yearGp": t.lead_year_value_gp}
    return _Built("Ongoing leads by stage", columns, rows, totals)


def _closed_leads(session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> _Built:
    columns = [_col("closedDate", "Closed date", "date"), _col("leadId", "Lead ID", "int"), _col("project", "Project"),
               _col("client", "Client"), _col("salesPerson", "Sales person"), _col("projectType", "Project type"),
               _col("entity", "Entity"), _col("revenue", "Revenue", "money", True), _col("gp", "GP", "money", True)]
    rows: list[dict[str, Cell]] = [
        {"closedDate": r.closed_date, "leadId": r.lead_id, "project": r.project_name, "client": r.client_name,
         "salesPerson": r.sales_person, "projectType": r.project_type, "entity": r.entity, "revenue": r.total_revenue,
         "gp": r.total_gross_profit}
        for r in dashboard.closed_leads(session=session, actor=actor, filters=filters, zone_name=zone_name)]
    return _Built("Closed leads", columns, rows, _sums(columns, rows, "closedDate"))


def _closed_by_month(session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> _Built:
    columns = [_col("month", "Month", "month"), _col("leads", "Closed leads", "int", True),
               _col("gp", "Closed GP", "money", True)]
    rows: list[dict[str, Cell]] = [
        {"month": m.month, "leads": m.lead_count, "gp": m.total_gross_profit}
        for m in dashboard.closed_per_month(session=session, actor=actor, filters=filters, zone_name=zone_name)]
    return _Built("Closed leads by month", columns, rows, _sums(columns, rows, "month"))


def _leaderboard(session: Session, actor: User, filters: DashboardFilters, zone_name: str) -> _Built:
    found = dashboard.leaderboard(session=session, actor=actor, filters=filters, zone_name=zone_name)
    year = found[0].year if found else dashboard.period(filters=filters, zone_name=zone_name)[1].year
    # the year is in the title (and the sheet's name): the columns stay short enough for one screen
    columns = [_col("rank", "Rank", "int"), _col("name", "Sales person"),
               _col("closedLeads", "Closed leads", "int", True), _col("closedGp", "Closed GP", "money", True),
               _col("target", "Target", "money", True), _col("remaining", "Remaining", "money", True),
               _col("achieved", "Achieved", "percent")]
    rows: list[dict[str, Cell]] = [
        {"rank": i, "name": r.fullname, "closedLeads": r.total_leads, "closedGp": r.achieved_gp_in_current_year,
         "target": r.target_amount, "remaining": r.remaining_target, "achieved": r.achieved_percent}
        for i, r in enumerate(found, start=1)]
    totals = _sums(columns, rows, "name")
    # the team's rate: its closed GP over its target, by the dashboard's own rule
    gp, target = totals["closedGp"], totals["target"]
    assert isinstance(gp, float) and isinstance(target, float)
    totals["achieved"] = dashboard.rate_amount(gp, target)
    return _Built(f"Sales leaderboard {year}", columns, rows, totals)


_BUILDERS: dict[ReportKind, Callable[[Session, User, DashboardFilters, str], _Built]] = {
    ReportKind.PIPELINE: _pipeline, ReportKind.CLOSED_LEADS: _closed_leads,
    ReportKind.CLOSED_BY_MONTH: _closed_by_month, ReportKind.LEADERBOARD: _leaderboard}


def report(*, session: Session, actor: User, kind: ReportKind, filters: DashboardFilters, zone_name: str,
           limit: int | None = PREVIEW_LIMIT) -> ReportTable:
    """The report of the leads the actor sees, narrowed by the filters; `limit` rows of it (None: all)."""
    start, end = dashboard.period(filters=filters, zone_name=zone_name)
    built = _BUILDERS[kind](session, actor, filters, zone_name)
    return ReportTable(kind=kind, title=built.title, period_start=start, period_end=end, columns=built.columns,
                       rows=built.rows if limit is None else built.rows[:limit], totals=built.totals,
                       row_count=len(built.rows), preview_limit=PREVIEW_LIMIT)


@dataclass(frozen=True)
class Download:
    content: bytes
    filename: str
    media_type: str


def download(*, session: Session, actor: User, kind: ReportKind, fmt: ReportFormat, filters: DashboardFilters,
             zone_name: str) -> Download:
    """The whole report as a file named after it and its period: pipeline-2026-01-01_2026-12-31.xlsx."""
    table = report(session=session, actor=actor, kind=kind, filters=filters, zone_name=zone_name, limit=None)
    name = f"{kind.value}-{table.period_start.isoformat()}_{table.period_end.isoformat()}.{fmt.value}"
    if fmt is ReportFormat.XLSX:
        return Download(files.xlsx(table), name, files.XLSX_TYPE)
    return Download(files.csv_bytes(table), name, files.CSV_TYPE)
