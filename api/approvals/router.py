"""Approval calls: pipelines (admin), the approver queue, decisions and timelines (a lead's requests are asked
for in api.leads.router)."""

# No `from __future__ import annotations`: the pipeline routes are closures whose annotations use `page`.

from typing import Annotated

from fastapi import Query, Request, Response

from api.approvals import decisions, delegations, pipelines, routes
from api.approvals.pipeline_schemas import PipelineIn, PipelineOut
from api.approvals.route_schemas import PipelineTryIn, RoutePreviewOut
from api.approvals.schemas import (
    DecisionIn,
    DelegationIn,
    DelegationOut,
    OverlapCheck,
    OverlapOut,
    PickableUser,
    TimelineOut,
)
from api.core import exports
from api.core.deps import Authz, PolicyDep, SessionDep, SettingsDep, TemporalDep
from api.core.errors import ValidationFailed
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, Message, ok
from api.users.models import User

router = domain_router(tags=["approvals"])


def _pipeline_routes(prefix: str, page: str, pcs: bool) -> None:
    def check_type(body: PipelineIn) -> None:
        if (body.pipeline_action_type == "PCS") != pcs:
            raise ValidationFailed("Cost sheet pipelines are managed under PCS Approval Pipeline; lead pipelines "
                                   "under Approval Pipeline.")

    def list_(session: SessionDep, actor: Annotated[User, Authz(page, "read")]) -> Envelope[list[PipelineOut]]:
        return ok(pipelines.list_pipelines(session=session, pcs=pcs))

    def get(pipeline_id: Id, session: SessionDep,
            actor: Annotated[User, Authz(page, "read")]) -> Envelope[PipelineOut]:
        return ok(pipelines.get_pipeline(session=session, pipeline_id=pipeline_id))

    def create(body: PipelineIn, session: SessionDep, policy: PolicyDep,
               actor: Annotated[User, Authz(page, "write")]) -> Envelope[PipelineOut]:
        check_type(body)
        return ok(pipelines.save_pipeline(session=session, policy=policy, actor=actor,
                                          data=body.model_copy(update={"id": None})))

    def update(body: PipelineIn, session: SessionDep, policy: PolicyDep,
               actor: Annotated[User, Authz(page, "edit")]) -> Envelope[PipelineOut]:
        check_type(body)
        if not body.id:
            raise ValidationFailed("The pipeline id is required.")
        return ok(pipelines.save_pipeline(session=session, policy=policy, actor=actor, data=body))

    def delete(pipeline_id: Id, session: SessionDep, actor: Annotated[User, Authz(page, "delete")]) -> Envelope[None]:
        pipelines.delete_pipeline(session=session, pipeline_id=pipeline_id)
        return ok(None)

    def check(body: PipelineIn, session: SessionDep,
              actor: Annotated[User, Authz(page, "read")]) -> Envelope[OverlapCheck]:
        check_type(body)
        found = pipelines.overlaps(session=session, data=body)
        return ok(OverlapCheck(conflicts=[OverlapOut(sales_person_id=o.sales_person_id,
                                                     sales_person_name=o.sales_person_name,
                                                     pipeline_id=o.pipeline_id, pipeline_name=o.pipeline_name)
                                          for o in found], messages=[o.message for o in found]))

    def try_on(body: PipelineTryIn, session: SessionDep,
               actor: Annotated[User, Authz(page, "read")]) -> Envelope[RoutePreviewOut]:
        check_type(body.pipeline)
        return ok(routes.try_on_lead(session=session, actor=actor, data=body))

    kind = "pcs_" if pcs else ""
    for path, method, endpoint, summary in (
        ("", "GET", list_, "The pipelines"), ("/{pipeline_id}", "GET", get, "A pipeline"),
        ("", "POST", create, "Create a pipeline"), ("", "PUT", update, "Save a new version of a pipeline"),
        ("/{pipeline_id}", "DELETE", delete, "Retire a pipeline"),
        ("/check", "POST", check, "Which active pipelines already cover this one's sales persons (saving it would be "
                                  "refused)"),
        ("/route-preview", "POST", try_on, "Try the pipeline as drawn (not saved) on a lead: the route a request of "
                                           "that lead would take, the layers it skips and why"),
    ):
        endpoint.__name__ = f"{kind}pipeline_{endpoint.__name__.strip('_')}"
        whole = [exports.WHOLE_LIST] if endpoint is list_ else []  # the list exports (api/core/exports.py)
        router.add_api_route(prefix + path, endpoint, methods=[method], summary=summary,
                             tags=["approval pipelines"], dependencies=whole)


@router.get("/approval-pipelines/people", summary="Active users to pick approvers and sales people from",
            tags=["approval pipelines"])
def pipeline_people(session: SessionDep, policy: PolicyDep,
                    actor: Annotated[User, Authz("system/approval-pipeline", "read")]) -> Envelope[list[PickableUser]]:
    return ok(pipelines.pickable_users(session=session, policy=policy))


@router.get("/pcs-approval-pipelines/people", summary="Active users to pick approvers from",
            tags=["approval pipelines"])
