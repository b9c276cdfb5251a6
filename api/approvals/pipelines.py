"""Approval pipelines: versioned, at most one active per action type and sales person, drawn in the designer."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from api.approvals import condition_choices, deciders
from api.approvals import pipeline_queries as queries
from api.approvals import repository as repo
from api.approvals.models import ApprovalPipeline, ApprovalPipelineVersion
from api.approvals.pipeline_schemas import (
    ConditionIn,
    ConditionOut,
    DeadlineIn,
    LayerOut,
    PersonOut,
    PipelineIn,
    PipelineOut,
)
from api.approvals.schemas import DeadlineOut, PickableUser
from api.core import versions
from api.core.authz import PolicyStore
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.users.models import User
from workflows.contracts import approval_rules as rules
from workflows.contracts.approval_routes import AMOUNT_FACTS, FACT_LABELS, Condition, describe

log = logging.getLogger(__name__)

PIPELINE_NOT_FOUND = "Approval pipeline not found."
MODE_LABELS = {"ANY_USER": "Any User", "ANY_ORDER": "Any Order", "IN_SEQUENCE": "In Sequence",
               "SEVERAL_USER": "Several User"}


class PipelineOverlap(Conflict):
    type = "PipelineOverlap"



def _names(session: Session, ids: Iterable[int]) -> dict[int, str]:
    """Full names of these users, in one query."""
    return repo.full_names(session, set(ids))


ESCALATION_USER_INACTIVE = "The user a layer is escalated to must be an active user."


def _user_ids(version: ApprovalPipelineVersion) -> set[int]:
    deadlines = [deadline_of(layer) for layer in version.layers]
    return {*version.sales_person_ids, *(i for layer in version.layers for i in layer["approvers"]),
            *(d.escalate_user_id for d in deadlines if d is not None and d.escalate_user_id)}


def deadline_rule(deadline: DeadlineIn | None) -> rules.Deadline | None:
    """The rules' deadline of a layer as the designer sent it."""
    if deadline is None:
        return None
    return rules.Deadline(amount=deadline.amount, unit=deadline.unit, escalate_after=deadline.escalate_after,
                          escalate_to=deadline.escalate_to,
                          escalate_user_id=deadline.escalate_user_id if deadline.escalate_to == "USER" else None)


def deadline_json(deadline: rules.Deadline | None) -> dict[str, Any] | None:
    """A layer's deadline as a pipeline version keeps it in its layers' JSON."""
    if deadline is None:
        return None
    return {"amount": deadline.amount, "unit": deadline.unit, "escalateAfter": deadline.escalate_after,
            "escalateTo": deadline.escalate_to, "escalateUserId": deadline.escalate_user_id}


def deadline_of(layer: dict[str, Any]) -> rules.Deadline | None:
    """A version's layer's deadline (None when it has none, as every layer saved before deadlines)."""
    found = layer.get("deadline")
    if not found:
        return None
    return rules.Deadline(amount=int(found["amount"]), unit=found.get("unit", "HOURS"),
                          escalate_after=int(found.get("escalateAfter", 0)),
                          escalate_to=found.get("escalateTo", "NONE"),
                          escalate_user_id=found.get("escalateUserId"))


def conditions_of(layer: dict[str, Any]) -> list[Condition]:
    """A version's layer's conditions (none in a layer saved before conditions)."""
    return [Condition(fact=c["fact"], op=c["op"], amount=c.get("amount"), ids=list(c.get("ids") or []),
                      names=list(c.get("names") or [])) for c in layer.get("conditions") or []]


def condition_json(condition: Condition) -> dict[str, Any]:
    """A condition as a pipeline version keeps it in its layers' JSON."""
    found: dict[str, Any] = {"fact": condition.fact, "op": condition.op}
    if condition.amount is not None:
        found["amount"] = condition.amount
    if condition.ids:
        found["ids"], found["names"] = condition.ids, condition.names
    return found


