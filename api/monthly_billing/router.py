"""Monthly Billing (system/monthly-billing): the billing rows of the approved cost sheets the caller sees with month
and client totals, a row's payment status moved one step (read to see and export, edit to move forward, delete to
move back with a reason), a row's record, and the rows as an XLSX file."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated
from zoneinfo import ZoneInfo

from fastapi import Depends, Query
from fastapi.responses import Response
from pydantic import Field

from api.core.deps import Authz, PolicyDep, SessionDep, SettingsDep
from api.core.inputs import OFFSET_MAX, Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.monthly_billing import files, service
from api.monthly_billing.repository import Filters
from api.monthly_billing.schemas import BillingHistory, BillingPage, BillingRowOut, StatusIn
from api.users.models import User

router = domain_router("/monthly-billing", tags=["monthly billing"])
PAGE = "system/monthly-billing"
Reader = Annotated[User, Authz(PAGE, "read")]
Editor = Annotated[User, Authz(PAGE, "edit")]
MONTH_HELP = "YYYY-MM: the period's first (monthFrom) or last (monthTo) month of the schedule date"


def billing_filters(
    status: Annotated[list[Annotated[str, Field(max_length=20)]] | None,
                      Query(max_length=4, description="Payment statuses to keep (any of)")] = None,
    month_from: Annotated[str | None, Query(alias="monthFrom", max_length=7, description=MONTH_HELP)] = None,
    month_to: Annotated[str | None, Query(alias="monthTo", max_length=7, description=MONTH_HELP)] = None,
    client_id: Annotated[Id | None, Query(alias="clientId")] = None,
    sales_person_id: Annotated[Id | None, Query(alias="salesPersonId")] = None,
    search: Annotated[str | None, Query(max_length=100, description="Project, client, PID, item or billing")] = None,
) -> Filters:
    return service.filters(statuses=status, month_from=month_from, month_to=month_to, client_id=client_id,
                           sales_person_id=sales_person_id, search=search)


BillingFilters = Annotated[Filters, Depends(billing_filters)]


@router.get("", summary="Billing rows of the approved cost sheets the caller sees, month by month, paged; with the "
                        "month and client totals of every row the filters keep")
def list_billing(session: SessionDep, actor: Reader, f: BillingFilters,
                 offset: Annotated[int, Query(ge=0, le=OFFSET_MAX)] = 0,
                 limit: Annotated[int, Query(ge=1, le=100)] = 20,
                 sort: Annotated[str | None, Query(max_length=50, description="schedule, amount, paymentStatus, "
                                                   "clientName, projectName, salesPersonName, description")] = None,
                 desc: bool = False) -> Envelope[BillingPage]:
    return ok(service.list_billing(session=session, actor=actor, f=f, offset=offset, limit=limit, sort=sort,
                                   desc=desc))


@router.get("/export.xlsx", summary="The rows the filters keep as an XLSX file (money as numbers, dates as dates)",
            response_class=Response,
            responses={200: {"description": "The file (attachment)", "content": {files.XLSX_TYPE: {}}}})
def export(session: SessionDep, settings: SettingsDep, actor: Reader, f: BillingFilters) -> Response:
    rows = service.every_row(session=session, actor=actor, f=f)
    period = (f"{f.first_day:%b %Y}" if f.first_day else "start") + " - " + (
        f"{f.last_day:%b %Y}" if f.last_day else "end")
    stamp = datetime.now(ZoneInfo(settings.time_zone))
    name = f"monthly-billing-{stamp:%Y%m%d-%H%M}.xlsx"
    return Response(files.xlsx(rows, period), media_type=files.XLSX_TYPE, headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})


@router.put("/{billing_schedule_id}/status",
            summary="Move a row's payment status one step forward (edit right) or, with a note, one step back (delete "
                    "right) from expectedStatus; 409 when the row moved meanwhile or the step is not the next",
            responses={409: {"description": "The row's status is no longer expectedStatus, or the step is not one"}})
def move(billing_schedule_id: Id, body: StatusIn, session: SessionDep, policy: PolicyDep,
         actor: Editor) -> Envelope[BillingRowOut]:
    return ok(service.change_status(session=session, actor=actor, billing_id=billing_schedule_id, status=body.status,
                                    expected_status=body.expected_status, note=body.note,
                                    may_step_back=policy.allowed(actor.role.name, PAGE, "delete")))


@router.get("/{billing_schedule_id}/history", summary="A row and every move of its payment status, newest first")
def history(billing_schedule_id: Id, session: SessionDep, actor: Reader) -> Envelope[BillingHistory]:
    return ok(service.history(session=session, actor=actor, billing_id=billing_schedule_id))


