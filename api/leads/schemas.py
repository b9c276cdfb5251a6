"""Lead payloads (spec 2 §2.1-2.4, §7 Leads)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import Field

from api.approvals.schemas import RequestIn
from api.core.inputs import INT32_MAX, Id, money
from api.core.schemas import CamelModel

StatusName = Literal["NEW", "WAITING", "HOLD", "DROPPED", "CLOSED"]
FileKind = Literal["proposalFile", "projectCostSheetFile", "customerConfirmationDocumentFile"]


class FieldLabel(CamelModel):
    field: str = Field(max_length=40)
    label: str = Field(max_length=100)


class StageOut(CamelModel):
    id: int
    stage_name: str
    stage_description: str
    needs_approval: bool
    pipeline: str
    previous_stage: int | None = Field(alias="previousStage")
    next_stage: int | None = Field(alias="nextStage")
    seq_number: int
    slug: str
    required_fields: list[FieldLabel]


class Option(CamelModel):
    value: str
    label: str


class SalesOption(CamelModel):
    id: int
    fullname: str


class FileInfo(CamelModel):
    name: str
    size: int


class PicOut(CamelModel):
    pic_id: int
    pic_name: str
    position: str | None = None
    phone_number: str | None = None  # what the Call action rings (api/calls)


class ServiceCategoryItem(CamelModel):
    service_category_id: Id
    service_category_name: str | None = Field(default=None, max_length=200)  # sent back as read; not stored
    sub_service_category_id: Id | None = None
    sub_service_category_name: str | None = Field(default=None, max_length=200)


class PaymentItem(CamelModel):
    service_category_id: Id
    billing_date: date | None = None
    amount: Annotated[float, money("Payment amount")] | None = Field(default=None, ge=0)


class BillingScheduleItem(CamelModel):
    service_category_id: Id
    schedule: date
    amount: Annotated[float, money("Billing amount")] = Field(ge=0)
    description: str | None = Field(default=None, max_length=200)


class LeadOut(CamelModel):
    """The lead edit/detail entity of spec 2 §2.4 with its names resolved."""

    id: int
    project_name: str
    stage_id: int
    stage_name: str
    stage_description: str
    client_id: int
    client_name: str
    client_code: str
    project_type: int | None
    project_type_name: str | None
    source_id: int | None
    source_name: str | None
    entity_id: int | None
    entity_name: str | None
    unit_id: int | None
    unit_name: str | None
    project_description: str | None
    status: StatusName
    sales_person_id: int
    sales_fullname: str
    subscription_type: str | None
    competitor: str | None
    decision_maker: str | None
    expected_close_date: date | None
    project_start_date: date | None
    project_end_date: date | None
    project_duration: int | None
    project_budget: float | None
    total_unit: int | None
    total_revenue: float
    total_gross_profit: float
    gross_profit_margin: float
    proposal_file: FileInfo | None
    project_cost_sheet_file: FileInfo | None
    customer_confirmation_document_file: FileInfo | None
    last_contacted: int
    last_contacted_at: datetime
    created_at: datetime
    updated_at: datetime


class WaitingFor(CamelModel):
    """What a waiting lead waits for: its pending request, the layer deciding now and who still has to."""

    approval_id: int
    request_type: str
    request_type_label: str
    target_stage_id: int | None
    target_stage_name: str | None
    target_status: str | None
    layer_name: str | None
    layer_seq: int
    layer_count: int
    pending_approvers: list[str]
    requested_at: datetime
    requested_by_name: str | None
    notes: str | None
    state: str  # PENDING, PROCESSING (a decision is being applied), STARTING (its workflow is being started)


class LeadForm(CamelModel):
    lead: LeadOut
    person_in_charges: list[PicOut]
    service_categories: list[ServiceCategoryItem]
    payments: list[PaymentItem]
    billing_schedules: list[BillingScheduleItem]
    project_id_numbers: list[str]


class LeadCreate(CamelModel):
    client_id: Id | None = None
    source_id: Id | None = None
    person_in_charges: list[Id] = Field(default_factory=list, max_length=50)
    project_name: str | None = Field(default=None, max_length=200)
    project_type: Id | None = None
    sales_id: Id | None = None
    stage_id: Id | None = None
    competitor: str | None = Field(default=None, max_length=200)


class LeadUpdate(CamelModel):
    """The lead edit state: the `data` part of PUT /leads/{id}/update/v2 (files come as separate multipart parts)
    and the body of PUT /leads/{id}/update (no files)."""

    project_name: str | None = Field(default=None, max_length=200)
    stage_id: Id | None = None
    client_id: Id | None = None
    project_type: Id | None = None
    source_id: Id | None = None
    entity_id: Id | None = None
    unit_id: Id | None = None
    project_description: str | None = Field(default=None, max_length=5000)
    subscription_type: Literal["ONE_TIME", "RECURRING"] | None = None
    competitor: str | None = Field(default=None, max_length=200)
    decision_maker: str | None = Field(default=None, max_length=150)
    expected_close_date: date | None = None
    project_start_date: date | None = None
    project_end_date: date | None = None
    project_duration: int | None = Field(default=None, ge=0, le=600)
    project_budget: Annotated[float, money("Project Budget")] | None = Field(default=None, ge=0)
    total_unit: int | None = Field(default=None, ge=0, le=INT32_MAX)
    total_revenue: Annotated[float, money("Total Revenue")] | None = Field(default=None, ge=0)
    total_gross_profit: Annotated[float, money("Total Gross Profit", negative=True)] | None = None
    person_in_charges: list[Id] | None = Field(default=None, max_length=50)
    service_categories: list[ServiceCategoryItem] | None = Field(default=None, max_length=50)
    payments: list[PaymentItem] | None = Field(default=None, max_length=200)
    billing_schedules: list[BillingScheduleItem] | None = Field(default=None, max_length=500)
    remove_files: list[FileKind] = Field(default_factory=list, max_length=3)


class RouteEdit(CamelModel):
    """What the lead edit form holds of the facts a route is decided on: the wizard's gated step previews the route
    of the request saving makes, on the lead as it will be saved (a field left out stays as saved)."""

    client_id: Id | None = None
    project_type: Id | None = None
    total_revenue: Annotated[float, money("Total Revenue")] | None = Field(default=None, ge=0)
    total_gross_profit: Annotated[float, money("Total Gross Profit", negative=True)] | None = None
    service_categories: list[Id] | None = Field(default=None, max_length=50)


class RouteRequestIn(RequestIn):
    """A request whose route is previewed; `edit`: on the lead as the edit form holds it."""

    edit: RouteEdit | None = None


class NeedApprovalIn(CamelModel):
    lead_id: Id
    stage_id: Id


class NeedApprovalOut(CamelModel):
    needs_approval: bool
    stage_id: int
    stage_name: str
    missing_fields: list[str]
    allowed: bool
    reason: str | None


class RequirementField(CamelModel):
    field: str
    label: str
    filled: bool


class StageOption(CamelModel):
    """A stage as a target of one lead's move (GET /leads/{id}/stage-options)."""

    id: int
    stage_name: str
    stage_description: str
    seq_number: int
    slug: str
    is_current: bool
    allowed: bool
    reason: str | None
    needs_approval: bool
    required_fields: list[RequirementField]
    missing_fields: list[str]  # labels, as the reason words them
    # the same fields by code (this stage's or a stage's on the way), for a form to fill them
    lacking_fields: list[FieldLabel]


class StageOptions(CamelModel):
    lead_id: int
    current_stage_id: int
    status: str
    waiting_for: WaitingFor | None = None
    stages: list[StageOption]


class StageDuration(CamelModel):
    stage_name: str
    stage_description: str
    entered_at: datetime
    left_at: datetime | None
    days: float


class FinalDocument(CamelModel):
    kind: FileKind
    name: str
    size: int
    url: str


class PaymentDetail(CamelModel):
    total_revenue: float
    total_gross_profit: float
    payments: list[PaymentItem]
    billing_schedules: list[BillingScheduleItem]


class HistoryEntry(CamelModel):
    """One recorded change: field, oldValue and newValue as recorded; label, oldLabel and newLabel as a person
    reads them (names for ids, words for status codes; other values as recorded)."""

    id: int
    field: str
    label: str
    old_value: str | None
    new_value: str | None
    old_label: str | None
    new_label: str | None
    changed_by: str = Field(description="Who made the change; 'System' for a change no user made")
    changed_at: datetime