def conditions_rule(session: Session, label: str, sent: list[ConditionIn],
                    action_type: str) -> tuple[list[Condition], list[str]]:
    """The rules' conditions of a layer as the designer sent them, each choice named; and what is wrong with the
    choices (ids of nothing, a status where an id belongs)."""
    conditions, errors = [], []
    for c in sent:
        if c.fact in AMOUNT_FACTS:
            conditions.append(Condition(fact=c.fact, op=c.op, amount=c.amount))
            continue
        ids = list(dict.fromkeys(c.ids))
        found = condition_choices.names(session, c.fact, ids, action_type)
        unknown = [str(i) for i in ids if i not in found]
        if unknown:
            errors.append(f"{label}: no {FACT_LABELS[c.fact]} {', '.join(unknown[:5])}.")
        conditions.append(Condition(fact=c.fact, op=c.op, ids=ids, names=[found.get(i, str(i)) for i in ids]))
    return conditions, errors


def drawn_layers(session: Session, data: PipelineIn,
                 people: dict[int, tuple[str, str]] | None = None) -> tuple[list[rules.Layer], list[str]]:
    """The rules' layers of a pipeline as its designer drew it (its conditions' choices named; its approvers by
    `people`, when given), and what the rules refuse of them: what saving it and trying it on a lead both check."""
    layers, errors = [], []
    for i, layer in enumerate(data.layers, start=1):
        conditions, wrong = conditions_rule(session, f"Layer {i} ({layer.name or 'unnamed'})", layer.conditions,
                                            data.pipeline_action_type)
        errors += wrong
        layers.append(rules.Layer(name=layer.name.strip(), mode=layer.mode, min_approvals=layer.min_approvals,
                                  approvers=[rules.Approver(a, *(people or {}).get(a, (f"user {a}", "")))
                                             for a in layer.approvers],
                                  deadline=deadline_rule(layer.deadline), conditions=conditions))
    return layers, errors + rules.validate_layers(layers, data.pipeline_action_type)


def condition_out(condition: Condition) -> ConditionOut:
    return ConditionOut(fact=condition.fact, op=condition.op, amount=condition.amount,
                        ids=condition.ids, names=condition.names, text=describe(condition))


def deadline_out(deadline: rules.Deadline | None, names: dict[int, str]) -> DeadlineOut | None:
    """A layer's deadline as the designer and the timeline show it (with the name of the user it escalates to)."""
    if deadline is None:
        return None
    user = deadline.escalate_user_id
    return DeadlineOut(amount=deadline.amount, unit=deadline.unit,
                       escalate_after=deadline.escalate_after, escalate_to=deadline.escalate_to,
                       escalate_user_id=user, escalate_user_name=names.get(user) if user else None)


def _version(session: Session, pipeline: ApprovalPipeline) -> ApprovalPipelineVersion:
    return queries.current_version(session, pipeline)


def pipeline_out(pipeline: ApprovalPipeline, version: ApprovalPipelineVersion, names: dict[int, str],
                 pending_on_older: int = 0) -> PipelineOut:
    def people(ids: list[int]) -> list[PersonOut]:
        return [PersonOut(id=i, fullname=names[i]) for i in ids if i in names]

    return PipelineOut(
        id=pipeline.id, name=pipeline.name, pipeline_action_type=pipeline.action_type, version=version.version,
        is_active=pipeline.is_active, sales_persons=people(version.sales_person_ids),
        layers=[LayerOut(name=layer["name"], mode=layer["mode"], min_approvals=layer.get("minApprovals", 1),
                         approvers=people(layer["approvers"]), deadline=deadline_out(deadline_of(layer), names),
                         conditions=[condition_out(c) for c in conditions_of(layer)])
                for layer in version.layers],
        updated_at=pipeline.updated_at, pending_on_older=pending_on_older)


