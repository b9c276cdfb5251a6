"""Approval queries: requests, approvers' tasks and decisions. The engine's modules (decisions, outbox, queue,
timeline, service) hold the rules and call these; each statement here says what it reads or writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Integer, and_, case, delete, exists, func, literal, or_, select, text, update
from sqlalchemy.dialects.postgresql import ARRAY, aggregate_order_by, insert
from sqlalchemy.orm import Session, aliased, joinedload

from api.approvals import delegates
from api.approvals.models import (
    ApprovalDecision,
    ApprovalDelegation,
    ApprovalPipeline,
    ApprovalPipelineSales,
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.core.db import table_of
from api.core.listing import ListParams, apply_criteria, apply_sort, like
from api.users.models import User

SWEEP_BATCH = 100  # requests or decisions the sweep takes per pass


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


def unstarted(session: Session, requested_before: datetime) -> list[ApprovalRequest]:
    """Pending requests committed before the cutoff whose workflow has not stamped them started."""
    return list(session.scalars(select(ApprovalRequest).where(
        ApprovalRequest.status == "PENDING", ApprovalRequest.started_at.is_(None),
        ApprovalRequest.requested_at < requested_before).order_by(ApprovalRequest.id).limit(SWEEP_BATCH)))


def not_stamped(session: Session, workflow_ids: list[str]) -> list[ApprovalRequest]:
    """Those of the requests (by workflow id) not yet stamped started."""
    return list(session.scalars(select(ApprovalRequest).where(ApprovalRequest.workflow_id.in_(workflow_ids),
                                                              ApprovalRequest.started_at.is_(None))))


def sweep_has_work(session: Session, *, requested_before: datetime, submitted_before: datetime) -> bool:
    """A request without its workflow, a decision still PROCESSING, a withdrawal not yet applied or a new owner not
    yet told, past their cutoffs (one statement)."""
    return bool(session.scalar(select(
        exists().where(ApprovalRequest.status == "PENDING", ApprovalRequest.started_at.is_(None),
                       ApprovalRequest.requested_at < requested_before)
        | exists().where(ApprovalTask.status == "PROCESSING", ApprovalTask.submitted_at < submitted_before)
        | exists().where(ApprovalRequest.status == "PENDING", ApprovalRequest.withdrawn_by.is_not(None),
                         ApprovalRequest.withdraw_requested_at < submitted_before)
        | exists().where(ApprovalRequest.status == "PENDING", ApprovalRequest.started_at.is_not(None),
                         ApprovalRequest.owner_changed_at < submitted_before))))


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


Processing = tuple[int, str, int, int, str | None, str | None, int | None]


def processing(session: Session, submitted_before: datetime) -> list[Processing]:
    """Decisions received but not confirmed by their workflow since before the cutoff: (request id, workflow id,
    layer, approver, action, note, the delegate who sent it)."""
    return list(session.execute(
        select(ApprovalTask.request_id, ApprovalRequest.workflow_id, ApprovalTask.layer_index,
               ApprovalTask.approver_id, ApprovalTask.submitted_action, ApprovalTask.submitted_note,
               ApprovalTask.submitted_by)
        .join(ApprovalRequest, ApprovalRequest.id == ApprovalTask.request_id)
        .where(ApprovalTask.status == "PROCESSING", ApprovalTask.submitted_at < submitted_before)
        .order_by(ApprovalTask.id).limit(SWEEP_BATCH)).tuples())


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
    tasks = table_of(ApprovalTask)
    decided = select(ApprovalDecision.id).where(ApprovalDecision.request_id == request_id,
                                                ApprovalDecision.layer_index == layer_index,
                                                ApprovalDecision.approver_id == tasks.c.approver_id).exists()
    closed = (update(tasks)
              .where(tasks.c.request_id == request_id, tasks.c.status == "PENDING",
                     or_(tasks.c.layer_index != layer_index, tasks.c.approver_id.not_in(pending or [-1])))
              .values(status=case((and_(tasks.c.layer_index == layer_index, decided), "DONE"), else_="CANCELLED"))
              .returning(tasks.c.id).cte("closed"))
    columns = [delegates.standing_in_column(request_type, pending)]
    if pending:
        # the approvers as one array parameter (a VALUES row each would compile the statement again per count)
        asked = select(literal(request_id), literal(layer_index), func.unnest(literal(pending, ARRAY(Integer))),
                       literal("PENDING"))
        added = (insert(tasks).from_select(["request_id", "layer_index", "approver_id", "status"], asked)
                 .on_conflict_do_nothing(index_elements=["request_id", "layer_index", "approver_id"])
                 .returning(tasks.c.id, tasks.c.approver_id).cte("added"))
        columns.append(select(func.array_agg(aggregate_order_by(added.c.approver_id, added.c.id))).scalar_subquery())
    found = session.execute(select(*columns).add_cte(closed)).one()
    return (list(found[1] or []) if pending else []), delegates.stand_ins(found[0])


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


def withdrawals(session: Session, requested_before: datetime) -> list[tuple[int, str, int]]:
    """Withdrawals made durable and not yet applied by their workflow: (request id, workflow id, who withdrew)."""
    return [(i, w, b or 0) for i, w, b in session.execute(
        select(ApprovalRequest.id, ApprovalRequest.workflow_id, ApprovalRequest.withdrawn_by)
        .where(ApprovalRequest.status == "PENDING", ApprovalRequest.withdrawn_by.is_not(None),
               ApprovalRequest.withdraw_requested_at < requested_before)
        .order_by(ApprovalRequest.id)).tuples()]


@dataclass(frozen=True)
class OwnerChange:
    """A pending request whose owner changed and whose workflow is still to be told (api/approvals/owners.py)."""

    request_id: int
    workflow_id: str
    changed_at: datetime
    requested_by: int
    username: str  # the requester's
    on_behalf_of: int | None


def owner_changes(session: Session, *, request_ids: list[int] | None = None,
                  changed_before: datetime | None = None) -> list[OwnerChange]:
    """The pending requests (those named, or any changed before the cutoff) whose workflow runs and has not been told
    of their new owner yet."""
    stmt = (select(ApprovalRequest.id, ApprovalRequest.workflow_id, ApprovalRequest.owner_changed_at,
                   ApprovalRequest.requested_by, User.username, ApprovalRequest.on_behalf_of)
            .join(User, User.id == ApprovalRequest.requested_by)
            .where(ApprovalRequest.status == "PENDING", ApprovalRequest.owner_changed_at.is_not(None),
                   ApprovalRequest.started_at.is_not(None)))
    if request_ids is not None:
        stmt = stmt.where(ApprovalRequest.id.in_(request_ids))
    if changed_before is not None:
        stmt = stmt.where(ApprovalRequest.owner_changed_at < changed_before)
    return [OwnerChange(request_id, workflow_id, changed_at, requested_by, username, on_behalf_of)
            for request_id, workflow_id, changed_at, requested_by, username, on_behalf_of
            in session.execute(stmt.order_by(ApprovalRequest.id).limit(SWEEP_BATCH)).tuples()
            if changed_at is not None]


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


# -- pipelines -------------------------------------------------------------------------------------------------------

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


def current_version(session: Session, pipeline: ApprovalPipeline) -> ApprovalPipelineVersion:
    return session.scalars(select(ApprovalPipelineVersion).where(
        ApprovalPipelineVersion.pipeline_id == pipeline.id,
        ApprovalPipelineVersion.version == pipeline.current_version)).one()


def active_pipelines(session: Session, *, pcs: bool) -> list[tuple[ApprovalPipeline, ApprovalPipelineVersion]]:
    """Every active pipeline (of cost sheets, or of the leads' requests) with its current version, by name."""
    stmt = (select(ApprovalPipeline, ApprovalPipelineVersion)
            .join(ApprovalPipelineVersion, (ApprovalPipelineVersion.pipeline_id == ApprovalPipeline.id)
                  & (ApprovalPipelineVersion.version == ApprovalPipeline.current_version))
            .where(ApprovalPipeline.is_active.is_(True)))
    stmt = stmt.where(ApprovalPipeline.action_type == "PCS") if pcs else stmt.where(
        ApprovalPipeline.action_type != "PCS")
    return list(session.execute(stmt.order_by(ApprovalPipeline.name)).tuples().all())


def _others(action_type: str, exclude_id: int | None) -> Any:
    stmt = (select(ApprovalPipeline).where(ApprovalPipeline.action_type == action_type,
                                           ApprovalPipeline.is_active.is_(True)).order_by(ApprovalPipeline.id))
    return stmt.where(ApprovalPipeline.id != exclude_id) if exclude_id else stmt


def covering_everyone(session: Session, action_type: str, exclude_id: int | None) -> list[ApprovalPipeline]:
    """Active pipelines of the action type that name no sales person (they cover everyone not named elsewhere)."""
    named = select(ApprovalPipelineSales.pipeline_id).where(
        ApprovalPipelineSales.pipeline_id == ApprovalPipeline.id).exists()
    return list(session.scalars(_others(action_type, exclude_id).where(~named)))


def covering(session: Session, action_type: str, exclude_id: int | None,
             sales_ids: list[int]) -> list[tuple[int, str, int, str]]:
    """(sales person, their name, pipeline, its name) for each of the sales people an active pipeline of the action
    type names."""
    others = _others(action_type, exclude_id)
    return list(session.execute(
        select(ApprovalPipelineSales.user_id, User.fullname, ApprovalPipeline.id, ApprovalPipeline.name)
        .join(ApprovalPipeline, ApprovalPipeline.id == ApprovalPipelineSales.pipeline_id)
        .join(User, User.id == ApprovalPipelineSales.user_id)
        .where(ApprovalPipelineSales.user_id.in_(sales_ids),
               ApprovalPipeline.id.in_(others.with_only_columns(ApprovalPipeline.id)))
        .order_by(User.fullname)).tuples())


def lock_action_type(session: Session, action_type: str) -> None:
    """One writer at a time per action type until the transaction ends."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"approval-pipeline:{action_type}"})


def replace_sales(session: Session, pipeline_id: int, sales_ids: list[int]) -> None:
    session.execute(delete(ApprovalPipelineSales).where(ApprovalPipelineSales.pipeline_id == pipeline_id))
    session.add_all([ApprovalPipelineSales(pipeline_id=pipeline_id, user_id=u) for u in sales_ids])


def version_for(session: Session, *, action_type: str, sales_person_id: int) -> ApprovalPipelineVersion | None:
    """The current version of the active pipeline naming this sales person, else of one that names nobody (applies
    to all); the lowest id first, in one statement."""
    assigned = ApprovalPipeline.id.in_(select(ApprovalPipelineSales.pipeline_id)
                                       .where(ApprovalPipelineSales.user_id == sales_person_id))
    anyone = ~select(ApprovalPipelineSales.pipeline_id).where(
        ApprovalPipelineSales.pipeline_id == ApprovalPipeline.id).exists()
    return session.scalars(
        select(ApprovalPipelineVersion)
        .join(ApprovalPipeline, (ApprovalPipeline.id == ApprovalPipelineVersion.pipeline_id)
              & (ApprovalPipelineVersion.version == ApprovalPipeline.current_version))
        .where(ApprovalPipeline.action_type == action_type, ApprovalPipeline.is_active.is_(True),
               or_(assigned, anyone))
        .order_by(case((assigned, 0), else_=1), ApprovalPipeline.id).limit(1)).first()


# -- delegations (out of office) -------------------------------------------------------------------------------------

def overlapping_delegations(session: Session, *, delegator_id: int, starts_on: date, ends_on: date,
                            request_type: str | None, exclude_id: int | None) -> list[ApprovalDelegation]:
    """The approver's delegations whose period meets this one for the same request type (one for every type meets
    any type)."""
    stmt = select(ApprovalDelegation).where(
        ApprovalDelegation.delegator_id == delegator_id, ApprovalDelegation.starts_on <= ends_on,
        ApprovalDelegation.ends_on >= starts_on)
    if request_type is not None:
        stmt = stmt.where(or_(ApprovalDelegation.request_type.is_(None),
                              ApprovalDelegation.request_type == request_type))
    if exclude_id is not None:
        stmt = stmt.where(ApprovalDelegation.id != exclude_id)
    return list(session.scalars(stmt.order_by(ApprovalDelegation.starts_on)))


DELEGATION_SORT = {"startsOn": ApprovalDelegation.starts_on, "endsOn": ApprovalDelegation.ends_on}
DELEGATION_CRITERIA = {"requestType": ApprovalDelegation.request_type}


def delegations(session: Session, *, user_id: int | None, delegator_id: int | None, since: date, today: date,
                params: ListParams) -> tuple[list[ApprovalDelegation], int]:
    """A page of the delegations that end on or after `since`: the user's (as approver or delegate), one approver's,
    or everyone's; searched in the approver's and the delegate's names and the note. By default the current ones
    first, then the upcoming ones (the soonest first), then the past ones (the latest first)."""
    delegator, delegate = aliased(User), aliased(User)
    stmt = (select(ApprovalDelegation).join(delegator, delegator.id == ApprovalDelegation.delegator_id)
            .join(delegate, delegate.id == ApprovalDelegation.delegate_id)
            .where(ApprovalDelegation.ends_on >= since))
    if user_id is not None:
        stmt = stmt.where(or_(ApprovalDelegation.delegator_id == user_id, ApprovalDelegation.delegate_id == user_id))
    if delegator_id is not None:
        stmt = stmt.where(ApprovalDelegation.delegator_id == delegator_id)
    if params.search:
        term = like(params.search)
        stmt = stmt.where(or_(delegator.fullname.ilike(term), delegate.fullname.ilike(term),
                              ApprovalDelegation.note.ilike(term)))
    stmt = apply_criteria(stmt, params.criteria, DELEGATION_CRITERIA)
    total = session.scalar(select(func.count()).select_from(stmt.order_by(None).subquery())) or 0
    if params.sort:
        stmt = apply_sort(stmt, params.sort, params.desc, DELEGATION_SORT, default=None,
                          tiebreak=ApprovalDelegation.id.desc())
    else:
        past = ApprovalDelegation.ends_on < today
        state = case((past, 2), (ApprovalDelegation.starts_on > today, 1), else_=0)
        stmt = stmt.order_by(state, case((past, None), else_=ApprovalDelegation.starts_on).asc().nulls_last(),
                             ApprovalDelegation.ends_on.desc(), ApprovalDelegation.id.desc())
    return list(session.scalars(stmt.offset(params.offset).limit(params.limit))), int(total)


def lock_delegator(session: Session, delegator_id: int) -> None:
    """Serialise saving one approver's delegations until the transaction ends (the overlap check holds)."""
    session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
                    {"key": f"approval-delegation:{delegator_id}"})
