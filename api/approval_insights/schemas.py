"""The approval insights' answer: figures per pipeline (and in all), per layer, per approver, the oldest pending
requests, and what the filters offer."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from api.core.schemas import CamelModel

RequestType = Literal["CHANGE_LEAD_STAGE", "HOLD_LEAD", "DROP_LEAD", "CLOSE_LEAD", "PCS"]


class WorkingDay(CamelModel):
    """How a working hour is counted: every time of the insights is in working hours."""

    start: str = Field(description="When a working day opens, HH:MM in the company's time zone")
    end: str = Field(description="When it closes")
    hours: float = Field(description="Working hours in a day")
    time_zone: str
    note: str = Field(description="The definition in words, as the screen says it")


class Figures(CamelModel):
    """What was decided in the period, escalated in the period, and waits now. Times are working hours."""

    decided: int = Field(description="Decided in the period: requests (a pipeline), layers settled (a layer), "
                                     "decisions (an approver)")
    rejected: int = Field(description="Of those, rejections")
    rejection_rate: float | None = Field(description="rejected / decided, in percent (none when nothing decided)")
    p50_hours: float | None = Field(description="Median working hours to decide")
    p90_hours: float | None = Field(description="90th percentile of the working hours to decide")
    late: int = Field(description="Of those decided, how many after their layer's due time (a request: on any layer)")
    escalations: int = Field(description="Layers escalated in the period (an approver: while waiting on them)")
    pending: int = Field(description="Waiting now: requests (a pipeline, a layer), tasks (an approver)")
    oldest_pending_hours: float | None = Field(description="Working hours the oldest of them has waited")
    overdue: int = Field(description="Of those waiting, how many are past their layer's due time now")


class PipelineFigures(Figures):
    pipeline_id: int
    pipeline_name: str
    action_type: str


class LayerFigures(Figures):
    pipeline_id: int
    pipeline_name: str
    layer_index: int = Field(description="From 0")
    layer_name: str
    applied: int = Field(default=0, description="A layer with conditions: requests made in the period it applied to "
                         "(its conditions held)")
    skipped: int = Field(default=0, description="A layer with conditions: requests made in the period that skipped it")


class ApproverFigures(Figures):
    approver_id: int
    approver_name: str


class PendingRequest(CamelModel):
    """One of the requests waiting longest, and who holds it."""

    request_id: int
    request_type: str
    request_type_label: str
    lead_id: int
    pipeline_id: int
    pipeline_name: str
    layer_index: int
    layer_name: str
    requester_name: str = Field(description="The sales person it was made for (or who made it)")
    requested_at: datetime
    age_hours: float = Field(description="Working hours since it was made")
    layer_since: datetime = Field(description="When its current layer reached its approvers")
    due_at: datetime | None = Field(description="When its current layer is due (none without a deadline)")
    overdue: bool
    escalated_to: str | None = Field(description="Who its current layer was escalated to")
    holders: list[str] = Field(description="The approvers whose tasks on it are pending, by name")


class ApprovalInsights(CamelModel):
    period_start: date = Field(description="The period's first day (local)")
    period_end: date = Field(description="Its last day, included")
    request_type: RequestType | None
    team_leader_id: int | None
    working_day: WorkingDay
    totals: Figures = Field(description="Every pipeline together")
    pipelines: list[PipelineFigures]
    layers: list[LayerFigures]
    approvers: list[ApproverFigures]
    oldest_pending: list[PendingRequest] = Field(description="The ten requests waiting longest, oldest first")


class TypeOption(CamelModel):
    value: RequestType
    label: str


class TeamOption(CamelModel):
    id: int = Field(description="The team leader's user id")
    fullname: str


class InsightOptions(CamelModel):
    request_types: list[TypeOption]
    teams: list[TeamOption]
    default_days: int = Field(description="The days the period covers when none is given, today the last")
