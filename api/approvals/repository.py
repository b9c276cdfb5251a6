"""Approval queries: requests, approvers' tasks and decisions. The engine's modules (decisions, outbox, queue,
timeline, service) hold the rules and call these; each statement here says what it reads or writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import (
    Date,
    Integer,
    Select,
    String,
    all_,
    and_,
    bindparam,
    case,
    exists,
    func,
    literal_column,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY, aggregate_order_by, insert
from sqlalchemy.orm import Session, joinedload

from api.approvals import delegates
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


def request_with_layers(session: Session, request_id: int) -> tuple[ApprovalRequest, list[Any] | None] | None:
    """The request and the layers of its pipeline version (None without one)."""
    found = session.execute(select(ApprovalRequest, ApprovalPipelineVersion.layers)
                            .outerjoin(ApprovalPipelineVersion,
                                       ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id)
                            .where(ApprovalRequest.id == request_id)).first()
    return (found[0], found[1]) if found is not None else None


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
    people `ids` (one statement: a timeline reads both)."""
    tasks = select(func.array_agg(func.json_build_array(ApprovalTask.layer_index, ApprovalTask.approver_id))) \
        .where(ApprovalTask.request_id == request_id, ApprovalTask.status == "PROCESSING").scalar_subquery()
    names = select(func.json_object_agg(User.id, User.fullname)).where(User.id.in_(ids or {-1})).scalar_subquery()
    found, named = session.execute(select(tasks, names)).one()
    return {(layer, approver) for layer, approver in found or []}, {int(i): n for i, n in (named or {}).items()}


def queue_approvers(session: Session, *, request_id: int, layer_index: int, pending: list[int]) -> list[int]:
    """Queue the approvers whose turn it is (those already queued are left alone), in one statement; returns
    those newly queued."""
    if not pending:
        return []
    return list(session.scalars(
        insert(ApprovalTask).values([{"request_id": request_id, "layer_index": layer_index, "approver_id": a,
                                      "status": "PENDING"} for a in pending])
        .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"])
        .returning(ApprovalTask.approver_id)))


def close_other_tasks(session: Session, *, request_id: int, layer_index: int, pending: list[int]) -> None:
    """Close every pending task but those of `pending` on the layer: DONE if its approver decided on this layer,
    else CANCELLED (one statement)."""
    decided = select(ApprovalDecision.id).where(ApprovalDecision.request_id == request_id,
                                                ApprovalDecision.layer_index == layer_index,
                                                ApprovalDecision.approver_id == ApprovalTask.approver_id).exists()
    session.execute(
        update(ApprovalTask)
        .where(ApprovalTask.request_id == request_id, ApprovalTask.status == "PENDING",
               or_(ApprovalTask.layer_index != layer_index, ApprovalTask.approver_id.not_in(pending or [-1])))
        .values(status=case((and_(ApprovalTask.layer_index == layer_index, decided), "DONE"), else_="CANCELLED"))
        .execution_options(synchronize_session=False))


def start_layer(session: Session, *, request_id: int, layer_index: int,
                now: datetime) -> tuple[ApprovalRequest, list[Any], str | None] | None:
    """Make the layer the pending request's current one and stamp it started (its workflow runs: the sweep leaves it
    alone); answers the request, its version's layers and its requester's name (one statement, the row locked until
    the transaction ends), or None when the request is no longer pending."""
    found = session.execute(
        update(ApprovalRequest)
        .where(ApprovalRequest.id == request_id, ApprovalRequest.status == "PENDING")
        .values(current_layer=layer_index, started_at=func.coalesce(ApprovalRequest.started_at, now))
        .returning(ApprovalRequest, _layers_of_request(), _requester_of_request()),
        execution_options={"synchronize_session": False, "populate_existing": True}).first()
    return (found[0], found[1] or [], found[2]) if found is not None else None


def _layers_of_request() -> Any:
    return select(ApprovalPipelineVersion.layers).where(
        ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id).scalar_subquery()


def _requester_of_request() -> Any:
    return select(User.fullname).where(User.id == ApprovalRequest.requested_by).scalar_subquery()


def sync_tasks(session: Session, *, request_id: int, request_type: str, layer_index: int,
               pending: list[int]) -> tuple[list[int], dict[int, int]]:
    """Queue the approvers whose turn it is (queue_approvers), close every other pending task of the request
    (close_other_tasks) and read who stands in for those asked today (delegates.standing_in), in one statement;
    answers those newly queued and the stand-ins."""
    found = session.execute(_sync_tasks_statement(bool(pending)), {
        "the_request": request_id, "the_layer": layer_index, "approvers": pending, "the_type": request_type,
        "today": delegates.today()}).one()
    return (list(found[1] or []) if pending else []), delegates.stand_ins(found[0])


