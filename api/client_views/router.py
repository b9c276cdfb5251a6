"""Client management's calls that answer client rows (spec 3 §7 Clients): the list, the detail, and create, update
and delete, whose writes the clients service makes. The availability checks and the pickers' list stay with
api.clients.router."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from api.client_views import rows
from api.client_views.schemas import ClientOut, ClientRow
from api.clients import service as clients_service
from api.clients.router import PAGE
from api.clients.schemas import ClientIn
from api.core.deps import Authz, RedisDep, SessionDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/clients", tags=["clients"])


@router.get("", summary="A page of clients with their lead and personnel counts")
def list_clients(session: SessionDep, params: ListQuery,
                 actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Page[ClientRow]]:
    return ok(rows.page(session=session, params=params))


@router.get("/detail/{client_id}", summary="A client with its personnel")
def get_client(client_id: Id, session: SessionDep,
               actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[ClientOut]:
    return ok(rows.detail(session=session, client_id=client_id))


@router.post("", summary="Add a client (with its personnel)")
def create_client(body: ClientIn, session: SessionDep, redis_client: RedisDep,
                  actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[ClientOut]:
    client_id = clients_service.create(session=session, redis_client=redis_client, actor=actor, data=body)
    return ok(rows.detail(session=session, client_id=client_id))


@router.put("", summary="Update a client (id in the body); personnel listed replace the client's personnel")
def update_client(body: ClientIn, session: SessionDep, redis_client: RedisDep,
                  actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[ClientOut]:
    client_id = clients_service.update(session=session, redis_client=redis_client, actor=actor, data=body)
    return ok(rows.detail(session=session, client_id=client_id))


@router.delete("/{client_id}", summary="Remove a client that has no leads")
def delete_client(client_id: Id, session: SessionDep, redis_client: RedisDep,
                  actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[None]:
    clients_service.delete(session=session, redis_client=redis_client, actor=actor, client_id=client_id,
                           lead_count=partial(rows.lead_count, session, client_id))
    return ok(None)
