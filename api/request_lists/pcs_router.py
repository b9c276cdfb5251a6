"""The cost sheet request register (system/pcs-approval): every cost sheet approval request the caller may see,
one with its revision's summary and timeline (its PDF is `GET /leads/{leadId}/pcs-pdf?revisionBatch=`), and a
withdrawal (edit: the sheet goes back to draft)."""

from __future__ import annotations

from typing import Annotated
from zoneinfo import ZoneInfo

from fastapi import Response

from api.approvals import pipelines
from api.approvals.schemas import PickableUser, RegisterRow, WithdrawIn
from api.core.deps import Authz, PolicyDep, SessionDep, SettingsDep, TemporalDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.pcs import repository as pcs_repo
from api.pcs.schemas import PcsRegisterDetail
from api.request_lists import pcs_register, register
from api.request_lists.lead_router import ApproverQ, FromQ, ToQ
from api.users.models import User

router = domain_router("/pcs-approval", tags=["request registers"])
PAGE = "system/pcs-approval"


@router.get("", summary="The cost sheet approval requests the caller may see, paged, searchable, sortable; "
                        "criteria status, requestedBy, salesPersonId, leadId")
def list_pcs_requests(session: SessionDep, settings: SettingsDep, params: ListQuery,
                      actor: Annotated[User, Authz(PAGE, "read")], approver_id: ApproverQ = None,
                      date_from: FromQ = None, date_to: ToQ = None) -> Envelope[Page[RegisterRow]]:
    return ok(register.page(session=session, actor=actor, params=params, pcs=True, approver_id=approver_id,
                            date_from=date_from, date_to=date_to, zone=ZoneInfo(settings.time_zone),
                            revisions=pcs_repo.revisions_of_requests))


@router.get("/people", summary="Active users, to filter the register by requester or approver")
def pcs_register_people(session: SessionDep, policy: PolicyDep,
                        actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[PickableUser]]:
    return ok(pipelines.pickable_users(session=session, policy=policy))


@router.get("/{approval_id}", summary="A cost sheet request: its revision's summary and its timeline")
def get_pcs_request(approval_id: Id, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                    policy: PolicyDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[PcsRegisterDetail]:
    return ok(pcs_register.detail(session=session, temporal=temporal, settings=settings, actor=actor,
                                  approval_id=approval_id,
                                  may_withdraw=policy.allowed(actor.role.name, PAGE, "edit"), policy=policy))


@router.post("/{approval_id}/withdraw", summary="Withdraw a pending cost sheet request (reason required): its "
                                                "workflow ends, the sheet goes back to draft, the people are told",
             responses={202: {"model": Envelope[PcsRegisterDetail],
                              "description": "Received but not yet confirmed: applied shortly"},
                        409: {"description": "The request is no longer pending"}})
def withdraw_pcs_request(approval_id: Id, body: WithdrawIn, session: SessionDep, temporal: TemporalDep,
                         settings: SettingsDep, response: Response, policy: PolicyDep,
                         actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[PcsRegisterDetail]:
    done = register.withdraw(session=session, temporal=temporal, settings=settings, actor=actor,
                             approval_id=approval_id, pcs=True, reason=body.reason)
    if not done:
        response.status_code = 202
    return ok(pcs_register.detail(session=session, temporal=temporal, settings=settings, actor=actor,
                                  approval_id=approval_id, may_withdraw=True, policy=policy))
