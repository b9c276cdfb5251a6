"""GET /api/search: the top bar's one search box (api/search/service.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from api.core.deps import Authz, PolicyDep, SessionDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.search import service
from api.search.schemas import SearchOut
from api.users.models import User

router = domain_router("/search", tags=["search"])


@router.get("", summary="Find clients, contacts, leads (project name, PID, client), cost sheets and users the caller "
                        "may see, grouped by kind: names typo-tolerant, codes and PIDs exact; fewer than 2 characters "
                        "find nothing")
def search(session: SessionDep, policy: PolicyDep, actor: Annotated[User, Authz("account", "read")],
           q: Annotated[str, Query(max_length=1000)] = "") -> Envelope[SearchOut]:
    return ok(service.search(session=session, policy=policy, actor=actor, raw=q))