def _pipeline_out(session: Session, pipeline: ApprovalPipeline) -> PipelineOut:
    version = _version(session, pipeline)
    older = queries.pending_on_older(session, [pipeline.id]).get(pipeline.id, 0)
    return pipeline_out(pipeline, version, _names(session, _user_ids(version)), older)


def pickable_users(*, session: Session, policy: PolicyStore, deciding: bool = False) -> list[PickableUser]:
    """Active users, each saying whether they can decide on requests; with `deciding`, only those."""
    users = repo.active_users(session)
    deciding_roles = {role for role in {u.role.name for u in users} if deciders.can_decide(policy, role)}  # per role
    leaders = {u.leader_id for u in users if u.leader_id is not None}
    found = [PickableUser(id=u.id, fullname=u.fullname, role_name=u.role.name, role_description=u.role.description,
                          can_decide=u.role.name in deciding_roles, leads_team=u.id in leaders) for u in users]
    return [u for u in found if u.can_decide] if deciding else found


def list_pipelines(*, session: Session, pcs: bool) -> list[PipelineOut]:
    """Every active pipeline with its current version and its pending requests on older versions: three queries
    whatever the number of pipelines."""
    rows = queries.active_pipelines(session, pcs=pcs)
    names = _names(session, {i for _, version in rows for i in _user_ids(version)})
    older = queries.pending_on_older(session, [pipeline.id for pipeline, _ in rows])
    return [pipeline_out(pipeline, version, names, older.get(pipeline.id, 0)) for pipeline, version in rows]


def get_pipeline(*, session: Session, pipeline_id: int) -> PipelineOut:
    pipeline = session.get(ApprovalPipeline, pipeline_id)
    if pipeline is None or not pipeline.is_active:
        raise NotFound(PIPELINE_NOT_FOUND)
    return _pipeline_out(session, pipeline)


@dataclass
class Overlap:
    sales_person_id: int | None
    sales_person_name: str | None
    pipeline_id: int
    pipeline_name: str

    @property
    def message(self) -> str:
        if self.sales_person_id is None:
            return (f"The pipeline '{self.pipeline_name}' already applies to every sales person of this action "
                    "type: name the sales persons this one is for, or change that pipeline.")
        return f"{self.sales_person_name} is already covered by the pipeline '{self.pipeline_name}'."


def overlaps(*, session: Session, data: PipelineIn) -> list[Overlap]:
    """Active pipelines of the same action type that already cover a sales person this one would (at most one
    pipeline per action type and sales person; one that names nobody covers everyone not named elsewhere)."""
    wanted = list(dict.fromkeys(data.sales_persons))
    if not wanted:
        return [Overlap(None, None, p.id, p.name)
                for p in queries.covering_everyone(session, data.pipeline_action_type, data.id)]
    return [Overlap(user_id, name, pipeline_id, pipeline_name) for user_id, name, pipeline_id, pipeline_name
            in queries.covering(session, data.pipeline_action_type, data.id, wanted)]


