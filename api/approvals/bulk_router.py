"""Bulk decisions from the approval queue (api/approvals/bulk.py)."""

from __future__ import annotations

from typing import Annotated

from api.approvals import bulk
from api.approvals.schemas import BulkDecisionIn, BulkDecisionOut
from api.core.deps import Authz, SessionDep, SettingsDep, TemporalDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router(tags=["approvals"])


@router.post("/approval/bulk", summary="Approve (or reject) several requests of the caller's queue at once: each is "
                                       "decided on its own; the answer lists what was decided and what was refused")
def decide_bulk(body: BulkDecisionIn, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                actor: Annotated[User, Authz("system/approval", "edit")]) -> Envelope[BulkDecisionOut]:
    return ok(bulk.decide_many(session=session, temporal=temporal, settings=settings, actor=actor, data=body))
