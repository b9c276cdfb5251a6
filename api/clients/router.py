"""Client management calls that need no other domain (spec 3 §7 Clients): the availability checks, and the active
clients the pickers list. The calls that answer client rows (with their lead counts) are api.client_views.router."""

from __future__ import annotations

from typing import Annotated

from api.clients import service
from api.clients.contacts.schemas import Availability
from api.clients.schemas import ClientItemOut, CodeAvailabilityIn, NameAvailabilityIn
from api.core.deps import Authz, RedisDep, SessionDep
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
