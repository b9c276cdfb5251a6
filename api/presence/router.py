"""Sales monitoring (spec 2 §2.11): the caller's team, online, away or offline, live through the realtime channel's
updateClients."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request

from api.core import exports
from api.core.deps import Authz, SessionDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.presence import service, store
from api.presence.schemas import MonitoredPerson
from api.users.models import User

router = domain_router("/sales-monitoring", tags=["sales monitoring"])
PAGE = "system/sales-monitoring"


@router.get("", summary="The caller's team (the sales people and leaders below them; everyone's for the roles that "
                        "see every lead): who is online or away, longest first, then the others, last seen first "
                        "(export=xlsx: as a spreadsheet)", dependencies=[exports.WHOLE_LIST])
async def team(request: Request, session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")],
               search: Annotated[str | None, Query(max_length=service.SEARCH_MAX)] = None,
               ) -> Envelope[list[MonitoredPerson]]:
    return ok(await service.team(r=store.client(request.app.state), session=session, actor=actor, search=search))
