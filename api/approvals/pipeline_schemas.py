"""Approval pipeline payloads: the designer's pipelines, their layers and deadlines (spec 3 §3 approval flow layer)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from api.approvals.schemas import DeadlineOut, DeadlineUnit, EscalateTo
from api.core.inputs import Id, Version
from api.core.schemas import CamelModel

Mode = Literal["ANY_USER", "ANY_ORDER", "IN_SEQUENCE", "SEVERAL_USER"]


class DeadlineIn(CamelModel):
    """A layer's deadline: its pending approvers are reminded `amount` `unit`s after it starts (hours, calendar
    days C or working days W, which skip weekends and holidays); `escalateAfter` more units later it is escalated."""

    amount: int = Field(ge=1, le=999)
    unit: DeadlineUnit = "HOURS"
    escalate_after: int = Field(default=0, ge=0, le=999)
    escalate_to: EscalateTo = "NONE"
    escalate_user_id: Id | None = None


Fact = Literal["GP", "GP_MARGIN", "SHEET_TOTAL", "SERVICE_CATEGORY", "PROJECT_TYPE", "CLIENT", "TARGET_STAGE",
               "TARGET_STATUS", "TEAM"]
Op = Literal[">=", ">", "<", "<=", "IN", "NOT_IN"]


class ConditionIn(CamelModel):
    """One condition of a layer on the request's facts: an amount (GP and the cost sheet total in rupiah, GP margin in
    percent) compared with >=, >, <, <=; or a choice (service category, project type, client, target stage, team:
    by id; target status: HOLD, DROPPED, CLOSED) that is IN or NOT_IN the ones listed."""

    fact: Fact
    op: Op
    amount: float | None = Field(default=None, ge=-1e15, le=1e15)
    ids: list[Id | Annotated[str, Field(max_length=20)]] = Field(default_factory=list, max_length=200)


class ConditionOut(CamelModel):
    fact: Fact
    op: Op
    amount: float | None = None
    ids: list[int | str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list, description="What each id is called, in the same order")
    text: str = Field(description="The condition as the node shows it: 'GP >= 1 B'")


class LayerIn(CamelModel):
    name: str = Field(default="", max_length=80)
    mode: Mode
    min_approvals: int = Field(default=1, ge=1, le=50)
    approvers: list[Id] = Field(default_factory=list, max_length=50)
    deadline: DeadlineIn | None = None
    conditions: list[ConditionIn] = Field(default_factory=list, max_length=10, description="All must hold for the "
                                          "layer to apply; a request whose facts fail one skips the layer")


class PipelineIn(CamelModel):
    id: Id | None = None
    name: str = Field(default="", max_length=120)
    pipeline_action_type: Literal["CHANGE_LEAD_STAGE", "HOLD_LEAD", "DROP_LEAD", "CLOSE_LEAD", "PCS"]
    sales_persons: list[Id] = Field(default_factory=list, max_length=500)
    layers: list[LayerIn] = Field(default_factory=list, max_length=20)
    version: Version | None = Field(default=None, description="The pipeline's version the designer opened: required "
                                    "to save an existing pipeline (a save over a newer version is refused, 409)")


class PersonOut(CamelModel):
    id: int
    fullname: str


class LayerOut(CamelModel):
    name: str
    mode: Mode
    min_approvals: int
    approvers: list[PersonOut]
    deadline: DeadlineOut | None = None
    conditions: list[ConditionOut] = Field(default_factory=list)


class PipelineOut(CamelModel):
    id: int
    name: str
    pipeline_action_type: str
    version: int
    is_active: bool
    sales_persons: list[PersonOut]
    layers: list[LayerOut]
    updated_at: datetime
    pending_on_older: int = Field(default=0, description="Pending requests that run on an older version of this "
                                  "pipeline (each keeps the route it started with)")
