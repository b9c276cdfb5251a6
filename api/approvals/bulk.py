"""Bulk decisions: an approver decides several requests of their queue in one action. Each request goes through its
own `decisions.decide` (its own durable task, Update and validator), one after the other; one refused request
refuses only itself, and the answer says per request what was decided and what was refused and why."""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from api.approvals import decisions
from api.approvals.schemas import BulkDecisionIn, BulkDecisionOut, BulkItemOut, DecisionIn
from api.core.config import Settings
from api.core.errors import SERVER_ERROR, AppError
from api.core.temporal import Client
from api.users.models import User

log = logging.getLogger(__name__)

def decide_many(*, session: Session, temporal: Client, settings: Settings, actor: User,
                data: BulkDecisionIn) -> BulkDecisionOut:
    """Decide each request once (in the order given, repeats dropped) and say how each went."""
    items: list[BulkItemOut] = []
    for approval_id in dict.fromkeys(data.approval_ids):
        try:
            answer = decisions.decide(session=session, temporal=temporal, settings=settings, actor=actor,
                                      approval_id=approval_id,
                                      data=DecisionIn(approvers_action=data.approvers_action, note=data.note))
        except AppError as exc:
            session.rollback()
            items.append(BulkItemOut(approval_id=approval_id, outcome="REFUSED", message=" ".join(exc.messages),
                                     refusal_type=exc.type))
            continue
        except Exception:  # one request's failure is its own: the others are still decided
            log.exception("bulk decision on request %s failed", approval_id)
            session.rollback()
            items.append(BulkItemOut(approval_id=approval_id, outcome="REFUSED", message=SERVER_ERROR,
                                     refusal_type="ServerError"))
            continue
        if answer.confirmed:
            items.append(BulkItemOut(approval_id=approval_id, outcome=data.approvers_action,
                                     message=decisions.decided_message(answer.timeline, data.approvers_action)))
        else:
            items.append(BulkItemOut(approval_id=approval_id, outcome="PROCESSING",
                                     message=answer.timeline.message or decisions.RECEIVED))
    refused = sum(item.outcome == "REFUSED" for item in items)
    return BulkDecisionOut(items=items, decided=len(items) - refused, refused=refused)
