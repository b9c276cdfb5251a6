"""Deciding from a mail's link (api/approvals/mail_links.py), without signing in: the public page shows what the link
will decide (`describe`, which changes nothing) and, once confirmed, `decide` sends the decision through the same
`decisions.decide` as the Review dialog, acting as the link's approver. The link is consumed in the transaction that
makes the decision durable, so it is spent only when the decision is accepted (or received); a refused decision
(a missing note) leaves it usable, and of two uses at once the second finds it spent and changes nothing."""

from __future__ import annotations

import logging

import redis
from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.approvals import decisions, mail_links, outbox, outcomes
from api.approvals import repository as repo
from api.approvals.mail_links import OPEN_THE_CRM, LinkClaims, LinkRefused
from api.approvals.models import ApprovalLinkUse, ApprovalRequest, ApprovalTask
from api.approvals.schemas import DecisionIn, LinkDecisionOut, LinkOut
from api.core.config import Settings
from api.core.errors import TooManyRequests
from api.core.redis import count_in_window
from api.core.security import digest
from api.core.temporal import Client
from api.users.models import User
from workflows.contracts import approval_rules as rules

log = logging.getLogger(__name__)

USED = "This approval link has already been used: the decision it carried was made. Nothing was changed."
GONE = "The request this approval link is about no longer exists. Nothing was changed."
INACTIVE = "The approver this link was sent to can no longer use the CRM. Nothing was changed."
NOT_WAITING = f"This request no longer waits for your decision. Nothing was changed. {OPEN_THE_CRM}"
BEING_APPLIED = "Your decision on this request was received and is being applied. Nothing was changed."
_RATE_PREFIX = "approval-link:addr:"
_RATE_WINDOW = 900  # seconds


def layer_moved_message(layer: str) -> str:
    return (f"This link was sent for the layer '{layer}', which has been settled since: the request no longer waits "
            f"for your decision there. Nothing was changed. {OPEN_THE_CRM}")


