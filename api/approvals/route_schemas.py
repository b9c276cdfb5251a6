"""What a route preview answers: the layers a request would go through, who decides each (a delegate in place of an
approver who is out of office), the layers it skips and why, and when each is expected to be due."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from api.approvals.pipeline_schemas import PipelineIn
from api.approvals.schemas import DeadlineOut
from api.core.inputs import Id
from api.core.schemas import CamelModel


class RouteApproverOut(CamelModel):
    id: int = Field(description="Who decides: the approver, or their delegate while they are out of office")
    name: str
    stands_in_for: str | None = Field(default=None, description="The approver a delegate decides for (out of "
                                      "office on the day the layer is expected to start)")


class RouteLayerOut(CamelModel):
    seq_no: int
    name: str
    mode: str
    mode_label: str
    min_approvals: int
    approvers: list[RouteApproverOut]
    conditions: list[str] = Field(default_factory=list, description="The layer's conditions: 'GP >= 1 B'")
    skipped: str | None = Field(default=None, description="Why this request skips the layer: 'GP 800 M < 1 B'")
    deadline: DeadlineOut | None = None
    due_at: datetime | None = Field(default=None, description="When the layer is expected to be due, each layer "
                                    "before it taking its whole deadline (working days skip weekends and holidays); "
                                    "none after a layer without a deadline")


class RoutePreviewOut(CamelModel):
    pipeline_id: int | None
    pipeline_name: str
    version: int | None
    layers: list[RouteLayerOut]


class PipelineTryIn(CamelModel):
    """The designer's "Try on a lead": the pipeline as drawn (not saved) and the lead (and, for a stage change, the
    stage) to route."""

    pipeline: PipelineIn
    lead_id: Id
    target_stage_id: Id | None = None


class SheetRouteIn(CamelModel):
    """The route of a cost sheet's submit, with the sheet's figures as the form holds them (unsaved edits included;
    the engine decides on the sheet as submitted)."""

    lead_id: Id
    total_revenue: float | None = Field(default=None, ge=-1e15, le=1e15)
    gross_profit: float | None = Field(default=None, ge=-1e15, le=1e15)
    gross_profit_margin: float | None = Field(default=None, ge=-1e6, le=1e6)
