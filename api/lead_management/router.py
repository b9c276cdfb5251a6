"""Leads Management (system/leads-management) and Leads Monitoring (system/leads-monitoring): the table and the
grid of the leads the caller may see. Adding and editing go through the lead calls (POST /leads, PUT
/leads/{id}/update/v2 and /update), which this page's flags also allow."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Query

from api.core import exports
from api.core.deps import Authz, SessionDep, SettingsDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.lead_management import service as management
from api.lead_management.schemas import ManagedLead, ManagementOptions, Monitoring
from api.users.models import User

MANAGEMENT = "system/leads-management"
MONITORING = "system/leads-monitoring"
router = domain_router(tags=["leads management"])
ManagementReader = Annotated[User, Authz(MANAGEMENT, "read")]
MonitoringReader = Annotated[User, Authz(MONITORING, "read")]
# the monitoring grid's cells open the management list: either page's readers may ask for the filters' options
OptionsReader = Annotated[User, Authz(MANAGEMENT, "read", or_page=MONITORING)]

TeamQuery = Annotated[Id | None, Query(alias="teamLeaderId", description="A team: its leader and everyone below")]
CreatedFrom = Annotated[date | None, Query(alias="createdFrom", description="Created on or after (local day)")]
CreatedTo = Annotated[date | None, Query(alias="createdTo", description="Created on or before (local day)")]


@router.get("/leads-management", summary="Every lead the caller may see, paged, searchable (project, client) and "
                                          "sortable; criteria salesPersonId, stageId, status, clientId (a value or "
                                          "a list); a team, created and expected-close ranges, stale days")
def list_managed_leads(
    session: SessionDep, settings: SettingsDep, params: ListQuery, actor: ManagementReader,
    team_leader_id: TeamQuery = None, created_from: CreatedFrom = None, created_to: CreatedTo = None,
    close_from: Annotated[date | None, Query(alias="expectedCloseFrom")] = None,
    close_to: Annotated[date | None, Query(alias="expectedCloseTo")] = None,
    stale_days: Annotated[int | None, Query(alias="staleDays", ge=1, le=management.STALE_MAX,
                                            description="Ongoing leads last contacted this many days ago or more "
                                                        "(the cold-lead reminder's definition)")] = None,
) -> Envelope[Page[ManagedLead]]:
    found = management.filters(zone=settings.time_zone, team_leader_id=team_leader_id, created_from=created_from,
                               created_to=created_to, close_from=close_from, close_to=close_to,
                               stale_days=stale_days)
    return ok(management.list_leads(session=session, actor=actor, params=params, found=found))


@router.get("/leads-management/filter-options", summary="Stages, statuses, and the sales people and teams the "
                                                        "caller sees")
def management_options(session: SessionDep, actor: OptionsReader) -> Envelope[ManagementOptions]:
    return ok(management.options(session=session, actor=actor))


@router.get("/leads-monitoring", summary="Lead counts and GP per sales person and stage, with each person's ongoing "
                                         "leads not contacted for 30 and 90 days; totals per row and stage "
                                         "(export=xlsx: its rows as a spreadsheet)", dependencies=[exports.WHOLE_LIST])
def leads_monitoring(
    session: SessionDep, settings: SettingsDep, actor: MonitoringReader, team_leader_id: TeamQuery = None,
    created_from: CreatedFrom = None, created_to: CreatedTo = None,
    status: Annotated[str | None, Query(max_length=60, description="ALL (default), ONGOING, or a comma list of "
                                                                    "statuses")] = None,
) -> Envelope[Monitoring]:
    found = management.filters(zone=settings.time_zone, team_leader_id=team_leader_id, created_from=created_from,
                               created_to=created_to)
    return ok(management.monitoring(session=session, actor=actor, status=status, found=found))