def too_many_message(seconds: int) -> str:
    minutes = max(1, -(-seconds // 60))
    return f"Too many approval link requests from your address. Try again in {minutes} minute" + \
        ("s." if minutes != 1 else ".")


def limit(*, redis_client: redis.Redis, settings: Settings, address: str) -> None:
    """At most `approval_link_requests_per_address` calls of the public link routes per address in 15 minutes
    (as the forgot-password mails are limited): tokens cannot be tried in bulk."""
    asked, ttl = count_in_window(redis_client, _RATE_PREFIX + digest(address)[:32], _RATE_WINDOW)
    if asked > settings.approval_link_requests_per_address:
        raise TooManyRequests(too_many_message(ttl), extra={"retryAfter": max(1, ttl)})


def _stale(message: str, status: int = 409) -> LinkRefused:
    return LinkRefused("LinkStale", message, status)


def _layer_name(layers: list[dict[str, object]] | None, index: int) -> str:
    if layers and 0 <= index < len(layers):
        return str(layers[index].get("name") or f"Layer {index + 1}")
    return f"Layer {index + 1}"


def _check(session: Session, claims: LinkClaims, req: ApprovalRequest | None,
           layers: list[dict[str, object]] | None) -> tuple[ApprovalRequest, User]:
    """The request and approver of a link that may decide now, or LinkRefused saying in plain words why not."""
    if req is None:
        raise _stale(GONE, 404)
    user = session.get(User, claims.user_id)
    if user is None or not user.is_active:
        raise _stale(INACTIVE, 403)
    if session.get(ApprovalLinkUse, claims.jti) is not None:
        raise LinkRefused("LinkUsed", USED, 409)
    if (req.status != "PENDING" or req.current_layer != claims.layer) and not repo.has_decided(
            session, request_id=req.id, approver_id=user.id, layer_index=claims.layer):
        lost = outbox.lost_to(session, req, layer=claims.layer, approver_id=user.id)
        if lost is not None and lost.type == "LayerDecided":  # another approver's decision settled the layer
            raise _stale(f"{lost.message} Nothing was changed.")
    if req.status != "PENDING":
        raise _stale(f"{rules.finished_message(req.status)} Nothing was changed.")
    if req.current_layer != claims.layer:
        if repo.has_decided(session, request_id=req.id, approver_id=user.id, layer_index=claims.layer):
            raise _stale(f"{rules.ALREADY_DECIDED} Nothing was changed.")
        raise _stale(layer_moved_message(_layer_name(layers, claims.layer)))
    task = session.scalar(select(ApprovalTask).where(ApprovalTask.request_id == req.id,
                                                     ApprovalTask.layer_index == claims.layer,
                                                     ApprovalTask.approver_id == user.id))
    if task is not None and task.status == "PROCESSING":
        raise _stale(BEING_APPLIED)
    if task is None or task.status != "PENDING":
        if repo.has_decided(session, request_id=req.id, approver_id=user.id, layer_index=claims.layer):
            raise _stale(f"{rules.ALREADY_DECIDED} Nothing was changed.")
        raise _stale(NOT_WAITING, 403)
    return req, user


def describe(*, session: Session, settings: Settings, token: str) -> LinkOut:
    """What the link will decide, for its confirmation page (nothing changes: mail scanners open links)."""
    claims = mail_links.read(settings, token)
    found = repo.request_with_layers(session, claims.request_id)
    req, layers = found if found is not None else (None, None)
    req, user = _check(session, claims, req, layers)
    subject = outcomes.handler_for(req.request_type).subject(session, req)
    return LinkOut(approval_id=req.id, action=claims.action, request_type=req.request_type,
                   request_type_label=outcomes.label_of(req.request_type), request=subject.description,
                   project_name=subject.project, client_name=subject.client,
                   requested_by_name=repo.requester_name(session, req) or "-", requested_at=req.requested_at,
                   notes=req.notes, layer_name=_layer_name(layers, claims.layer), layer_number=claims.layer + 1,
                   layer_count=len(layers or []), approver_name=user.fullname, expires_at=claims.expires_at,
                   note_required=claims.action == "REJECTED")


def decide(*, session: Session, temporal: Client, settings: Settings, token: str, note: str | None,
           ) -> LinkDecisionOut:
    """Decide as the link's approver through decisions.decide; the link is spent only when the decision is
    accepted or received."""
    claims = mail_links.read(settings, token)
    # Locked until decide() commits the decision's durable task: the layer cannot move meanwhile, and a second use
    # of the link waits here, then finds it spent.
    req, user = _check(session, claims, repo.request_for_update(session, claims.request_id),
                       (repo.request_with_layers(session, claims.request_id) or (None, None))[1])
    try:
        # committed by decide() with the durable task; rolled back with a decision refused before that
        session.add(ApprovalLinkUse(jti=claims.jti, request_id=req.id, user_id=user.id, action=claims.action))
        session.flush()
    except IntegrityError:
        session.rollback()
        raise LinkRefused("LinkUsed", USED, 409) from None
    try:
        answer = decisions.decide(session=session, temporal=temporal, settings=settings, actor=user,
                                  approval_id=req.id, data=DecisionIn(approvers_action=claims.action, note=note))
    except Exception:
        _release(session, claims.jti)  # refused (or not received): the link may be used again
        raise
    _spent(session, claims)
    if not answer.confirmed:
        return LinkDecisionOut(approval_id=req.id, action=claims.action, outcome="PROCESSING",
                               status=answer.timeline.status,
                               message=answer.timeline.message or decisions.RECEIVED)
    return LinkDecisionOut(approval_id=req.id, action=claims.action, outcome=claims.action,
                           status=answer.timeline.status,
                           message=decisions.decided_message(answer.timeline, claims.action))


def _spent(session: Session, claims: LinkClaims) -> None:
    """The link's use, recorded (already, unless decide() found the decision under way and rolled back)."""
    session.execute(insert(ApprovalLinkUse).values(jti=claims.jti, request_id=claims.request_id,
                                                   user_id=claims.user_id, action=claims.action)
                    .on_conflict_do_nothing(index_elements=["jti"]))
    session.commit()


def _release(session: Session, jti: str) -> None:
    """Forget a use whose decision was refused after decide() committed it (the workflow's validator refused)."""
    try:
        session.rollback()
        session.execute(delete(ApprovalLinkUse).where(ApprovalLinkUse.jti == jti))
        session.commit()
    except Exception:  # the refusal is the answer; a link left spent is safe (it decides nothing)
        log.exception("could not release approval link %s after a refused decision", jti[:8])

