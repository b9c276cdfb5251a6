"""Chart of accounts calls (spec 3 §7 COA) and the cost sheet's chart-of-accounts list."""

from typing import Annotated

from fastapi import Query

from api.coa import service
from api.coa.schemas import CoaIdIn, CoaIn, CoaOut, CoaType
from api.core.deps import Authz, SessionDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, Message, ok
from api.users.models import User

router = domain_router("/coa-management", tags=["coa"])
PAGE = "system/coa-management"


@router.get("", summary="A page of active COA entries (search, criteria by type, sort)")
def list_coa(session: SessionDep, params: ListQuery,
             actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Page[CoaOut]]:
    return ok(service.list_page(session=session, params=params))


@router.get("/type", summary="The COA types for the form's dropdown")
def list_types(actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[CoaType]]:
    return ok(service.list_types())


@router.get("/{coa_id}", summary="One COA entry")
def get_coa(coa_id: Id, session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[CoaOut]:
    return ok(service.get(session=session, coa_id=coa_id))


@router.post("", summary="Add a COA entry")
def create_coa(body: CoaIn, session: SessionDep, actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[CoaOut]:
    return ok(service.create(session=session, actor=actor, data=body))


@router.put("", summary="Update a COA entry (id in the body)")
def update_coa(body: CoaIn, session: SessionDep, actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[CoaOut]:
    return ok(service.update(session=session, actor=actor, data=body))


@router.put("/delete", summary="Remove a COA entry (cost sheets that used it keep it)")
def delete_coa(body: CoaIdIn, session: SessionDep,
               actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[Message]:
    return ok(Message(message=service.delete(session=session, actor=actor, coa_id=body.id)))


cost_sheet_router = domain_router("/project-cost-sheet", tags=["project cost sheet"])


@cost_sheet_router.get("/chart-of-accounts", summary="Every active COA entry, for the cost sheet's add-item slide")
def cost_sheet_chart_of_accounts(
    session: SessionDep,
    actor: Annotated[User, Authz("leads", "read")],
    type: Annotated[str | None, Query(max_length=20, description="REVENUE or COST")] = None,
    search: Annotated[str | None, Query(max_length=100)] = None,
) -> Envelope[list[CoaOut]]:
    return ok(service.list_for_cost_sheet(session=session, type_=type, search=search))