def pcs_pipeline_people(session: SessionDep, policy: PolicyDep,
                        actor: Annotated[User, Authz("system/pcs-approval-pipeline", "read")],
                        ) -> Envelope[list[PickableUser]]:
    return ok(pipelines.pickable_users(session=session, policy=policy))


_pipeline_routes("/approval-pipelines", "system/approval-pipeline", pcs=False)
_pipeline_routes("/pcs-approval-pipelines", "system/pcs-approval-pipeline", pcs=True)


@router.put("/approval/{approval_id}/handle-hold", summary="Approve or reject a request (the Review dialog)",
            responses={202: {"model": Envelope[TimelineOut],
                             "description": "Received but not yet confirmed: it will be applied shortly"}})
def decide(approval_id: Id, body: DecisionIn, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
           request: Request, response: Response,
           actor: Annotated[User, Authz("system/approval", "edit")]) -> Envelope[TimelineOut]:
    answer = decisions.decide(session=session, temporal=temporal, settings=settings, actor=actor,
                              approval_id=approval_id, data=body, policy=request.app.state.policy)
    if not answer.confirmed:
        response.status_code = 202
    return ok(answer.timeline)


@router.get("/approval/{approval_id}/timeline", summary="A request's live timeline (its approvers and the "
                                                         "people who can see its lead)")
def timeline(approval_id: Id, session: SessionDep, temporal: TemporalDep, settings: SettingsDep, request: Request,
             actor: Annotated[User, Authz("account", "read")]) -> Envelope[TimelineOut]:
    return ok(decisions.timeline(session=session, temporal=temporal, settings=settings, actor=actor,
                                 approval_id=approval_id, policy=request.app.state.policy))


# Out of office: an approver keeps their own delegations from the approval page; whoever may edit approval pipelines
# keeps anyone's.
DELEGATIONS = "/approval-delegations"
_read_delegations = Authz("system/approval", "read", or_page=delegations.ADMIN_PAGE)
_edit_delegations = Authz("system/approval", "edit", or_page=delegations.ADMIN_PAGE)


def _manage_all(policy: PolicyDep, actor: User) -> bool:
    return policy.allowed(actor.role.name, delegations.ADMIN_PAGE, "edit")


@router.get(DELEGATIONS, summary="Delegations, paged: the caller's (as approver or delegate), or with everyone=true "
                                 "(administrators) anyone's; current, upcoming and those that ended within a year; "
                                 "current first, then upcoming (soonest first), then past (latest first), or sorted "
                                 "by startsOn, endsOn; searchable (names, note); criteria requestType",
            tags=["approval delegations"])
def list_delegations(session: SessionDep, settings: SettingsDep, policy: PolicyDep, params: ListQuery,
                     actor: Annotated[User, _read_delegations], everyone: bool = False,
                     delegator_id: Annotated[Id | None, Query(alias="delegatorId")] = None,
                     ) -> Envelope[Page[DelegationOut]]:
    return ok(delegations.list_delegations(session=session, settings=settings, actor=actor,
                                           manage_all=_manage_all(policy, actor), everyone=everyone,
                                           delegator_id=delegator_id, params=params))


@router.get(DELEGATIONS + "/people", summary="Active users to pick a delegate (or an approver) from",
            tags=["approval delegations"])
def delegation_people(session: SessionDep, policy: PolicyDep,
                      actor: Annotated[User, _read_delegations]) -> Envelope[list[PickableUser]]:
    return ok(pipelines.pickable_users(session=session, policy=policy, deciding=True))


@router.post(DELEGATIONS, summary="Set a delegate for a period (the caller's own, or anyone's for an administrator)",
             tags=["approval delegations"])
def create_delegation(body: DelegationIn, session: SessionDep, settings: SettingsDep, policy: PolicyDep,
                      actor: Annotated[User, _edit_delegations]) -> Envelope[DelegationOut]:
    return ok(delegations.create(session=session, settings=settings, policy=policy, actor=actor,
                                 manage_all=_manage_all(policy, actor), data=body))


@router.put(DELEGATIONS + "/{delegation_id}", summary="Change a delegation", tags=["approval delegations"])
def update_delegation(delegation_id: Id, body: DelegationIn, session: SessionDep, settings: SettingsDep,
                      policy: PolicyDep, actor: Annotated[User, _edit_delegations]) -> Envelope[DelegationOut]:
    return ok(delegations.update(session=session, settings=settings, policy=policy, actor=actor,
                                 manage_all=_manage_all(policy, actor), delegation_id=delegation_id, data=body))


@router.delete(DELEGATIONS + "/{delegation_id}", summary="Remove a delegation", tags=["approval delegations"])
def delete_delegation(delegation_id: Id, session: SessionDep, policy: PolicyDep,
                      actor: Annotated[User, _edit_delegations]) -> Envelope[Message]:
    return ok(Message(message=delegations.delete(session=session, actor=actor, manage_all=_manage_all(policy, actor),
                                                 delegation_id=delegation_id)))
