"""Access administration: why a user can or cannot do something (their effective access, line by line)."""

from __future__ import annotations

from typing import Annotated

from api.access import service
from api.access.schemas import EffectiveAccess
from api.core.deps import Authz, PolicyDep, SessionDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/access", tags=["access"])


@router.get("/effective/{user_id}", summary="A user's access to every page (read, write, edit, delete) and the "
                                            "policy lines that grant each")
def effective(user_id: Id, session: SessionDep, policy: PolicyDep,
              actor: Annotated[User, Authz("system/menu-page-access", "read")]) -> Envelope[EffectiveAccess]:
    return ok(service.effective_access(session=session, policy=policy, user_id=user_id))