@cache
def _sync_tasks_statement(asks: bool) -> Select[Any]:
    """sync_tasks' statement, built once per shape (building it cost more than running it): its values are the
    parameters the_request, the_layer, approvers (one array), the_type and today (each use of one is its own
    bindparam of that name, and no name is a column's: SQLAlchemy would take it for a value the UPDATE sets)."""
    tasks = table_of(ApprovalTask)

    def request_id() -> Any:
        return bindparam("the_request", type_=Integer)

    def layer_index() -> Any:
        return bindparam("the_layer", type_=Integer)

    def pending() -> Any:
        return bindparam("approvers", type_=ARRAY(Integer))

    decided = select(ApprovalDecision.id).where(ApprovalDecision.request_id == request_id(),
                                                ApprovalDecision.layer_index == layer_index(),
                                                ApprovalDecision.approver_id == tasks.c.approver_id).exists()
    closed = (update(tasks)
              .where(tasks.c.request_id == request_id(), tasks.c.status == "PENDING",
                     or_(tasks.c.layer_index != layer_index(), tasks.c.approver_id != all_(pending())))
              .values(status=case((and_(tasks.c.layer_index == layer_index(), decided), "DONE"), else_="CANCELLED"))
              .returning(tasks.c.id).cte("closed"))
    columns = [delegates.standing_in_column(bindparam("the_type", type_=String), pending(),
                                            bindparam("today", type_=Date))]
    if asks:
        asked = select(request_id(), layer_index(), func.unnest(pending()), literal_column("'PENDING'"))
        added = (insert(tasks).from_select(["request_id", "layer_index", "approver_id", "status"], asked)
                 .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"])
                 .returning(tasks.c.id, tasks.c.approver_id).cte("added"))
        columns.append(select(func.array_agg(aggregate_order_by(added.c.approver_id, added.c.id))).scalar_subquery())
    return select(*columns).add_cte(closed)


def close_request(session: Session, *, request_id: int, status: str, decided_at: datetime,
                  clear_withdrawal: bool) -> ApprovalRequest | None:
    """End a pending request with `status` (locking its row), or None when it is no longer pending (an earlier run
    ended it); one statement. `clear_withdrawal`: a withdrawal on its way is moot."""
    values: dict[str, Any] = {"status": status, "decided_at": decided_at}
    if clear_withdrawal:
        values.update(withdrawn_by=None, withdraw_reason=None, withdraw_requested_at=None)
    # locked FOR UPDATE first, as request_for_update does: the request's decisions (their foreign key) wait until the
    # outcome is written
    locked = select(ApprovalRequest.id).where(ApprovalRequest.id == request_id,
                                              ApprovalRequest.status == "PENDING").with_for_update()
    return session.scalars(
        update(ApprovalRequest).where(ApprovalRequest.id.in_(locked.scalar_subquery()))
        .values(**values).returning(ApprovalRequest),
        execution_options={"synchronize_session": False, "populate_existing": True}).first()


@dataclass(frozen=True)
class OutcomeFacts:
    """What an ended request's outcome and its notification read (outcome_facts)."""

    actor: User | None
    approvers: list[int]  # every approver the request asked, in the order they were asked
    layers: list[Any]
    requester: str | None
    names: dict[int, str]


def outcome_facts(session: Session, request: ApprovalRequest, *, actor_id: int, names: set[int]) -> OutcomeFacts:
    """Cancel the ended request's pending tasks and read what its outcome takes: the actor, the approvers it asked
    (approvers_of), its layers and requester's name (layers_and_requester) and the full names of `names`, in one
    statement."""
    tasks = table_of(ApprovalTask)
    cancelled = (update(tasks).where(tasks.c.request_id == request.id, tasks.c.status == "PENDING")
                 .values(status="CANCELLED").returning(tasks.c.id).cte("cancelled"))
    first = (select(tasks.c.approver_id, func.min(tasks.c.id).label("first")).where(tasks.c.request_id == request.id)
             .group_by(tasks.c.approver_id).subquery())
    asked = select(func.array_agg(aggregate_order_by(first.c.approver_id, first.c.first))).scalar_subquery()
    layers = select(ApprovalPipelineVersion.layers).where(
        ApprovalPipelineVersion.id == request.pipeline_version_id).scalar_subquery()
    requester = select(User.fullname).where(User.id == request.requested_by).scalar_subquery()
    named = select(func.json_object_agg(User.id, User.fullname)).where(User.id.in_(names or {-1})).scalar_subquery()
    found = session.execute(select(User, asked, layers, requester, named).where(User.id == actor_id)
                            .add_cte(cancelled)).first()
    if found is None:  # no such user (never: a request's people are kept); the same facts without them
        layers_found, requester_found = layers_and_requester(session, request)
        return OutcomeFacts(None, approvers_of(session, request.id), layers_found, requester_found,
                            full_names(session, names))
    return OutcomeFacts(found[0], list(found[1] or []), found[2] or [], found[3],
                        {int(i): n for i, n in (found[4] or {}).items()})


def cancel_pending_tasks(session: Session, request_id: int) -> None:
    session.execute(update(ApprovalTask).where(ApprovalTask.request_id == request_id,
                                               ApprovalTask.status == "PENDING").values(status="CANCELLED"))


# -- decisions -------------------------------------------------------------------------------------------------------

def insert_decision(session: Session, *, request_id: int, layer_index: int, approver_id: int, action: str,
                    note: str | None, decided_at: datetime, acting_user_id: int | None = None) -> bool:
    """Record a decision once (a second one of the same approver on the same layer changes nothing: False), and
    mark the approver's task DONE (upserted: the decision may arrive before the workflow's first queue sync made
    it); one statement."""
    decisions, tasks = table_of(ApprovalDecision), table_of(ApprovalTask)
    done = (insert(tasks).values(request_id=request_id, layer_index=layer_index, approver_id=approver_id, status="DONE")
            .on_conflict_do_update(index_elements=["request_id", "layer_index", "approver_id"], set_={"status": "DONE"})
            .returning(tasks.c.id).cte("done"))
    inserted = (insert(decisions).values(request_id=request_id, layer_index=layer_index, approver_id=approver_id,
                                         action=action, note=note, decided_at=decided_at,
                                         acting_user_id=acting_user_id)
                .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"])
                .returning(decisions.c.id).cte("inserted"))
    return bool(session.scalar(select(exists(select(inserted.c.id))).add_cte(done)))


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
