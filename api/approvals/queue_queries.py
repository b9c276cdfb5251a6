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
    DateTime,
    Integer,
    Select,
    String,
    all_,
    and_,
    any_,
    bindparam,
    case,
    exists,
    func,
    inspect,
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
    alone); answers the request (read only: not in the session), its version's layers and its requester's name (one
    statement, the row locked until the transaction ends), or None when the request is no longer pending."""
    found = session.execute(_start_layer_statement(),
                            {"the_request": request_id, "the_layer": layer_index, "now": now}).first()
    return (_request_of(found), found.layers or [], found.requester) if found is not None else None


@cache
def _start_layer_statement() -> Any:
    requests = table_of(ApprovalRequest)
    return (update(requests)
            .where(requests.c.id == bindparam("the_request", type_=Integer), requests.c.status == "PENDING")
            .values(current_layer=bindparam("the_layer", type_=Integer),
                    started_at=func.coalesce(requests.c.started_at, bindparam("now", type_=DateTime(timezone=True))))
            .returning(*requests.c, repo.layers_of_request().label("layers"),
                       repo.requester_of_request().label("requester")))


def _request_of(row: Any) -> ApprovalRequest:
    """A request from a row of a Core statement on approval_requests, to read (not added to the session: the ORM's
    bulk UPDATE ... RETURNING of the entity cost more than the rest of the step)."""
    return ApprovalRequest(**{key: getattr(row, name) for key, name in _REQUEST_COLUMNS})


_REQUEST_COLUMNS = [(attr.key, attr.columns[0].name) for attr in inspect(ApprovalRequest).column_attrs]


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
    """End a pending request with `status` (locking its row): answers it (read only: not in the session), or None
    when it is no longer pending (an earlier run ended it); one statement. `clear_withdrawal`: a withdrawal on its
    way is moot."""
    found = session.execute(_close_request_statement(clear_withdrawal),
                            {"the_request": request_id, "the_status": status, "at": decided_at}).first()
    return _request_of(found) if found is not None else None


@cache
def _close_request_statement(clear_withdrawal: bool) -> Any:
    requests = table_of(ApprovalRequest)
    values: dict[str, Any] = {"status": bindparam("the_status", type_=String),
                              "decided_at": bindparam("at", type_=DateTime(timezone=True))}
    if clear_withdrawal:
        values.update(withdrawn_by=None, withdraw_reason=None, withdraw_requested_at=None)
    # locked FOR UPDATE first, as request_for_update does: the request's decisions (their foreign key) wait until the
    # outcome is written
    locked = select(requests.c.id).where(requests.c.id == bindparam("the_request", type_=Integer),
                                         requests.c.status == "PENDING").with_for_update()
    return update(requests).where(requests.c.id.in_(locked.scalar_subquery())).values(**values).returning(*requests.c)


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
    found = session.execute(_outcome_facts_statement(), {
        "the_request": request.id, "the_version": request.pipeline_version_id, "the_requester": request.requested_by,
        "the_actor": actor_id, "named": sorted(names)}).first()
    if found is None:  # no such user (never: a request's people are kept); the same facts without them
        layers_found, requester_found = repo.layers_and_requester(session, request)
        return OutcomeFacts(None, repo.approvers_of(session, request.id), layers_found, requester_found,
                            repo.full_names(session, names))
    return OutcomeFacts(found[0], list(found[1] or []), found[2] or [], found[3],
                        {int(i): n for i, n in (found[4] or {}).items()})


@cache
def _outcome_facts_statement() -> Any:
    tasks = table_of(ApprovalTask)

    def request_id() -> Any:
        return bindparam("the_request", type_=Integer)

    cancelled = (update(tasks).where(tasks.c.request_id == request_id(), tasks.c.status == "PENDING")
                 .values(status="CANCELLED").returning(tasks.c.id).cte("cancelled"))
    first = (select(tasks.c.approver_id, func.min(tasks.c.id).label("first")).where(tasks.c.request_id == request_id())
             .group_by(tasks.c.approver_id).subquery())
    asked = select(func.array_agg(aggregate_order_by(first.c.approver_id, first.c.first))).scalar_subquery()
    layers = select(ApprovalPipelineVersion.layers).where(
        ApprovalPipelineVersion.id == bindparam("the_version", type_=Integer)).scalar_subquery()
    requester = select(User.fullname).where(User.id == bindparam("the_requester", type_=Integer)).scalar_subquery()
    named = select(func.json_object_agg(User.id, User.fullname)).where(
        User.id == any_(bindparam("named", type_=ARRAY(Integer)))).scalar_subquery()
    return (select(User, asked, layers, requester, named).where(User.id == bindparam("the_actor", type_=Integer))
            .add_cte(cancelled))


def insert_decision(session: Session, *, request_id: int, layer_index: int, approver_id: int, action: str,
                    note: str | None, decided_at: datetime, acting_user_id: int | None = None) -> bool:
    """Record a decision once (a second one of the same approver on the same layer changes nothing: False), and
    mark the approver's task DONE (upserted: the decision may arrive before the workflow's first queue sync made
    it); one statement."""
    return bool(session.scalar(_insert_decision_statement(), {
        "the_request": request_id, "the_layer": layer_index, "the_approver": approver_id, "the_action": action,
        "the_note": note, "at": decided_at, "acting": acting_user_id}))


@cache
def _insert_decision_statement() -> Any:
    decisions, tasks = table_of(ApprovalDecision), table_of(ApprovalTask)

    def key() -> dict[str, Any]:
        return {"request_id": bindparam("the_request", type_=Integer),
                "layer_index": bindparam("the_layer", type_=Integer),
                "approver_id": bindparam("the_approver", type_=Integer)}

    done = (insert(tasks).values(**key(), status="DONE")
            .on_conflict_do_update(index_elements=["request_id", "layer_index", "approver_id"], set_={"status": "DONE"})
            .returning(tasks.c.id).cte("done"))
    inserted = (insert(decisions).values(**key(), action=bindparam("the_action", type_=String),
                                         note=bindparam("the_note", type_=String),
                                         decided_at=bindparam("at", type_=DateTime(timezone=True)),
                                         acting_user_id=bindparam("acting", type_=Integer))
                .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"])
                .returning(decisions.c.id).cte("inserted"))
    return select(exists(select(inserted.c.id))).add_cte(done)
