"""Client management calls (spec 3 §7 Clients)."""

from __future__ import annotations

from typing import Annotated

from api.clients import service
from api.clients.contacts.schemas import Availability
from api.clients.schemas import ClientIn, ClientItemOut, ClientOut, ClientRow, CodeAvailabilityIn, NameAvailabilityIn
from api.core.deps import Authz, RedisDep, SessionDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/clients", tags=["clients"])
lookup_router = domain_router("/master-data", tags=["master-data"])


@lookup_router.get("/clients", summary="Active clients (id and name)")
def clients(session: SessionDep, redis_client: RedisDep,
            actor: Annotated[User, Authz("account", "read")]) -> Envelope[list[ClientItemOut]]:
    return ok(service.options(session=session, redis_client=redis_client))  # type: ignore[arg-type]
PAGE = "system/client-management"


@router.get("", summary="A page of clients with their lead and personnel counts")
def list_clients(session: SessionDep, params: ListQuery,
                 actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Page[ClientRow]]:
    return ok(service.list_page(session=session, params=params))


@router.get("/detail/{client_id}", summary="A client with its personnel")
def get_client(client_id: Id, session: SessionDep,
               actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[ClientOut]:
    return ok(service.get_out(session=session, client_id=client_id))


@router.post("", summary="Add a client (with its personnel)")
def create_client(body: ClientIn, session: SessionDep, redis_client: RedisDep,
                  actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[ClientOut]:
    client_id = service.create(session=session, redis_client=redis_client, actor=actor, data=body)
    return ok(service.get_out(session=session, client_id=client_id))


@router.put("", summary="Update a client (id in the body); personnel listed replace the client's personnel")
def update_client(body: ClientIn, session: SessionDep, redis_client: RedisDep,
                  actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[ClientOut]:
    client_id = service.update(session=session, redis_client=redis_client, actor=actor, data=body)
    return ok(service.get_out(session=session, client_id=client_id))


@router.delete("/{client_id}", summary="Remove a client that has no leads")
def delete_client(client_id: Id, session: SessionDep, redis_client: RedisDep,
                  actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[None]:
    service.delete(session=session, redis_client=redis_client, actor=actor, client_id=client_id)
    return ok(None)


@router.post("/check-availibility", summary="Is this client name free? (variant create or update)")
def check_name(body: NameAvailabilityIn, session: SessionDep,
               actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Availability]:
    service.check_name(session=session, name=body.name,
                       exclude_id=body.client_id if body.variant == "update" else None)
    return ok(Availability(available=True))


@router.post("/check-code-availibility", summary="Is this 3-character client code free?")
def check_code(body: CodeAvailabilityIn, session: SessionDep,
               actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Availability]:
    service.check_code(session=session, code=body.client_code, exclude_id=body.client_id)
    return ok(Availability(available=True))
