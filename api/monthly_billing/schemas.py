"""Monthly billing payloads: the rows with their month and client totals, a status move and its record."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from api.core.schemas import CamelModel

PaymentStatus = Literal["NOT_YET", "BILLING_REQUEST", "SUDAH_TAGIH", "SUDAH_PAYMENT"]


class BillingRowOut(CamelModel):
    id: int  # the billing schedule's id
    lead_id: int
    project_name: str
    pid_number: str | None
    client_id: int
    client_name: str
    sales_person_id: int
    sales_person_name: str
    item_name: str  # the chart of accounts entry of the revenue item
    item_description: str
    description: str  # the billing row's own ("billing 1")
    amount: float
    schedule: date
    month: str  # YYYY-MM of the schedule date
    payment_status: str
    status_label: str
    next_status: str | None  # the one step forward, None when paid
    next_status_label: str | None
    previous_status: str | None  # the one step back (an administrator's, with a reason)
    previous_status_label: str | None


class MonthTotal(CamelModel):
    month: str  # YYYY-MM
    rows: int
    total: float
    paid: float  # of it, SUDAH_PAYMENT


class ClientTotal(CamelModel):
    client_id: int
    client_name: str
    rows: int
    total: float
    paid: float


class StatusOption(CamelModel):
    value: str
    label: str
    color: str  # an Ant Design tag colour


class BillingPage(CamelModel):
    data: list[BillingRowOut]
    total_rows: int
    month_totals: list[MonthTotal]
    client_totals: list[ClientTotal]
    grand_total: float
    statuses: list[StatusOption]


class StatusIn(CamelModel):
    status: str = Field(max_length=30, description="The status to move to: the next one, or the previous one "
                                                   "(needs the page's delete right and a note)")
    expected_status: str = Field(max_length=30, description="The status the caller saw: a row moved meanwhile is a "
                                                            "409")
    note: str | None = Field(default=None, max_length=500)


class BillingStatusMove(CamelModel):
    id: int
    at: datetime
    from_status: str
    from_label: str
    to_status: str
    to_label: str
    note: str | None
    actor_id: int | None
    actor_name: str | None
    step_back: bool


class BillingHistory(CamelModel):
    row: BillingRowOut
    entries: list[BillingStatusMove]
