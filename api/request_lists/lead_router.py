"""The lead request register (system/lead-approval): every stage change, hold, drop and close request the caller
may see, one with its timeline, a request on behalf of a sales person (write), and a withdrawal (edit)."""

from __future__ import annotations

from datetime import date
from typing import Annotated
from zoneinfo import ZoneInfo

from fastapi import Query, Response

from api.approvals import pipelines
from api.approvals.schemas import OnBehalfIn, PickableUser, RegisterDetail, RegisterRow, RequestOut, WithdrawIn
from api.core.deps import Authz, PolicyDep, SessionDep, SettingsDep, TemporalDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.request_lists import register
from api.users.models import User

router = domain_router("/lead-approval", tags=["request registers"])
PAGE = "system/lead-approval"

ApproverQ = Annotated[Id | None, Query(alias="approverId", description="Requests this user approves (any layer)")]
FromQ = Annotated[date | None, Query(alias="dateFrom", description="Requested on or after this day (YYYY-MM-DD)")]
ToQ = Annotated[date | None, Query(alias="dateTo", description="Requested on or before this day (YYYY-MM-DD)")]
WITHDRAW_RESPONSES: dict[int | str, dict[str, object]] = {
    202: {"model": Envelope[RegisterDetail], "description": "Received but not yet confirmed: applied shortly"},
    409: {"description": "The request is no longer pending (approved, rejected or withdrawn)"}}


@router.get("", summary="The lead requests the caller may see, paged, searchable (project, client, people, notes), "
                        "sortable; criteria requestType, status, requestedBy, salesPersonId, leadId")
def list_requests(session: SessionDep, settings: SettingsDep, params: ListQuery,
                  actor: Annotated[User, Authz(PAGE, "read")], approver_id: ApproverQ = None,
                  date_from: FromQ = None, date_to: ToQ = None) -> Envelope[Page[RegisterRow]]:
    return ok(register.page(session=session, actor=actor, params=params, pcs=False, approver_id=approver_id,
                            date_from=date_from, date_to=date_to, zone=ZoneInfo(settings.time_zone)))


@router.get("/people", summary="Active users, to filter the register by requester or approver")
def register_people(session: SessionDep, policy: PolicyDep,
                    actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[PickableUser]]:
    return ok(pipelines.pickable_users(session=session, policy=policy))


@router.get("/{approval_id}", summary="A lead request with its timeline, and whether the caller may withdraw it")
def get_request(approval_id: Id, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                policy: PolicyDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[RegisterDetail]:
    return ok(register.detail(session=session, temporal=temporal, settings=settings, actor=actor,
                              approval_id=approval_id, pcs=False,
                              may_withdraw=policy.allowed(actor.role.name, PAGE, "edit"), policy=policy))


@router.post("", summary="Make a stage change, hold, drop or close request on behalf of the lead's sales person "
                         "(the same rules and gates as when they ask)")
def request_on_behalf(body: OnBehalfIn, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                      actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[RequestOut]:
    return ok(register.request_on_behalf(session=session, temporal=temporal, settings=settings, actor=actor,
                                         data=body))


@router.post("/{approval_id}/withdraw", summary="Withdraw a pending request (reason required): its workflow ends, "
                                                "the lead goes back to its previous status, the people are told",
             responses=WITHDRAW_RESPONSES)
def withdraw(approval_id: Id, body: WithdrawIn, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
             response: Response, policy: PolicyDep,
             actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[RegisterDetail]:
    done = register.withdraw(session=session, temporal=temporal, settings=settings, actor=actor,
                             approval_id=approval_id, pcs=False, reason=body.reason)
    if not done:
        response.status_code = 202
    return ok(register.detail(session=session, temporal=temporal, settings=settings, actor=actor,
                              approval_id=approval_id, pcs=False, may_withdraw=True, policy=policy))
