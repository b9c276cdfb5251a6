"""Approval insights (system/approval-insights): where the approvals' time goes, per pipeline, layer and approver,
for a period, a request type and a team; the same as an XLSX book. Every figure covers the requests on the leads the
reader sees."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import Query
from fastapi.responses import Response

from api.approval_insights import service
from api.approval_insights.schemas import ApprovalInsights, InsightOptions, RequestType
from api.core.deps import Authz, SessionDep, SettingsDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.core.spreadsheets import XLSX_TYPE
from api.users.models import User

PAGE = "system/approval-insights"
router = domain_router("/approval-insights", tags=["approval insights"])
Reader = Annotated[User, Authz(PAGE, "read")]
From = Annotated[date | None, Query(alias="from", description="The period's first day (local); default: 29 days "
                                                               "before its last")]
To = Annotated[date | None, Query(alias="to", description="Its last day, included (local); default: today")]
TypeQuery = Annotated[RequestType | None, Query(alias="requestType", description="One request type")]
TeamQuery = Annotated[Id | None, Query(alias="teamLeaderId", description="A team: the requests on the leads of the "
                                                                        "sales people who report to this leader")]
FILE_RESPONSES: dict[int | str, dict[str, Any]] = {200: {"description": "The figures as an XLSX book (attachment)",
                                                         "content": {XLSX_TYPE: {}}}}


@router.get("", summary="Per pipeline (and in all), layer and approver: decided in the period, median and 90th "
                        "percentile working hours to decide, late, escalations, rejection rate, pending now and the "
                        "oldest's age; the ten requests waiting longest and who holds them")
def get_insights(session: SessionDep, settings: SettingsDep, actor: Reader, first: From = None, last: To = None,
                 request_type: TypeQuery = None, team_leader_id: TeamQuery = None) -> Envelope[ApprovalInsights]:
    within = service.period(zone=settings.time_zone, first=first, last=last)
    found = service.filters(zone=settings.time_zone, within=within, request_type=request_type,
                            team_leader_id=team_leader_id, actor=actor)
    return ok(service.insights(session=session, found=found, within=within))


@router.get("/filter-options", summary="The request types and teams the filters offer")
def get_options(session: SessionDep, actor: Reader) -> Envelope[InsightOptions]:
    return ok(service.options(session=session))


@router.get("/download", summary="The same figures as an XLSX book (about, pipelines, layers, approvers, oldest "
                                 "pending)", response_class=Response, responses=FILE_RESPONSES)
def download_insights(session: SessionDep, settings: SettingsDep, actor: Reader, first: From = None,
                      last: To = None, request_type: TypeQuery = None, team_leader_id: TeamQuery = None) -> Response:
    within = service.period(zone=settings.time_zone, first=first, last=last)
    found = service.filters(zone=settings.time_zone, within=within, request_type=request_type,
                            team_leader_id=team_leader_id, actor=actor)
    content, name = service.download(session=session, found=found, within=within)
    return Response(content, media_type=XLSX_TYPE, headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})
