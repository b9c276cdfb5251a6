"""Sales target payloads."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from api.core.inputs import Id, money
from api.core.listing import Page
from api.core.schemas import CamelModel

YEAR_MIN, YEAR_MAX = 2000, 2100


class TargetRow(CamelModel):
    """A sales person's target for the year (0 and no id when none is set yet)."""

    id: int | None
    sales_person_id: int
    fullname: str
    nickname: str | None
    leader_id: int | None
    leader_name: str | None
    year: int
    amount: float
    updated_at: datetime | None
    updated_by_name: str | None = Field(description="Who set the amount last")


class TeamTotal(CamelModel):
    leader_id: int | None
    leader_name: str
    members: int
    amount: float


class TargetPage(Page[TargetRow]):
    year: int
    total_amount: float = Field(description="The year's targets of every sales person the caller sees")
    teams: list[TeamTotal] = Field(description="The same, added up per leader")


class TargetIn(CamelModel):
    sales_person_id: Id
    year: int = Field(ge=YEAR_MIN, le=YEAR_MAX)
    amount: Annotated[Decimal, money("Target")] = Field(ge=0)


class TargetChange(CamelModel):
    old_amount: float | None
    new_amount: float
    changed_by: str | None
    changed_at: datetime


class TargetDetail(TargetRow):
    history: list[TargetChange]
