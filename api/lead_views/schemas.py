"""What the leads' screens answer: the board's columns and cards, the filter options, a lead's detail (with its cost
sheet's summary and what it waits for) and an edit's result."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel
from api.leads.schemas import (
    BillingScheduleItem,
    LeadOut,
    Option,
    PaymentItem,
    PicOut,
    SalesOption,
    ServiceCategoryItem,
    StageOut,
    StatusName,
    WaitingFor,
)


class LeadCard(CamelModel):
    id: int
    client_name: str
    project_name: str
    last_contacted: int = Field(description="Days since the last contact")
    nickname: str | None = Field(description="The sales person's nickname")
    sales_fullname: str
    sales_person_id: int
    status: StatusName
    project_type: str | None
    total_gross_profit: float
    pcs_status: str | None
    stage_id: int
    stage_name: str


class BoardColumn(CamelModel):
    stage_id: int
    stage_name: str
    stage_description: str
    is_pinned: bool
    leads: list[LeadCard]
    total_leads: int
    total_gross_profit: float = Field(description="The gross profit of every lead in the column under the filters")


class PinIn(CamelModel):
    stage_id: Id
    is_pinned: bool


class TotalGp(CamelModel):
    total_gross_profit: float
    total_leads: int


class FilterOptions(CamelModel):
    stages: list[StageOut]
    statuses: list[Option]
    sales_persons: list[SalesOption]


class SheetItemBrief(CamelModel):
    type: str
    coa_code: str
    coa_name: str
    description: str
    grand_total: float


class SheetBrief(CamelModel):
    """The lead's current cost sheet as the detail shows it (the full sheet: GET /leads/{id}/form/v2)."""

    id: int
    status: str
    revision_batch: int
    remark: str
    total_revenue: float
    gross_profit: float
    gross_profit_margin: float
    requested_at: datetime | None
    project_cost_sheet_items: list[SheetItemBrief]


class LeadSheets(CamelModel):
    project_cost_sheet: SheetBrief | None


class LeadDetail(LeadOut):
    waiting_for: WaitingFor | None = None
    project_cost_sheets: LeadSheets
    person_in_charges: list[PicOut]
    service_categories: list[ServiceCategoryItem]
    payments: list[PaymentItem]
    billing_schedules: list[BillingScheduleItem]
    project_id_numbers: list[str]
    pid_number: list[str]


class UpdateResult(CamelModel):
    lead: LeadDetail
    stage_moved: bool
    approval_required: bool  # the stage asked for needs approval: the request for it was made (approval_id)
    message: str | None
    approval_id: int | None = None


