"""Approval queries: requests, approvers' tasks and decisions. The engine's modules (decisions, outbox, queue,
timeline, service) hold the rules and call these; each statement here says what it reads or writes."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import DateTime, Integer, String, any_, bindparam, func, select, update
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Session, joinedload

from api.approvals.models import (
    ApprovalDecision,
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.core.db import table_of
from api.users.models import User

# -- requests ----------------------------------------------------------------------------------------------------

def next_request_id(session: Session) -> int:
    """A request's id, drawn before its row is written (its workflow id is derived from it)."""
    request_id = session.scalar(select(func.nextval("approval_requests_id_seq")))
    assert request_id is not None
    return int(request_id)


# unscoped: the approval engine, by a request its caller checked
def request_with_layers(session: Session, request_id: int) -> tuple[ApprovalRequest, list[Any] | None] | None:
    """The request and the layers of its pipeline version (None without one)."""
    found = session.execute(select(ApprovalRequest, ApprovalPipelineVersion.layers)
                            .outerjoin(ApprovalPipelineVersion,
                                       ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id)
                            .where(ApprovalRequest.id == request_id)).first()
    return (found[0], found[1]) if found is not None else None


# unscoped: the approval engine, by a request its caller checked
def request_for_update(session: Session, request_id: int) -> ApprovalRequest | None:
    return session.scalars(select(ApprovalRequest).where(ApprovalRequest.id == request_id)
                           .with_for_update()).first()


def requester_name(session: Session, request: ApprovalRequest) -> str | None:
    return session.scalar(select(User.fullname).where(User.id == request.requested_by))


def layers_and_requester(session: Session, request: ApprovalRequest) -> tuple[list[Any], str | None]:
    """The layers of the request's pipeline version ([] without one) and its requester's full name (one
    statement: an approval event reads both)."""
    layers, name = session.execute(select(
        select(ApprovalPipelineVersion.layers)
        .where(ApprovalPipelineVersion.id == request.pipeline_version_id).scalar_subquery(),
        select(User.fullname).where(User.id == request.requested_by).scalar_subquery())).one()
    return layers or [], name


def people(session: Session, ids: set[int]) -> dict[int, tuple[str, str]]:
    """User id -> (full name, username)."""
    if not ids:
        return {}
    return {i: (fullname, username) for i, fullname, username in session.execute(
        select(User.id, User.fullname, User.username).where(User.id.in_(ids))).tuples()}


# -- tasks ---------------------------------------------------------------------------------------------------------

def task_for_update(session: Session, *, request_id: int, layer_index: int, approver_id: int) -> ApprovalTask | None:
    return session.scalars(select(ApprovalTask).where(
        ApprovalTask.request_id == request_id, ApprovalTask.approver_id == approver_id,
        ApprovalTask.layer_index == layer_index).with_for_update()).first()


def claim_own_task(session: Session, *, request_id: int, approver_id: int, action: str, note: str | None,
                   at: datetime) -> tuple[ApprovalRequest, list[Any]] | None:
    """The approver's own decision made durable, checked in the database in one statement: their PENDING task on
    the pending request's current layer turns PROCESSING with the decision; answers the request and its version's
    layers, or None when there is no such task (the caller finds out why, the slow way)."""
    found = session.execute(_claim_statement(), {"the_request": request_id, "the_approver": approver_id,
                                                 "the_action": action, "the_note": note, "at": at}).first()
    return (found[0], found[1] or []) if found is not None else None


# unscoped: the approval engine: the approver's own task
@cache
def _claim_statement() -> Any:
    tasks, requests = table_of(ApprovalTask), table_of(ApprovalRequest)
    claimed = (update(tasks)
               .where(tasks.c.request_id == requests.c.id, requests.c.id == bindparam("the_request", type_=Integer),
                      requests.c.status == "PENDING", tasks.c.layer_index == requests.c.current_layer,
                      tasks.c.approver_id == bindparam("the_approver", type_=Integer), tasks.c.status == "PENDING")
               .values(status="PROCESSING", submitted_action=bindparam("the_action", type_=String),
                       submitted_note=bindparam("the_note", type_=String),
                       submitted_at=bindparam("at", type_=DateTime(timezone=True)), submitted_by=None)
               .returning(tasks.c.request_id).cte("claimed"))
    return (select(ApprovalRequest, layers_of_request())
            .where(ApprovalRequest.id == select(claimed.c.request_id).scalar_subquery()).add_cte(claimed))


def open_task_holders(session: Session, *, request_id: int, layer_index: int, among: list[int]) -> list[int]:
    """Which of `among` have a task on the layer still open (PENDING or PROCESSING), in their order."""
    if not among:
        return []
    found = set(session.scalars(select(ApprovalTask.approver_id).where(
        ApprovalTask.request_id == request_id, ApprovalTask.layer_index == layer_index,
        ApprovalTask.approver_id.in_(among), ApprovalTask.status.in_(("PENDING", "PROCESSING")))))
    return [a for a in among if a in found]


