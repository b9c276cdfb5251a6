"""Assignment Monitoring (system/assignment-monitoring): past reassignments, one of them, a sales person's book to
choose from, the people leads move between, and the move itself."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from api.assignments import owner_changes, service
from api.assignments.schemas import (
    BookLead,
    OwnerChangeIn,
    OwnerChangeOut,
    Person,
    ReassignIn,
    ReassignmentDetail,
    ReassignmentRow,
)
from api.core.deps import Authz, SessionDep, SettingsDep, TemporalDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/assignment-monitoring", tags=["assignment monitoring"])
PAGE = "system/assignment-monitoring"
Reader = Annotated[User, Authz(PAGE, "read")]
Mover = Annotated[User, Authz(PAGE, "write")]  # administrators (anyone's leads) and team leaders (their team's)


@router.get("", summary="Past reassignments the caller sees (from or to someone in their scope), newest first, "
                        "paged, searchable (reason, names), sortable (at, leadCount, fromName, toName, byName); "
                        "criteria fromUserId, toUserId")
def list_reassignments(session: SessionDep, params: ListQuery, actor: Reader) -> Envelope[Page[ReassignmentRow]]:
    return ok(service.list_reassignments(session=session, actor=actor, params=params))


@router.get("/people", summary="Who leads can move from (anyone in the caller's scope owning leads, active or not) "
                               "and to (canReceive: an active sales person)")
def people(session: SessionDep, actor: Reader) -> Envelope[list[Person]]:
    return ok(service.people(session=session, actor=actor))


@router.get("/leads", summary="A sales person's book to choose from: their leads (every status) with stage, status, "
                              "GP, client, pending request and upcoming schedules; paged, searchable "
                              "(project, client), sortable "
                              "(projectName, clientName, stageName, status, totalGrossProfit)")
def book(session: SessionDep, params: ListQuery, actor: Reader,
         sales_person_id: Annotated[Id, Query(alias="salesPersonId")]) -> Envelope[Page[BookLead]]:
    return ok(service.book(session=session, actor=actor, person_id=sales_person_id, params=params))


@router.get("/{reassignment_id}", summary="A past reassignment: who, when, why, from, to, and the leads it moved as "
                                          "they were then")
def get_reassignment(reassignment_id: Id, session: SessionDep, actor: Reader) -> Envelope[ReassignmentDetail]:
    return ok(service.get_reassignment(session=session, actor=actor, reassignment_id=reassignment_id))


@router.post("", summary="Move leads (leadIds, or allLeads: the whole book) from one sales person to another with a "
                         "reason, in one transaction: owner, history, pending requests, upcoming schedules, "
                         "notifications")
def reassign(body: ReassignIn, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
             actor: Mover) -> Envelope[ReassignmentDetail]:
    return ok(service.reassign_now(session=session, temporal=temporal, settings=settings, actor=actor, data=body))


@router.post("/owner-changes", summary="Give chosen leads (a lead's page, a row or several rows of Leads Management) "
                                      "to another sales person with a reason: a reassignment for each sales person "
                                      "whose leads move, with its rules and history, in one transaction; a lead the "
                                      "caller does not see is 404")
def change_owner(body: OwnerChangeIn, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                 actor: Mover) -> Envelope[OwnerChangeOut]:
    return ok(owner_changes.change_owner_now(session=session, temporal=temporal, settings=settings, actor=actor,
                                             data=body))