def save_pipeline(*, session: Session, policy: PolicyStore, actor: User, data: PipelineIn) -> PipelineOut:
    """Create a pipeline, or save a new version of it (running requests keep the version they started on)."""
    errors = []
    if not data.name.strip():
        errors.append("Please enter the pipeline name.")
    user_ids = {u for layer in data.layers for u in layer.approvers} | set(data.sales_persons)
    deadlines = [deadline_rule(layer.deadline) for layer in data.layers]
    escalated = {d.escalate_user_id for d in deadlines if d is not None and d.escalate_user_id is not None}
    active = repo.known_active(session, user_ids | escalated)
    if user_ids - active:
        errors.append("Every approver and sales person must be an active user.")
    if escalated - active:
        errors.append(ESCALATION_USER_INACTIVE)
    approver_ids = {u for layer in data.layers for u in layer.approvers}
    cannot = (approver_ids | escalated) & active - deciders.deciders(session, policy, approver_ids | escalated)
    names = repo.full_names(session, cannot | ((approver_ids | escalated) & set(data.sales_persons)))
    if cannot:
        errors.append(f"Every approver must be someone who {deciders.CANNOT_DECIDE}: "
                      f"{', '.join(sorted(names.get(i, str(i)) for i in cannot))}.")
    if covered := approver_ids & set(data.sales_persons):  # a requester never decides their own request
        errors.append(f"A sales person this pipeline covers cannot approve its requests: "
                      f"{', '.join(sorted(names.get(i, str(i)) for i in covered))}.")
    if covered := (escalated - approver_ids) & set(data.sales_persons):  # nor by escalation
        errors.append(f"A sales person this pipeline covers cannot be the one its layers escalate to: "
                      f"{', '.join(sorted(names.get(i, str(i)) for i in covered))}.")
    layers, refused = drawn_layers(session, data)
    errors += refused
    if errors:
        raise ValidationFailed(errors)
    # one writer at a time per action type, so two overlapping pipelines cannot be saved side by side
    queries.lock_action_type(session, data.pipeline_action_type)
    existing = None
    if data.id:
        existing = session.get(ApprovalPipeline, data.id, with_for_update=True)
        if existing is None or not existing.is_active:
            raise NotFound(PIPELINE_NOT_FOUND)
        # the version the designer opened: a save over someone else's newer one is refused
        versions.check(what=f"The pipeline '{existing.name}'", loaded=data.version, current=existing.current_version)
    clash = overlaps(session=session, data=data)
    if clash:
        raise PipelineOverlap([c.message for c in clash])
    if existing is not None:
        pipeline = existing
        pipeline.current_version += 1
        pipeline.name = data.name.strip()
        pipeline.action_type = data.pipeline_action_type
    else:
        pipeline = ApprovalPipeline(name=data.name.strip(), action_type=data.pipeline_action_type, current_version=1)
        session.add(pipeline)
    session.flush()
    session.add(ApprovalPipelineVersion(
        pipeline_id=pipeline.id, version=pipeline.current_version, created_by=actor.id,
        sales_person_ids=list(dict.fromkeys(data.sales_persons)),
        layers=[{"name": layer.name.strip(), "mode": layer.mode, "minApprovals": layer.min_approvals,
                 "approvers": layer.approvers,
                 **({"deadline": deadline_json(deadline)} if deadline is not None else {}),
                 **({"conditions": [condition_json(c) for c in drawn.conditions]} if drawn.conditions else {})}
                for layer, deadline, drawn in zip(data.layers, deadlines, layers, strict=True)]))
    queries.replace_sales(session, pipeline.id, list(dict.fromkeys(data.sales_persons)))
    session.commit()
    return _pipeline_out(session, pipeline)


def delete_pipeline(*, session: Session, pipeline_id: int) -> None:
    pipeline = session.get(ApprovalPipeline, pipeline_id)
    if pipeline is None or not pipeline.is_active:
        raise NotFound(PIPELINE_NOT_FOUND)
    pipeline.is_active = False
    session.commit()


def layers_of(session: Session, version: ApprovalPipelineVersion) -> list[rules.Layer]:
    """The version's layers with their approvers' names (a workflow's input, or a timeline before one)."""
    wanted = {i for layer in version.layers for i in layer["approvers"]}
    people = repo.people(session, wanted)
    return [rules.Layer(name=layer["name"], mode=layer["mode"], min_approvals=layer.get("minApprovals", 1),
                        approvers=[rules.Approver(i, *people.get(i, (f"user {i}", ""))) for i in layer["approvers"]],
                        deadline=deadline_of(layer), conditions=conditions_of(layer))
            for layer in version.layers]


def find_version(session: Session, *, action_type: str, sales_person_id: int) -> ApprovalPipelineVersion | None:
    """The pipeline for this sales person (named in its list), else one that lists nobody (applies to all)."""
    return queries.version_for(session, action_type=action_type, sales_person_id=sales_person_id)
