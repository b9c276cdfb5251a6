"""The audit list (system/audit-log): read only; no call edits or removes an entry."""

from __future__ import annotations

from typing import Annotated

from api.audit import service
from api.audit.schemas import AuditRow
from api.core.deps import Authz, SessionDep
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/audit", tags=["audit"])


@router.get("", summary="Changes to users, the hierarchy, roles, menus and access, newest first")
def list_entries(session: SessionDep, params: ListQuery,
                 actor: Annotated[User, Authz("system/audit-log", "read")]) -> Envelope[Page[AuditRow]]:
    return ok(service.list_entries(session=session, params=params))