def has_task(session: Session, *, request_id: int, user_id: int) -> bool:
    """Whether the user was ever queued on the request (an approver, or the person a layer was escalated to)."""
    return session.scalar(select(ApprovalTask.id).where(ApprovalTask.request_id == request_id,
                                                        ApprovalTask.approver_id == user_id).limit(1)) is not None


def processing_and_names(session: Session, request_id: int,
                         ids: set[int]) -> tuple[set[tuple[int, int]], dict[int, str]]:
    """(layer, approver) of the request's decisions received but not yet applied, and the full names of the
    people `ids` (one statement, built once: a timeline reads both)."""
    found, named = session.execute(_processing_and_names_statement(),
                                   {"the_request": request_id, "named": sorted(ids)}).one()
    return {(layer, approver) for layer, approver in found or []}, {int(i): n for i, n in (named or {}).items()}


@cache
def _processing_and_names_statement() -> Any:
    tasks = select(func.array_agg(func.json_build_array(ApprovalTask.layer_index, ApprovalTask.approver_id))) \
        .where(ApprovalTask.request_id == bindparam("the_request", type_=Integer),
               ApprovalTask.status == "PROCESSING").scalar_subquery()
    names = select(func.json_object_agg(User.id, User.fullname)).where(
        User.id == any_(bindparam("named", type_=ARRAY(Integer)))).scalar_subquery()
    return select(tasks, names)


def layers_of_request() -> Any:
    """The layers of a request's pipeline version, as a column of a statement on approval_requests."""
    return select(ApprovalPipelineVersion.layers).where(
        ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id).scalar_subquery()


def requester_of_request() -> Any:
    """The full name of a request's requester, as a column of a statement on approval_requests."""
    return select(User.fullname).where(User.id == ApprovalRequest.requested_by).scalar_subquery()


def cancel_pending_tasks(session: Session, request_id: int) -> None:
    session.execute(update(ApprovalTask).where(ApprovalTask.request_id == request_id,
                                               ApprovalTask.status == "PENDING").values(status="CANCELLED"))


# -- decisions -------------------------------------------------------------------------------------------------------

def layer_approvers(session: Session, request_id: int, layer_index: int) -> list[int]:
    """The approvers a layer asked (its tasks, whatever became of them), in the order they were asked."""
    return list(session.scalars(select(ApprovalTask.approver_id).where(ApprovalTask.request_id == request_id,
                                                                       ApprovalTask.layer_index == layer_index)
                                .order_by(ApprovalTask.id)))


def approvers_of(session: Session, request_id: int) -> list[int]:
    """Every approver the request asked so far (any layer), in the order they were asked."""
    return list(session.scalars(select(ApprovalTask.approver_id).where(ApprovalTask.request_id == request_id)
                                .group_by(ApprovalTask.approver_id).order_by(func.min(ApprovalTask.id))))


def has_decided(session: Session, *, request_id: int, approver_id: int, layer_index: int | None = None) -> bool:
    """Whether the approver decided on the request (on any layer, or on the one given)."""
    stmt = select(ApprovalDecision.id).where(ApprovalDecision.request_id == request_id,
                                             ApprovalDecision.approver_id == approver_id)
    if layer_index is not None:
        stmt = stmt.where(ApprovalDecision.layer_index == layer_index)
    return session.scalar(stmt.limit(1)) is not None


def last_decision(session: Session, *, request_id: int, approver_id: int) -> ApprovalDecision | None:
    """The approver's decision on the latest layer they decided."""
    return session.scalar(select(ApprovalDecision).where(
        ApprovalDecision.request_id == request_id, ApprovalDecision.approver_id == approver_id)
        .order_by(ApprovalDecision.layer_index.desc()).limit(1))


def settling_decision(session: Session, *, request_id: int, layer_index: int) -> ApprovalDecision | None:
    """The last decision recorded on the layer: the one that settled it (or, a rejection, ended the request)."""
    return session.scalar(select(ApprovalDecision).where(
        ApprovalDecision.request_id == request_id, ApprovalDecision.layer_index == layer_index)
        .order_by(ApprovalDecision.decided_at.desc(), ApprovalDecision.id.desc()).limit(1))


def decisions_of(session: Session, request_id: int) -> list[ApprovalDecision]:
    return list(session.scalars(select(ApprovalDecision).where(ApprovalDecision.request_id == request_id)
                                .order_by(ApprovalDecision.decided_at, ApprovalDecision.id)))


# -- people -------------------------------------------------------------------------------------------------------

def full_names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return dict(session.execute(select(User.id, User.fullname).where(User.id.in_(ids))).tuples().all())


def active_users(session: Session) -> list[User]:
    """Active users with their roles, by name (the designer's people to pick)."""
    return list(session.scalars(select(User).where(User.is_active.is_(True)).options(joinedload(User.role))
                                .order_by(User.fullname)))


def known_active(session: Session, ids: set[int]) -> set[int]:
    return set(session.scalars(select(User.id).where(User.id.in_(ids), User.is_active.is_(True)))) if ids else set()
