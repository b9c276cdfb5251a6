"""The statements of the approval insights, one per table: per pipeline (with the total of all), per layer, per
approver, and the oldest pending requests. Each reads the recorded requests, tasks and decisions of the requests the
filters keep (type, team, the reader's lead scope), as facts of three kinds in one UNION ALL: `decided` (what was
decided in the period, with its working-hours duration), `escalated` (a layer's clock escalated in the period) and
`pending` (waiting now, with its working-hours age), then aggregates them in the same statement: counts with FILTER,
percentile_cont for the median and the 90th percentile.

Where the time of each figure starts and ends (working_hours.working_seconds):
- a request (per pipeline): made (requested_at) -> decided (its decided_at); pending: made -> now;
- a layer: its first task queued -> its last decision (a layer is settled when the request went past it, or ended
  approved or rejected on it); pending: the current layer's first task (or the request, before any) -> now;
- an approver: their task queued -> their decision; pending: their pending task queued -> now.
A layer is late when its clock's dueAt (api/approvals/clocks.py) passed before it was settled, a decision when it
came after its layer's dueAt, a pending one (overdue) when its dueAt has passed now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Integer,
    String,
    Text,
    and_,
    case,
    cast,
    column,
    false,
    func,
    literal,
    null,
    or_,
    select,
    true,
    tuple_,
    union_all,
)
from sqlalchemy.dialects.postgresql import JSONB, aggregate_order_by, array_agg
from sqlalchemy.orm import Session, aliased

from api.approval_insights.working_hours import working_seconds
from api.approvals.models import (
    ApprovalDecision,
    ApprovalPipeline,
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.leads.visibility import SalesScope, through_lead
from api.users import repository as users_repo
from api.users.models import User

DECIDED_STATUSES = ("APPROVED", "REJECTED")
DECIDED, ESCALATED, PENDING = "decided", "escalated", "pending"
# a request made in the period past a layer with conditions: they held (the layer asked) or not (it was skipped)
APPLIED, SKIPPED = "applied", "skipped"
OLDEST_LIMIT = 10


@dataclass(frozen=True)
class Filters:
    """The period [start, end) as instants, the request type, the team (its leader's id: the lead's sales person is
    below them in the hierarchy, as the leads' scoping counts a team), the reader's lead scope (None: every lead), now,
    and the company's zone."""

    start: datetime
    end: datetime
    now: datetime
    zone: str
    request_type: str | None = None
    team_leader_id: int | None = None
    scope: SalesScope = None

    @cached_property
    def team(self) -> Any:
        """The team's people (the leader's whole subtree): one CTE however many parts of a statement filter by it."""
        return select(users_repo.hierarchy_below(self.team_leader_id or 0, name="team").c.id)


def _kept(stmt: Any, f: Filters) -> Any:
    """A statement over approval_requests kept to the requests of the filters and the reader's leads."""
    if f.request_type is not None:
        stmt = stmt.where(ApprovalRequest.request_type == f.request_type)
    if f.team_leader_id is not None:
        stmt = through_lead(stmt, ApprovalRequest.lead_id, f.team)
    return through_lead(stmt, ApprovalRequest.lead_id, f.scope)


def _clock(layer: Any, name: str) -> Any:
    """A time of a layer's clock kept on its request (`approval_requests.clocks`), or NULL."""
    entry = ApprovalRequest.clocks.op("->")(cast(layer, Text))
    return cast(entry.op("->>", return_type=Text)(name), DateTime(timezone=True))


def _layer_name(layer: Any) -> Any:
    """The layer's name in the request's pipeline version (`Layer n` when it has none)."""
    named = ApprovalPipelineVersion.layers.op("->", return_type=JSONB)(layer).op("->>", return_type=Text)("name")
    return func.coalesce(named, literal("Layer ") + cast(layer + 1, String))


def _layer_start(request_id: Any, layer: Any) -> Any:
    """When a layer reached its approvers: its first task (the request's own time when it has none yet)."""
    first = (select(func.min(ApprovalTask.created_at))
             .where(ApprovalTask.request_id == request_id, ApprovalTask.layer_index == layer)
             .correlate_except(ApprovalTask).scalar_subquery())
    return func.coalesce(first, ApprovalRequest.requested_at)


def _requests() -> Any:
    """approval_requests with the pipeline version and pipeline each ran on."""
    return (ApprovalRequest.__table__
            .join(ApprovalPipelineVersion, ApprovalPipelineVersion.id == ApprovalRequest.pipeline_version_id)
            .join(ApprovalPipeline, ApprovalPipeline.id == ApprovalPipelineVersion.pipeline_id))


def _in_period(at: Any, f: Filters) -> Any:
    return and_(at >= f.start, at < f.end)


def _fact(kind: str, start: Any = None, end: Any = None, rejected: Any = None, late: Any = None) -> list[Any]:
    """A fact's columns after its keys: its kind, the instants its duration runs between, whether it was a
    rejection and whether it was late (or, pending, is overdue)."""
    def instant(at: Any) -> Any:
        return cast(at if at is not None else null(), DateTime(timezone=True))

    return [literal(kind).label("kind"), instant(start).label("start_at"), instant(end).label("end_at"),
            cast(rejected if rejected is not None else false(), Boolean).label("rejected"),
            cast(late if late is not None else false(), Boolean).label("late")]


def _timed(facts: Any, f: Filters) -> Any:
    """The facts with their working seconds (computed once per fact, on the columns of the fact)."""
    return select(facts, working_seconds(facts.c.start_at, facts.c.end_at, zone=f.zone).label("seconds")).subquery(
        "timed")


def _clock_entries() -> Any:
    """Each layer's clock of a request as rows (key: the layer index as text, value: its clock)."""
    return func.jsonb_each(ApprovalRequest.clocks).table_valued(
        column("key", Text), column("value", JSONB)).render_derived(name="clock")


def _escalated_at(entries: Any) -> Any:
    return cast(entries.c.value.op("->>", return_type=Text)("escalatedAt"), DateTime(timezone=True))


def _settled_layers(f: Filters) -> Any:
    """Each (request, layer) with decisions, when its last decision came in the period: then, and whether it had
    a rejection."""
    d = ApprovalDecision
    return (select(d.request_id, d.layer_index, func.max(d.decided_at).label("settled_at"),
                   func.bool_or(d.action == "REJECTED").label("rejected"))
            .where(d.decided_at < f.end)
            .group_by(d.request_id, d.layer_index)
            .having(func.max(d.decided_at) >= f.start)
            .subquery("settled"))


def _figures(facts: Any) -> list[Any]:
    """The aggregates of a table's facts, under the names schemas.Figures reads."""
    decided, pending = facts.c.kind == DECIDED, facts.c.kind == PENDING

    def percentile(fraction: float) -> Any:
        return func.percentile_cont(fraction).within_group(facts.c.seconds).filter(decided)

    return [func.count().filter(decided).label("decided"),
            func.count().filter(and_(decided, facts.c.rejected)).label("rejected"),
            percentile(0.5).label("p50_seconds"), percentile(0.9).label("p90_seconds"),
            func.count().filter(and_(decided, facts.c.late)).label("late"),
            func.count().filter(facts.c.kind == ESCALATED).label("escalations"),
            func.count().filter(pending).label("pending"),
            func.max(facts.c.seconds).filter(pending).label("oldest_pending_seconds"),
            func.count().filter(and_(pending, facts.c.late)).label("overdue")]


def pipelines(session: Session, f: Filters) -> list[Any]:
    """Per pipeline, and the total of all (the row whose `total` is true): requests decided in the period (made ->
    decided), those late on a layer, escalations in the period, requests pending now (made -> now). One statement."""
    r = ApprovalRequest
    keys: list[Any] = [ApprovalPipeline.id.label("pipeline_id"), ApprovalPipeline.name.label("pipeline_name"),
                       ApprovalPipeline.action_type.label("action_type")]
    late_layer = (select(ApprovalDecision.id)
                  .where(ApprovalDecision.request_id == r.id,
                         ApprovalDecision.decided_at > _clock(ApprovalDecision.layer_index, "dueAt")).exists())
    decided = _kept(select(*keys, *_fact(DECIDED, r.requested_at, r.decided_at, r.status == "REJECTED", late_layer))
                    .select_from(_requests())
                    .where(r.status.in_(DECIDED_STATUSES), _in_period(r.decided_at, f)), f)
    entries = _clock_entries()
    escalated = _kept(select(*keys, *_fact(ESCALATED)).select_from(_requests().join(entries, true()))
                      .where(_in_period(_escalated_at(entries), f)), f)
    pending = _kept(select(*keys, *_fact(PENDING, r.requested_at, f.now,
                                         late=_clock(r.current_layer, "dueAt") < f.now))
                    .select_from(_requests()).where(r.status == "PENDING"), f)
    facts = _timed(union_all(decided, escalated, pending).subquery("facts"), f)
    grouped = (facts.c.pipeline_id, facts.c.pipeline_name, facts.c.action_type)
    stmt = (select(*grouped, func.grouping(*grouped).label("total"), *_figures(facts))
            .group_by(func.grouping_sets(tuple_(*grouped), tuple_()))
            .order_by(func.grouping(*grouped), func.lower(facts.c.pipeline_name), facts.c.pipeline_id))
    return list(session.execute(stmt))


def layers(session: Session, f: Filters) -> list[Any]:
    """Per pipeline and layer: layers settled in the period (first task -> last decision), those settled after
    their dueAt, escalations in the period, requests waiting on the layer now (first task -> now), and, of a layer
    with conditions, the requests made in the period it applied to and those it skipped. One statement."""
    r = ApprovalRequest
    settled = _settled_layers(f)
    keys: list[Any] = [ApprovalPipeline.id.label("pipeline_id"), ApprovalPipeline.name.label("pipeline_name")]

    def at_layer(layer: Any) -> list[Any]:
        return [*keys, layer.label("layer_index"), _layer_name(layer).label("layer_name"),
                ApprovalPipelineVersion.version.label("version")]

    went_past = or_(settled.c.layer_index < r.current_layer,
                    and_(settled.c.layer_index == r.current_layer, r.status.in_(DECIDED_STATUSES)))
    late = settled.c.settled_at > _clock(settled.c.layer_index, "dueAt")
    decided = _kept(select(*at_layer(settled.c.layer_index), *_fact(
        DECIDED, _layer_start(r.id, settled.c.layer_index), settled.c.settled_at, settled.c.rejected, late))
        .select_from(_requests().join(settled, settled.c.request_id == r.id)).where(went_past), f)
    entries = _clock_entries()
    escalated = _kept(select(*at_layer(cast(entries.c.key, Integer)), *_fact(ESCALATED))
                      .select_from(_requests().join(entries, true()))
                      .where(_in_period(_escalated_at(entries), f)), f)
    pending = _kept(select(*at_layer(r.current_layer), *_fact(
        PENDING, _layer_start(r.id, r.current_layer), f.now, late=_clock(r.current_layer, "dueAt") < f.now))
        .select_from(_requests()).where(r.status == "PENDING"), f)
    # each layer with conditions of a request made in the period whose route was decided: kept or skipped
    layer_json = func.jsonb_array_elements(ApprovalPipelineVersion.layers).table_valued(
        column("value", JSONB), with_ordinality="position").render_derived(name="layer_json")
    index = cast(layer_json.c.position, Integer) - 1
    was_skipped = r.skipped_layers.op("@>", return_type=Boolean)(
        func.jsonb_build_array(func.jsonb_build_object("layer", index)))
    kind = case((was_skipped, literal(SKIPPED)), else_=literal(APPLIED)).label("kind")
    routed = _kept(select(*at_layer(index), kind, *_fact(APPLIED)[1:])
                   .select_from(_requests().join(layer_json, true()))
                   .where(r.skipped_layers.is_not(None), _in_period(r.requested_at, f),
                          layer_json.c.value.op("?", return_type=Boolean)("conditions")), f)
    facts = _timed(union_all(decided, escalated, pending, routed).subquery("facts"), f)
    # a layer renamed in a later version is shown by its latest name
    name = array_agg(aggregate_order_by(facts.c.layer_name, facts.c.version.desc()))[1]
    stmt = (select(facts.c.pipeline_id, facts.c.pipeline_name, facts.c.layer_index, name.label("layer_name"),
                   *_figures(facts), func.count().filter(facts.c.kind == APPLIED).label("applied"),
                   func.count().filter(facts.c.kind == SKIPPED).label("skipped"))
            .group_by(facts.c.pipeline_id, facts.c.pipeline_name, facts.c.layer_index)
            .order_by(func.lower(facts.c.pipeline_name), facts.c.pipeline_id, facts.c.layer_index))
    return list(session.execute(stmt))


def approvers(session: Session, f: Filters) -> list[Any]:
    """Per approver (a delegate's decision counts as the approver's): their decisions in the period (task queued ->
    decision), those after their layer's dueAt, escalations in the period of a layer still waiting on them (the
    person it went to aside), their tasks pending now (queued -> now). One statement."""
    r, d, t = ApprovalRequest, ApprovalDecision, ApprovalTask
    queued = (select(t.created_at)
              .where(t.request_id == d.request_id, t.layer_index == d.layer_index, t.approver_id == d.approver_id)
              .correlate_except(t).scalar_subquery())
    decided = _kept(select(d.approver_id.label("approver_id"), *_fact(
        DECIDED, func.coalesce(queued, _layer_start(r.id, d.layer_index)), d.decided_at, d.action == "REJECTED",
        d.decided_at > _clock(d.layer_index, "dueAt")))
        .select_from(r).join(d, d.request_id == r.id).where(_in_period(d.decided_at, f)), f)
    entries = _clock_entries()
    escalated_at = _escalated_at(entries)
    decided_before = (select(d.id).where(d.request_id == t.request_id, d.layer_index == t.layer_index,
                                         d.approver_id == t.approver_id, d.decided_at <= escalated_at).exists())
    escalated_to = cast(entries.c.value.op("->>", return_type=Text)("escalatedTo"), Integer)
    escalated = _kept(select(t.approver_id.label("approver_id"), *_fact(ESCALATED))
                      .select_from(r).join(entries, true())
                      .join(t, and_(t.request_id == r.id, t.layer_index == cast(entries.c.key, Integer)))
                      .where(_in_period(escalated_at, f), t.created_at <= escalated_at,
                             or_(escalated_to.is_(None), t.approver_id != escalated_to), ~decided_before), f)
    pending = _kept(select(t.approver_id.label("approver_id"), *_fact(
        PENDING, t.created_at, f.now, late=_clock(t.layer_index, "dueAt") < f.now))
        .select_from(r).join(t, t.request_id == r.id).where(r.status == "PENDING", t.status == "PENDING"), f)
    facts = _timed(union_all(decided, escalated, pending).subquery("facts"), f)
    person = aliased(User, name="approver")
    stmt = (select(facts.c.approver_id, person.fullname.label("approver_name"), *_figures(facts))
            .join(person, person.id == facts.c.approver_id)
            .group_by(facts.c.approver_id, person.fullname)
            .order_by(func.lower(person.fullname), facts.c.approver_id))
    return list(session.execute(stmt))


def oldest_pending(session: Session, f: Filters, limit: int = OLDEST_LIMIT) -> list[Any]:
    """The requests waiting longest (by when they were made), with their layer, its due time and who holds them
    (the approvers of their pending tasks). One statement."""
    r = ApprovalRequest
    requester = aliased(User, name="requester")
    holder = aliased(User, name="holder")
    holders = (select(array_agg(aggregate_order_by(holder.fullname, holder.fullname)))
               .select_from(ApprovalTask).join(holder, holder.id == ApprovalTask.approver_id)
               .where(ApprovalTask.request_id == r.id, ApprovalTask.status == "PENDING").scalar_subquery())
    current = r.clocks.op("->")(cast(r.current_layer, Text))
    stmt = _kept(select(
        r.id.label("request_id"), r.request_type, r.lead_id, ApprovalPipeline.id.label("pipeline_id"),
        ApprovalPipeline.name.label("pipeline_name"), r.current_layer.label("layer_index"),
        _layer_name(r.current_layer).label("layer_name"), requester.fullname.label("requester_name"),
        r.requested_at, working_seconds(r.requested_at, f.now, zone=f.zone).label("age_seconds"),
        _layer_start(r.id, r.current_layer).label("layer_since"), _clock(r.current_layer, "dueAt").label("due_at"),
        current.op("->>", return_type=Text)("escalatedToName").label("escalated_to"), holders.label("holders"))
        .select_from(_requests().join(requester, requester.id == func.coalesce(r.on_behalf_of, r.requested_by)))
        .where(r.status == "PENDING"), f).order_by(r.requested_at, r.id).limit(limit)
    return list(session.execute(stmt))


def teams(session: Session) -> list[Any]:
    """The team leaders: active users someone reports to (users.leader_id), by name."""
    led = select(User.leader_id).where(User.leader_id.is_not(None))
    return list(session.execute(select(User.id, User.fullname)
                                .where(User.id.in_(led), User.is_active.is_(True)).order_by(User.fullname)))
