"""A request's route: the layers of its pipeline it goes through, decided once on the request's facts by the layers'
conditions (workflows/contracts/approval_routes.py). The approval workflow's routing activity (`take`) and the route
preview (`preview`) read the facts the same way (the request type's `facts`, api/approvals/outcomes.py) and ask the
same rules, so a preview is the route the engine takes for the same facts."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Integer, bindparam, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session

from api.approvals import clocks, delegates, outcomes, queue
from api.approvals import repository as repo
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.approvals.pipelines import MODE_LABELS, deadline_out, drawn_layers, layers_of
from api.approvals.route_schemas import PipelineTryIn, RouteApproverOut, RouteLayerOut, RoutePreviewOut
from api.core.config import get_settings
from api.core.db import table_of
from api.core.errors import NotFound, ValidationFailed
from api.holidays import service as holiday_days
from api.users.models import User
from workflows.contracts import approval_rules as rules
from workflows.contracts.approval import RouteRequest
from workflows.contracts.approval_routes import Facts, Skip, describe, route


def conditional(layers: list[rules.Layer]) -> bool:
    """Whether a route has anything to decide (a pipeline without conditions takes every layer)."""
    return any(layer.conditions for layer in layers)


def decide(session: Session, query: outcomes.RouteQuery, layers: list[rules.Layer],
           adjust: Callable[[Facts], Facts] | None = None) -> rules.RequestState:
    """The state a request with these layers starts in: the layers its facts skip, its first layer current.
    `adjust` changes the facts read (a preview of figures not saved yet)."""
    state = rules.RequestState(layers=layers)
    if conditional(layers):
        facts = outcomes.handler_for(query.request_type).facts(session, query)
        rules.take_route(state, route([layer.conditions for layer in layers], adjust(facts) if adjust else facts))
    return state


# unscoped: the engine's own step on the request it runs (no person reads through it)
def take(session: Session, data: RouteRequest) -> tuple[list[Skip], int]:
    """The routing activity's step: decide the request's route on its facts (once: a retried step reads what the
    first one kept), record the layers it skips on the request and in its lead's history, and queue its first
    layer's approvers, in one transaction. Answers the skips and the first layer."""
    facts = outcomes.handler_for(data.request_type).facts(
        session, outcomes.RouteQuery(data.request_type, data.lead_id, data.target_stage_id))
    skips, first = rules.route_of(len(data.conditions), route(data.conditions, facts))
    kept = [{"layer": s.layer, "reason": s.reason} for s in skips]
    if session.execute(_keep_statement(), {"the_request": data.request_id, "the_route": kept}).first() is not None:
        if skips:  # decided now: said once in the lead's history
            outcomes.handler_for(data.request_type).skipped(
                session, ApprovalRequest(id=data.request_id, lead_id=data.lead_id),
                [(data.layer_names[s.layer], s.reason) for s in skips])
    else:  # decided by an earlier try of this step (or the request is gone: nothing is queued then)
        earlier = session.scalar(select(ApprovalRequest.skipped_layers).where(ApprovalRequest.id == data.request_id))
        skips, first = rules.route_of(len(data.conditions),
                                      [Skip(int(s["layer"]), str(s["reason"])) for s in earlier or []])
    queue.sync_queue(session, request_id=data.request_id, layer_index=first, pending=data.asked_first[first])
    return skips, first  # sync_queue committed


@cache
def _keep_statement() -> Any:
    """The route on a request that has none yet (a row answers when this step decided it)."""
    requests = table_of(ApprovalRequest)
    return (update(requests).where(requests.c.id == bindparam("the_request", type_=Integer),
                                   requests.c.skipped_layers.is_(None))
            .values(skipped_layers=bindparam("the_route", type_=JSONB)).returning(requests.c.id))


def first_layer(session: Session, row: ApprovalRequest, layers: list[rules.Layer]) -> int:
    """The layer a request made now starts on (its facts as they stand: the workflow decides again when it starts,
    on the same facts unless they changed meanwhile). A first layer without conditions is every request's first:
    no facts are read for it."""
    if not layers or not layers[0].conditions:
        return 0
    return decide(session, outcomes.RouteQuery(row.request_type, row.lead_id, row.target_stage_id), layers).current


# -- the route preview ------------------------------------------------------------------------------------------

