"""Leads Management and Leads Monitoring: every lead the caller may see (the board's visibility), as a filtered
table and as a sales person x stage grid with the cold-lead reminder's stale counts. Adding and editing a lead
from Leads Management are the lead calls themselves (api.leads.editing, api.leads.requests)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from api.core.errors import ValidationFailed
from api.core.listing import ListParams, Page
from api.lead_management import queries as repo
from api.lead_management.queries import Filters
from api.lead_management.schemas import (
    ManagedLead,
    ManagementOptions,
    Monitoring,
    MonitoringCell,
    MonitoringRow,
    MonitoringStage,
    TeamOption,
)
from api.leads.models import STATUS_LABELS
from api.leads.repository import active_sales, days_since
from api.leads.schemas import Option, SalesOption
from api.leads.stage_admin import stage_out
from api.leads.statuses import parse_statuses
from api.leads.visibility import visible_sales_ids
from api.notifications.catalogue import ACTIONS
from api.users.models import User

# the cold-lead reminder's thresholds (the card badges' 30 and 90 days): one definition of a stale lead
LOW, HIGH = ACTIONS["LEAD_NOT_CONTACTED"].fixed_days
STALE_MAX = 3650


def filters(*, zone: str, team_leader_id: int | None = None, created_from: date | None = None,
            created_to: date | None = None, close_from: date | None = None, close_to: date | None = None,
            stale_days: int | None = None, now: datetime | None = None) -> Filters:
    """The filters of the query string; dates are local days of the business's time zone, both ends included."""
    if created_from and created_to and created_to < created_from:
        raise ValidationFailed("The created date range must end on or after its start.")
    if close_from and close_to and close_to < close_from:
        raise ValidationFailed("The expected close date range must end on or after its start.")
    if stale_days is not None and not 1 <= stale_days <= STALE_MAX:
        raise ValidationFailed(f"Stale days must be between 1 and {STALE_MAX}.")
    tz = ZoneInfo(zone)

    def instant(day: date) -> datetime:
        return datetime(day.year, day.month, day.day, tzinfo=tz).astimezone(UTC)

    now = now or datetime.now(UTC)
    return Filters(team_leader_id=team_leader_id,
                   created_from=instant(created_from) if created_from else None,
                   created_to=instant(created_to + timedelta(days=1)) if created_to else None,
                   close_from=close_from, close_to=close_to,
                   stale_since=now - timedelta(days=stale_days) if stale_days else None)


def list_leads(*, session: Session, actor: User, params: ListParams, found: Filters) -> Page[ManagedLead]:
    """A page of the leads the actor may see, filtered, searched (project or client) and sorted."""
    rows, total = repo.page(session, scope=visible_sales_ids(session, actor), params=params, filters=found)
    return Page[ManagedLead](data=[_row(r) for r in rows], total_rows=total)


def _row(r: Any) -> ManagedLead:
    return ManagedLead(id=r.id, project_name=r.project_name, client_id=r.client_id, client_name=r.client_name,
                       sales_person_id=r.sales_person_id, sales_fullname=r.sales_fullname,
                       team_leader_name=r.team_leader_name, stage_id=r.stage_id, stage_name=r.stage_name,
                       stage_description=r.stage_description, status=r.status,
                       total_gross_profit=float(r.total_gross_profit), expected_close_date=r.expected_close_date,
                       created_at=r.created_at, last_contacted_at=r.last_contacted_at,
                       last_contacted=days_since(r.last_contacted_at))


def options(*, session: Session, actor: User) -> ManagementOptions:
    """Every stage (closed included), the statuses, and the sales people and teams the actor sees."""
    scope = visible_sales_ids(session, actor)
    return ManagementOptions(
        stages=[stage_out(s) for s in repo.stages(session)],
        statuses=[Option(value=k, label=v) for k, v in STATUS_LABELS.items()],
        sales_persons=[SalesOption(id=u.id, fullname=u.fullname) for u in active_sales(session, scope)],
        teams=[TeamOption(id=u.id, fullname=u.fullname) for u in repo.teams(session, scope)],
        stale_days=[LOW, HIGH])


def monitoring(*, session: Session, actor: User, status: str | None, found: Filters,
               now: datetime | None = None) -> Monitoring:
    """Lead counts and GP per sales person and stage of the leads of these statuses (default: all), with each
    person's ongoing leads not contacted for 30 and 90 days; totals per row and per stage. Two statements."""
    now = now or datetime.now(UTC)
    statuses = parse_statuses(status or "ALL")
    scope = visible_sales_ids(session, actor)
    stages = repo.stages(session)
    found = replace(found, stale_since=None)
    cells: dict[int, dict[int, tuple[int, float]]] = defaultdict(dict)
    stale: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for r in repo.grid(session, scope=scope, statuses=statuses, filters=found, now=now, thresholds=(LOW, HIGH)):
        cells[r.sales_person_id][r.stage_id] = (int(r.n), float(r.gp))
        stale[r.sales_person_id][0] += int(r.stale_low)
        stale[r.sales_person_id][1] += int(r.stale_high)
    owners = {p for p, by_stage in cells.items() if any(n for n, _ in by_stage.values())} | {
        p for p, counts in stale.items() if any(counts)}
    rows = []
    for person in repo.people(session, scope=scope, team_leader_id=found.team_leader_id, owners=owners):
        mine = cells.get(person.id, {})
        row_cells = [MonitoringCell(stage_id=s.id, count=mine.get(s.id, (0, 0.0))[0],
                                    total_gross_profit=mine.get(s.id, (0, 0.0))[1]) for s in stages]
        rows.append(MonitoringRow(
            sales_person_id=person.id, sales_fullname=person.fullname, team_leader_name=person.team_leader_name,
            cells=row_cells, count=sum(c.count for c in row_cells),
            total_gross_profit=sum(c.total_gross_profit for c in row_cells),
            stale30=stale[person.id][0] if person.id in stale else 0,
            stale90=stale[person.id][1] if person.id in stale else 0))
    totals = [MonitoringCell(stage_id=s.id, count=sum(r.cells[i].count for r in rows),
                             total_gross_profit=sum(r.cells[i].total_gross_profit for r in rows))
              for i, s in enumerate(stages)]
    return Monitoring(stages=[MonitoringStage(id=s.id, stage_name=s.stage_name, stage_description=s.stage_description)
                              for s in stages],
                      rows=rows, totals=totals, count=sum(r.count for r in rows),
                      total_gross_profit=sum(r.total_gross_profit for r in rows),
                      stale30=sum(r.stale30 for r in rows), stale90=sum(r.stale90 for r in rows))
