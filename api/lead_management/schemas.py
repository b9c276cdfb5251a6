"""Leads Management (the table of every visible lead) and Leads Monitoring (sales person x stage grid)."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field

from api.core.schemas import CamelModel
from api.leads.schemas import Option, SalesOption, StageOut, StatusName


class ManagedLead(CamelModel):
    """A row of the Leads Management table."""

    id: int
    project_name: str
    client_id: int
    client_name: str
    sales_person_id: int
    sales_fullname: str
    team_leader_name: str | None = Field(description="The sales person's leader")
    stage_id: int
    stage_name: str
    stage_description: str
    status: StatusName
    total_gross_profit: float
    expected_close_date: date | None
    created_at: datetime
    last_contacted_at: datetime
    last_contacted: int = Field(description="Days since the last contact")


class TeamOption(CamelModel):
    id: int = Field(description="The team leader's user id")
    fullname: str


class ManagementOptions(CamelModel):
    """What the Leads Management and Monitoring filters offer: the caller's visible people and teams."""

    stages: list[StageOut]
    statuses: list[Option]
    sales_persons: list[SalesOption]
    teams: list[TeamOption]
    stale_days: list[int] = Field(description="The cold-lead reminder's thresholds (days without contact)")


class MonitoringCell(CamelModel):
    stage_id: int
    count: int
    total_gross_profit: float


class MonitoringRow(CamelModel):
    sales_person_id: int
    sales_fullname: str
    team_leader_name: str | None
    cells: list[MonitoringCell] = Field(description="One per stage, in the stages' order")
    count: int
    total_gross_profit: float
    stale30: int = Field(description="Ongoing leads not contacted for 30 days or more")
    stale90: int = Field(description="Ongoing leads not contacted for 90 days or more")


class MonitoringStage(CamelModel):
    id: int
    stage_name: str
    stage_description: str


class Monitoring(CamelModel):
    stages: list[MonitoringStage]
    rows: list[MonitoringRow]
    totals: list[MonitoringCell] = Field(description="Per stage, over every row")
    count: int
    total_gross_profit: float
    stale30: int
    stale90: int
