"""The approver's queue call: the requests waiting for the caller's decision (api/request_lists/queue.py)."""

from __future__ import annotations

from typing import Annotated

from api.approvals.schemas import QueueRow
from api.core.deps import Authz, SessionDep
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.request_lists import queue as approval_queue_view
from api.users.models import User

# listed with the approval calls in the API docs (their tag is "approvals")
router = domain_router(tags=["approvals"])


@router.get("/approval", summary="The requests waiting for the caller's decision; criteria leadId (those "
                                 "on one lead: its page offers the decision)")
def approval_queue(session: SessionDep, params: ListQuery,
                   actor: Annotated[User, Authz("system/approval", "read")]) -> Envelope[Page[QueueRow]]:
    return ok(approval_queue_view.queue(session=session, actor=actor, params=params))
