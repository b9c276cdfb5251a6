"""Cost sheet payloads (spec 3 §3 PCS, PCS file, PCS item, billing schedule, approval flow layer)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from api.approvals.schemas import RegisterDetail
from api.core.inputs import Id
from api.core.schemas import CamelModel


def _lenient_number(value: Any) -> Decimal | None:
    """A number the rules can judge, or None (missing, text, true/false): the rules then answer the
    spec's message ('Quantity must be a whole number of at least 1') instead of a type error."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float):
        value = str(value)
    try:
        number = Decimal(value) if isinstance(value, int | str | Decimal) else None
    except (InvalidOperation, ValueError):
        return None
    return number if number is not None and number.is_finite() else None


Number = Annotated[Decimal | None, BeforeValidator(_lenient_number)]


# -- what the client sends -------------------------------------------------------------------------------------

class BillingIn(CamelModel):
    description: str | None = None
    amount: Number = None
    payment_status: str | None = "NOT_YET"
    schedule: date | None = None


class ItemIn(CamelModel):
    id: Id | None = None  # an item of this sheet (matched in memory); anything else is a new item
    coa_id: int | None = None  # judged by the cost sheet rules, with their message (an unknown entry)
    type: str | None = None
    description: str | None = None
    quantity: Number = None
    term_of_payment: Number = None
    selling_price: Number = None
    billing_schedules: list[BillingIn] = Field(default_factory=list, max_length=500)


class UploadedFileState(CamelModel):
    is_deleted_by_user: bool = False


class SaveIn(CamelModel):
    """The multipart fields of save-as-draft and submit-for-approval, parsed."""

    leads_id: int
    remark: str | None = None
    items: list[ItemIn] = Field(default_factory=list)
    uploaded_file_state: UploadedFileState = Field(default_factory=UploadedFileState)
    revision_batch: int | None = None  # when sent, it must be the current revision


# -- what the server answers -----------------------------------------------------------------------------------

class CoaRef(CamelModel):
    code: str
    name: str


class BillingOut(CamelModel):
    id: int | None
    description: str
    amount: float
    payment_status: str
    schedule: date


class ItemOut(CamelModel):
    id: int | None
    coa_id: int
    coa_code: str
    coa_name: str
    chart_of_account: CoaRef
    type: str
    description: str
    quantity: int
    term_of_payment: int
    selling_price: float
    total_selling_price: float
    grand_total: float
    created_at: datetime | None
    billing_schedules: list[BillingOut]


class MonthAmountOut(CamelModel):
    date: str
    total_amount: float


class ItemMonthsOut(CamelModel):
    item_id: int | None
    type: str
    coa_name: str
    description: str | None
    totals: list[MonthAmountOut]


class SummaryOut(CamelModel):
    months: list[str]
    revenue_totals: list[MonthAmountOut]
    cost_totals: list[MonthAmountOut]
    gp_totals: list[MonthAmountOut]
    gp_margin_totals: list[MonthAmountOut]
    items: list[ItemMonthsOut]


class PcsFileOut(CamelModel):
    id: int
    filename: str
    display_name: str
    original_filename: str
    size: int
    url: str


class PcsOut(CamelModel):
    id: int
    leads_id: int
    pcs_version: int
    revision_batch: int
    remark: str
    status: str
    requested_at: datetime | None
    saved_at: datetime | None
    approval_id: int | None
    pcs_file: PcsFileOut | None
    total_revenue: float
    total_cost: float
    gross_profit: float
    gross_profit_margin: float
    commission_allocation: float | None
    gp_after_commission: float | None
    gp_margin_after_commission: float | None
    project_cost_sheet_items: list[ItemOut]
    lead_billing_schedule: SummaryOut


class PcsHistoryOut(CamelModel):
    revision_batch: int
    status: str
    remark: str | None
    created_at: datetime
    project_cost_sheet: PcsOut


class PcsSheets(CamelModel):
    project_cost_sheet: PcsOut | None
    project_cost_sheet_histories: list[PcsHistoryOut]


class RevisionOut(CamelModel):
    revision_batch: int
    label: str
    is_current: bool
    status: str


class PidFileOut(CamelModel):
    name: str
    size: int
    url: str


class PidOut(CamelModel):
    pid_number: str
    created_at: datetime
    pdf_file: PidFileOut | None


class PcsLead(CamelModel):
    id: int
    project_name: str
    client_name: str
    client_code: str | None
    sales_person_id: int
    sales_fullname: str
    entity_name: str | None
    project_start_date: date | None
    project_end_date: date | None
    stage_name: str
    status: str


class PcsServiceCategory(CamelModel):
    service_category_id: int
    service_category_name: str
    sub_service_category_id: int | None
    sub_service_category_name: str | None
    has_sub_categories: bool


class PcsForm(CamelModel):
    lead: PcsLead
    service_categories: list[PcsServiceCategory]
    sub_service_required: bool
    project_cost_sheets: PcsSheets
    revisions: list[RevisionOut]
    project_id_numbers: list[PidOut]
    editable: bool
    lock_reason: str | None
    can_see_commission: bool
    # the PCS_COMMISSION_PERCENT the server applies (for live figures while editing); null unless canSeeCommission
    commission_percent: float | None = None


class FlowApprover(CamelModel):
    username: str
    approved_at: str | None
    action_type: str | None


class FlowLayer(CamelModel):
    layer_name: str
    approval_type: str
    seq_no: int
    layer_status: str
    label: str
    approvers: list[FlowApprover]
    skipped: str | None = None  # why the request's route left the layer out (its status is SKIPPED)
    conditions: list[str] = Field(default_factory=list)  # the layer's conditions, 'GP >= 1 B'


class FlowOut(CamelModel):
    status: str
    heading: str
    date: datetime | None
    approval_id: int | None
    workflow_id: str | None
    temporal_url: str | None
    layers: list[FlowLayer]


class RegisterSheet(CamelModel):
    """The revision a cost sheet request was made for, as the PCS register's preview sums it up."""

    revision_batch: int
    status: str
    remark: str | None
    total_revenue: float
    total_cost: float
    gross_profit: float
    gross_profit_margin: float
    items: int


class PcsRegisterDetail(RegisterDetail):
    sheet: RegisterSheet | None = Field(description="None when the revision is no longer kept")
