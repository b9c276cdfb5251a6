"""Import payloads: a job with its progress, the settings of a dry run, a row's outcome, a saved mapping."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from api.core.inputs import Count
from api.core.schemas import CamelModel


class FieldOut(CamelModel):
    name: str
    label: str
    required: bool


class PhaseOut(CamelModel):
    done: int
    total: int
    percent: float = Field(description="done of total, 0-100")
    counts: dict[str, int] = Field(description="CREATED, UPDATED, UNCHANGED, REFUSED")


class ImportJobOut(CamelModel):
    id: int
    kind: str
    status: str = Field(description="UPLOADED, CHECKING, CHECKED, RUNNING, DONE, UNDONE")
    filename: str
    headers: list[str]
    total_rows: int
    fields: list[FieldOut]
    match_rules: dict[str, str]
    mapping: dict[str, str] = Field(description="field -> the column header it is read from")
    match_on: str
    dry_run: PhaseOut
    run: PhaseOut
    created_at: datetime
    finished_at: datetime | None
    undone_at: datetime | None


class ImportSettingsIn(CamelModel):
    mapping: dict[Annotated[str, Field(max_length=100)], Annotated[str, Field(max_length=300)]] = Field(
        max_length=100, description="field -> the column header it is read from")
    match_on: str = Field(max_length=20)
    save_as: str | None = Field(default=None, max_length=100, description="Save the mapping under this name")


class ImportRowOut(CamelModel):
    row_number: int
    status: str
    message: str | None
    record_id: int | None
    values: dict[str, str | None] = Field(description="column header -> the cell's text")


class ImportRowsOut(CamelModel):
    data: list[ImportRowOut]
    total_rows: int


class RowsQuery(CamelModel):
    phase: Literal["DRY", "RUN"] = "DRY"
    status: Literal["CREATED", "UPDATED", "UNCHANGED", "REFUSED"] | None = None
    page: Count = 1
    size: int = Field(default=50, ge=1, le=500)


class MappingOut(CamelModel):
    id: int
    kind: str
    name: str
    mapping: dict[str, str]
    match_on: str