def preview(session: Session, *, query: outcomes.RouteQuery, layers: list[rules.Layer], pipeline_id: int | None,
            pipeline_name: str, version: int | None, now: datetime | None = None,
            adjust: Callable[[Facts], Facts] | None = None) -> RoutePreviewOut:
    """The route a request would take now: each layer with its mode and who decides it (the delegate of an approver
    out of office on the day the layer is expected to start), the layers it skips and why (decided as the engine
    decides), and when each layer it goes through is expected to be due, each one before it taking its whole
    deadline. A few statements: the facts, the holidays, the delegations of each day a layer starts, the names."""
    state = decide(session, query, layers, adjust)
    zone = ZoneInfo(get_settings().time_zone)
    start: datetime | None = now or datetime.now(UTC)
    assert start is not None
    first_day = start.date() - timedelta(days=1)
    holidays = set() if all(layer.deadline is None for layer in layers) else holiday_days.holidays_between(
        session=session, first=first_day, last=first_day + timedelta(days=5 * 366))
    ids = sorted({a.id for layer in layers for a in layer.approvers})
    by_day: dict[date, dict[int, int]] = {}
    plan: list[tuple[dict[int, int], datetime | None]] = []  # each layer's stand-ins and due time
    for index, layer in enumerate(layers):
        if state.skipped(index) is not None or start is None:
            plan.append(({}, None))
            continue
        day = start.astimezone(zone).date()
        if day not in by_day:
            by_day[day] = delegates.standing_in(session, query.request_type, ids, on=day)
        due = clocks.due_times(session, start, layer.deadline, holidays)[0] if layer.deadline is not None else None
        plan.append((by_day[day], due))
        start = due  # the next layer starts when this one is due (unknown after a layer without a deadline)
    escalating = {layer.deadline.escalate_user_id for layer in layers
                  if layer.deadline is not None and layer.deadline.escalate_user_id}
    names = repo.full_names(session, {d for stand_ins, _ in plan for d in stand_ins.values()} | escalating)
    found = []
    for index, (layer, (stand_ins, due)) in enumerate(zip(layers, plan, strict=True)):
        skip = state.skipped(index)
        found.append(RouteLayerOut(
            seq_no=index + 1, name=layer.name, mode=layer.mode, mode_label=MODE_LABELS.get(layer.mode, layer.mode),
            min_approvals=layer.min_approvals, conditions=[describe(c) for c in layer.conditions],
            skipped=skip.reason if skip else None, deadline=deadline_out(layer.deadline, names), due_at=due,
            approvers=[RouteApproverOut(id=a.id, name=a.name) if a.id not in stand_ins else
                       RouteApproverOut(id=stand_ins[a.id], name=names.get(stand_ins[a.id], f"user {stand_ins[a.id]}"),
                                        stands_in_for=a.name)
                       for a in layer.approvers]))
    return RoutePreviewOut(pipeline_id=pipeline_id, pipeline_name=pipeline_name, version=version, layers=found)


def version_preview(session: Session, *, query: outcomes.RouteQuery, version: ApprovalPipelineVersion,
                    adjust: Callable[[Facts], Facts] | None = None) -> RoutePreviewOut:
    """The route of a request on a saved pipeline version (the one a request made now would take)."""
    return preview(session, query=query, layers=layers_of(session, version), pipeline_id=version.pipeline_id,
                   pipeline_name=version.pipeline.name, version=version.version, adjust=adjust)


LEAD_NOT_FOUND = "Lead not found."


def try_on_lead(*, session: Session, actor: User, data: PipelineTryIn) -> RoutePreviewOut:
    """The designer's "Try on a lead": the route a request of the drawn pipeline (not saved) would take for a lead
    the caller may read, decided as the engine decides; a pipeline its designer could not save is refused with the
    same messages."""
    drawn = data.pipeline
    handler = outcomes.handler_for(drawn.pipeline_action_type)
    probe = ApprovalRequest(lead_id=data.lead_id, request_type=drawn.pipeline_action_type)
    if not handler.readable(session, actor, probe):
        raise NotFound(LEAD_NOT_FOUND)
    people = repo.people(session, {a for layer in drawn.layers for a in layer.approvers})
    layers, errors = drawn_layers(session, drawn, people)
    if errors:
        raise ValidationFailed(errors)
    query = outcomes.RouteQuery(drawn.pipeline_action_type, data.lead_id,
                                data.target_stage_id if drawn.pipeline_action_type == "CHANGE_LEAD_STAGE" else None)
    return preview(session, query=query, layers=layers, pipeline_id=drawn.id, pipeline_name=drawn.name.strip(),
                   version=None)
