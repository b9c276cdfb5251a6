"""The Call action (spec 1 §4 Call telephony)."""

from __future__ import annotations

from typing import Annotated

from api.calls import service
from api.calls.schemas import DialIn, DialOut
from api.core.deps import Authz, PolicyDep, RedisDep, SessionDep, ensure_allowed
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/calls", tags=["calls"])
CONTACTS = "system/contact-management"


@router.post("", summary="Ring a contact's number on the caller's call devices (409 when none is connected)")
def dial(data: DialIn, session: SessionDep, r: RedisDep, policy: PolicyDep,
         actor: Annotated[User, Authz("leads", "read", or_page=CONTACTS)]) -> Envelope[DialOut]:
    if data.lead_id is None:  # a contact's number outside a lead: what Contact Management shows
        ensure_allowed(session=session, policy=policy, user=actor, page=CONTACTS, action="read")
    return ok(service.dial(session=session, r=r, actor=actor, data=data))
