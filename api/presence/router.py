"""Sales monitoring (spec 2 §2.11): who is connected now, live through the realtime channel's updateClients."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request

from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.deps import Authz, SessionDep
from api.presence import service, store
from api.presence.schemas import OnlinePerson
from api.users.models import User

router = domain_router("/sales-monitoring", tags=["sales monitoring"])
PAGE = "system/sales-monitoring"


@router.get("", summary="Who of the people the caller sees is connected now, longest online first")
async def online(request: Request, session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")],
                 search: Annotated[str | None, Query(max_length=service.SEARCH_MAX)] = None,
                 ) -> Envelope[list[OnlinePerson]]:
    return ok(await service.online_people(r=store.client(request.app.state), session=session, actor=actor,
                                          search=search))
