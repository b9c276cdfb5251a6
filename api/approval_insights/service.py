"""Approval insights: the filters of a call (a period of local days, a request type, a team, the reader's leads), the
figures of its statements (queries.py) as the answer, and the same answer as an XLSX book by the one writer."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from api.approval_insights import queries
from api.approval_insights.schemas import (
    ApprovalInsights,
    ApproverFigures,
    Figures,
    InsightOptions,
    LayerFigures,
    PendingRequest,
    PipelineFigures,
    TeamOption,
    TypeOption,
    WorkingDay,
)
from api.approval_insights.working_hours import WORKDAY_END, WORKDAY_HOURS, WORKDAY_START, describe
from api.core import spreadsheets
from api.core.errors import ValidationFailed
from api.core.spreadsheets import Block, Cell, Column, Sheet
from api.core.times import company_today, day_text
from api.leads.visibility import visible_scope
from api.users.models import User

DEFAULT_DAYS = 30  # the period when none is given: the last 30 days, today included
MAX_DAYS = 366
PERIOD_BACKWARDS = "The period must end on or after its start."
PERIOD_TOO_LONG = f"The period can be at most {MAX_DAYS} days."
FIRST_YEAR, LAST_YEAR = 2000, 2100
PERIOD_OUT_OF_RANGE = f"The period must fall between {FIRST_YEAR} and {LAST_YEAR}."
TYPE_LABELS: dict[str, str] = {"CHANGE_LEAD_STAGE": "Change Lead Stage", "HOLD_LEAD": "Hold Lead",
                               "DROP_LEAD": "Drop Lead", "CLOSE_LEAD": "Close Lead", "PCS": "Project Cost Sheet"}


@dataclass(frozen=True)
class Period:
    first: date
    last: date  # included


def period(*, zone: str, first: date | None, last: date | None, today: date | None = None) -> Period:
    """The period asked for: both days given, or the DEFAULT_DAYS up to the last day (today unless given)."""
    last = last or (today or company_today(zone))
    first = first or last - timedelta(days=DEFAULT_DAYS - 1)
    if first.year < FIRST_YEAR or last.year > LAST_YEAR:
        raise ValidationFailed(PERIOD_OUT_OF_RANGE)
    if last < first:
        raise ValidationFailed(PERIOD_BACKWARDS)
    if (last - first).days + 1 > MAX_DAYS:
        raise ValidationFailed(PERIOD_TOO_LONG)
    return Period(first, last)


def filters(*, zone: str, within: Period, request_type: str | None = None, team_leader_id: int | None = None,
            actor: User | None = None, now: datetime | None = None) -> queries.Filters:
    """The statements' filters: the period's days as instants of the company's zone, the reader's leads (every
    lead without a reader: the metrics)."""
    tz = ZoneInfo(zone)

    def instant(day: date) -> datetime:
        return datetime(day.year, day.month, day.day, tzinfo=tz).astimezone(UTC)

    return queries.Filters(start=instant(within.first), end=instant(within.last + timedelta(days=1)),
                           now=now or datetime.now(UTC), zone=zone, request_type=request_type,
                           team_leader_id=team_leader_id, scope=visible_scope(actor) if actor is not None else None)


def hours(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds / 3600, 2)


def figures(row: Any) -> dict[str, Any]:
    """A statement's aggregates as Figures' fields."""
    return {"decided": row.decided, "rejected": row.rejected,
            "rejection_rate": round(100 * row.rejected / row.decided, 2) if row.decided else None,
            "p50_hours": hours(row.p50_seconds), "p90_hours": hours(row.p90_seconds), "late": row.late,
            "escalations": row.escalations, "pending": row.pending,
            "oldest_pending_hours": hours(row.oldest_pending_seconds), "overdue": row.overdue}


NO_FIGURES = Figures(decided=0, rejected=0, rejection_rate=None, p50_hours=None, p90_hours=None, late=0,
                     escalations=0, pending=0, oldest_pending_hours=None, overdue=0)


def working_day(zone: str) -> WorkingDay:
    return WorkingDay(start=f"{WORKDAY_START:%H:%M}", end=f"{WORKDAY_END:%H:%M}", hours=WORKDAY_HOURS,
                      time_zone=zone, note=describe(zone))


def insights(*, session: Session, found: queries.Filters, within: Period) -> ApprovalInsights:
    """Every figure of the screen: four statements (pipelines with their total, layers, approvers, oldest)."""
    pipeline_rows = queries.pipelines(session, found)
    total = next((r for r in pipeline_rows if r.total), None)
    return ApprovalInsights(
        period_start=within.first, period_end=within.last, request_type=found.request_type,
        team_leader_id=found.team_leader_id, working_day=working_day(found.zone),
        totals=Figures(**figures(total)) if total is not None else NO_FIGURES,
        pipelines=[PipelineFigures(pipeline_id=r.pipeline_id, pipeline_name=r.pipeline_name,
                                   action_type=r.action_type, **figures(r)) for r in pipeline_rows if not r.total],
        layers=[LayerFigures(pipeline_id=r.pipeline_id, pipeline_name=r.pipeline_name, layer_index=r.layer_index,
                             layer_name=r.layer_name, applied=r.applied, skipped=r.skipped, **figures(r))
                for r in queries.layers(session, found)],
        approvers=[ApproverFigures(approver_id=r.approver_id, approver_name=r.approver_name, **figures(r))
                   for r in queries.approvers(session, found)],
        oldest_pending=[_pending(r, found.now) for r in queries.oldest_pending(session, found)])


def _pending(r: Any, now: datetime) -> PendingRequest:
    return PendingRequest(
        request_id=r.request_id, request_type=r.request_type,
        request_type_label=TYPE_LABELS.get(r.request_type, r.request_type), lead_id=r.lead_id,
        pipeline_id=r.pipeline_id, pipeline_name=r.pipeline_name, layer_index=r.layer_index, layer_name=r.layer_name,
        requester_name=r.requester_name, requested_at=r.requested_at, age_hours=hours(r.age_seconds) or 0.0,
        layer_since=r.layer_since, due_at=r.due_at, overdue=r.due_at is not None and r.due_at < now,
        escalated_to=r.escalated_to, holders=list(r.holders or []))


def options(*, session: Session) -> InsightOptions:
    return InsightOptions(
        request_types=[TypeOption(value=k, label=v) for k, v in TYPE_LABELS.items()],
        teams=[TeamOption(id=r.id, fullname=r.fullname) for r in queries.teams(session)], default_days=DEFAULT_DAYS)


# -- the XLSX book ---------------------------------------------------------------------------------------------------

FIGURE_COLUMNS = [Column("Decided", "int"), Column("Rejected", "int"), Column("Rejection rate", "percent"),
                  Column("Median (h)", "decimal"), Column("90th percentile (h)", "decimal"), Column("Late", "int"),
                  Column("Escalations", "int"), Column("Pending now", "int"),
                  Column("Oldest pending (h)", "decimal"), Column("Overdue now", "int")]


def _figure_cells(f: Figures) -> list[Cell]:
    return [f.decided, f.rejected, f.rejection_rate, f.p50_hours, f.p90_hours, f.late, f.escalations, f.pending,
            f.oldest_pending_hours, f.overdue]


def download(*, session: Session, found: queries.Filters, within: Period) -> tuple[bytes, str]:
    """The screen's figures as an XLSX book, and its file name."""
    answer = insights(session=session, found=found, within=within)
    team = session.get(User, found.team_leader_id) if found.team_leader_id is not None else None
    return xlsx(answer, team_name=team.fullname if team is not None else None), filename(answer)


