"""What the approval workflow's activities write, each in one statement (api/approvals/queue.py runs them): a layer
started, its approvers queued and the others' tasks closed, a decision recorded, the request ended and what its
outcome reads. The hot ones are built once with their values as parameters."""

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
from sqlalchemy.orm import Session

from api.approvals import delegates
from api.approvals import repository as repo
from api.approvals.models import ApprovalDecision, ApprovalPipelineVersion, ApprovalRequest, ApprovalTask
from api.core.db import table_of
from api.users.models import User


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
        .returning(ApprovalRequest, repo.layers_of_request(), repo.requester_of_request()),
        execution_options={"synchronize_session": False, "populate_existing": True}).first()
    return (found[0], found[1] or [], found[2]) if found is not None else None


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
        layers_found, requester_found = repo.layers_and_requester(session, request)
        return OutcomeFacts(None, repo.approvers_of(session, request.id), layers_found, requester_found,
                            repo.full_names(session, names))
    return OutcomeFacts(found[0], list(found[1] or []), found[2] or [], found[3],
                        {int(i): n for i, n in (found[4] or {}).items()})


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