def xlsx(answer: ApprovalInsights, *, team_name: str | None) -> bytes:
    """The screen's tables as sheets (About, Pipelines, Layers, Approvers, Oldest pending)."""
    zone = ZoneInfo(answer.working_day.time_zone)
    span = f"{day_text(answer.period_start)} - {day_text(answer.period_end)}"

    def wall(at: datetime | None) -> datetime | None:
        return at.astimezone(zone).replace(tzinfo=None) if at is not None else None

    def sheet(title: str, columns: list[Column], rows: list[list[Cell]],
              grand_total: list[Cell] | None = None) -> Sheet:
        return Sheet(title=title, columns=columns, blocks=[Block(rows)], subject=span, header_right=span,
                     grand_total=grand_total, autofilter=bool(rows))

    about = sheet("About", [Column("What"), Column("Value", width=90)], [
        ["Approval insights", span], ["Request type", TYPE_LABELS.get(answer.request_type or "", "Every type")],
        ["Team", team_name or "Every team"], ["Working hours", answer.working_day.note],
        ["Decided, late, escalations", "Counted in the period; pending and overdue: now."]])
    pipelines = sheet("Pipelines", [Column("Pipeline"), Column("Type"), *FIGURE_COLUMNS],
                      [[p.pipeline_name, TYPE_LABELS.get(p.action_type, p.action_type), *_figure_cells(p)]
                       for p in answer.pipelines],
                      grand_total=["All pipelines", None, *_figure_cells(answer.totals)])
    layers = sheet("Layers", [Column("Pipeline"), Column("Layer"), *FIGURE_COLUMNS, Column("Applied", "int"),
                              Column("Skipped", "int")],
                   [[p.pipeline_name, f"{p.layer_index + 1}. {p.layer_name}", *_figure_cells(p), p.applied, p.skipped]
                    for p in answer.layers])
    approvers = sheet("Approvers", [Column("Approver"), *FIGURE_COLUMNS],
                      [[p.approver_name, *_figure_cells(p)] for p in answer.approvers])
    oldest = sheet("Oldest pending", [
        Column("Request", "int"), Column("Type"), Column("Pipeline"), Column("Layer"), Column("Requested by"),
        Column("Requested at", "moment"), Column("Waiting (h)", "decimal"), Column("Due", "moment"),
        Column("Overdue"), Column("Held by"), Column("Escalated to")], [
        [p.request_id, p.request_type_label, p.pipeline_name, f"{p.layer_index + 1}. {p.layer_name}",
         p.requester_name, wall(p.requested_at), p.age_hours, wall(p.due_at), "Yes" if p.overdue else "No",
         ", ".join(p.holders), p.escalated_to] for p in answer.oldest_pending])
    return spreadsheets.xlsx_book([about, pipelines, layers, approvers, oldest])


def filename(answer: ApprovalInsights) -> str:
    return f"approval-insights-{answer.period_start:%Y%m%d}-{answer.period_end:%Y%m%d}.xlsx"

