"""The approval workflow's contract: its input, the `decide` update and its answer, the `timeline` query, the
activities' inputs, and the ids of a request's workflow and of a decision. The timeline of a request is built
here, once, from its state: the workflow's query and the API's reading of the recorded decisions both use it."""

from __future__ import annotations

from dataclasses import dataclass, field

from workflows.contracts.approval_routes import Condition, Skip, describe
from workflows.contracts.approval_rules import Approver, Deadline, Decision, Layer, RequestState

WORKFLOW = "ApprovalWorkflow"  # the workflow type
DECIDE = "decide"  # the update an approver's decision is sent with
TIMELINE = "timeline"  # the query of the live timeline
WITHDRAW = "withdraw"  # the update a pending request is withdrawn with (by an administrator)
WITHDRAWN = "WITHDRAWN"  # the status of a withdrawn request
OWNER = "owner"  # the update that says whose request it is now (a reassignment moved its lead)


def workflow_id_for(*, lead_id: int, request_type: str, request_id: int, task_queue: str) -> str:
    """approval-lead-12-change-lead-stage-345@crm: searchable by lead, unique by request, and by deployment (the
    task queue): two databases on one Temporal namespace count their requests from 1 each, and a reused id would
    be refused as 'already started'."""
    return f"approval-lead-{lead_id}-{request_type.lower().replace('_', '-')}-{request_id}@{task_queue}"


def update_id_for(*, request_id: int, layer_index: int, approver_id: int, acting_id: int | None = None) -> str:
    """One update id per approver and layer (and delegate): sending a decision again never decides twice, and an
    approver and their delegate deciding at once are told apart (the second is refused as already decided)."""
    by = f"-by-{acting_id}" if acting_id is not None else ""
    return f"decision-{request_id}-{layer_index}-{approver_id}{by}"


def withdraw_update_id_for(request_id: int) -> str:
    """One withdrawal per request: sending it again (the approval sweep) never withdraws twice."""
    return f"withdraw-{request_id}"


def owner_update_id_for(request_id: int, changed_at: str) -> str:
    """One update per change of owner (`changed_at`, the request row's owner_changed_at as ISO text): sent again,
    it changes nothing twice; a later change, even back to the first owner, is a new update."""
    return f"owner-{request_id}-{changed_at}"


@dataclass
class ApprovalInput:
    request_id: int
    request_type: str
    lead_id: int
    requested_by: int
    layers: list[Layer]
    task_queue: str = ""  # the deployment's (names the PID workflow); empty in runs started before it was
    # Once approved, the request's lead gets its PID (the request type's outcome handler says so; the engine never
    # asks which type it runs). None in runs started before the field: those ran cost sheet (PCS) requests only.
    starts_pid: bool | None = None
    # the sales person an administrator made it for (nobody decides their own request as a delegate)
    on_behalf_of: int | None = None
    # the business's TIME_ZONE: the times the Temporal UI shows are read in it ("" in runs started before: UTC)
    time_zone: str = ""
    # the stage a stage change asks for (a layer's conditions may be on it; None in runs started before)
    target_stage_id: int | None = None
    # the layer the API expects the route to start on (its conditions on the facts at request time): the workflow's
    # search attributes name its approvers from the start, and the route's own answer corrects them if it differs
    first_layer: int = 0


def starts_pid(data: ApprovalInput) -> bool:
    """Whether an approved request starts its lead's PID workflow."""
    return data.starts_pid if data.starts_pid is not None else data.request_type == "PCS"


@dataclass
class DecideInput:
    approver_id: int  # whose decision it is (the delegator when a delegate decides)
    action: str  # APPROVED or REJECTED
    note: str | None = None
    acting_id: int | None = None  # a delegate deciding for the approver
    acting_name: str | None = None


@dataclass
class WithdrawInput:
    actor_id: int  # who withdraws it (the reason is on the request's row, written before the workflow is asked)


@dataclass
class OwnerInput:
    """Whose request it is now: a reassignment moved its lead to another sales person (the `owner` update)."""

    requested_by: int
    requested_by_username: str  # the `RequestedBy` search attribute operators search by
    on_behalf_of: int | None = None


@dataclass
class TimelineApprover:
    id: int
    name: str
    action: str | None
    note: str | None
    decided_at: str | None
    acting_name: str | None = None  # the delegate who decided for them
    escalated: bool = False  # not one of the layer's approvers: the layer was escalated to them


@dataclass
class TimelineLayer:
    name: str
    mode: str
    seq_no: int
    min_approvals: int
    status: str  # PENDING, APPROVED, REJECTED, WITHDRAWN, WAITING (not reached yet), SKIPPED (its conditions)
    approvers: list[TimelineApprover] = field(default_factory=list)
    deadline: Deadline | None = None
    due_at: str | None = None
    reminded_at: str | None = None
    escalated_to: str | None = None  # a name
    escalated_at: str | None = None
    skipped: str | None = None  # why the request's route leaves the layer out ("GP 800 M < 1 B")
    conditions: list[str] = field(default_factory=list)  # the layer's conditions, as the designer shows them


@dataclass
class Timeline:
    request_id: int
    status: str
    current_layer: int
    layers: list[TimelineLayer]
    # a database step failed past its retries: the workflow keeps the decisions and tries again
    needs_attention: bool = False


def timeline_of(request_id: int, state: RequestState, needs_attention: bool = False) -> Timeline:
    """A request's timeline from its state: the workflow's query, and the API's reading of what the database
    recorded when the workflow cannot be asked (one owner of each layer's status)."""
    layers = []
    for index, layer in enumerate(state.layers):
        decisions = {d.approver_id: d for d in state.layer_decisions(index)}
        clock = state.clock(index)
        escalatee = clock.escalated_to if clock is not None else None
        people = [(a, False) for a in layer.approvers] + ([(escalatee, True)] if escalatee is not None else [])
        skip = state.skipped(index)
        if skip is not None:
            status = "SKIPPED"
        elif any(d.action == "REJECTED" for d in decisions.values()):
            status = "REJECTED"
        elif index < state.current or state.status == "APPROVED":
            status = "APPROVED"
        elif index == state.current and state.status in ("PENDING", WITHDRAWN):
            status = state.status
        else:
            status = "WAITING"
        layers.append(TimelineLayer(
            name=layer.name, mode=layer.mode, seq_no=index + 1, min_approvals=layer.min_approvals, status=status,
            approvers=[_approver(a, decisions.get(a.id), escalated) for a, escalated in people],
            deadline=layer.deadline, due_at=clock.due_at if clock else None,
            reminded_at=clock.reminded_at if clock else None, escalated_to=escalatee.name if escalatee else None,
            escalated_at=clock.escalated_at if clock else None, skipped=skip.reason if skip else None,
            conditions=[describe(c) for c in layer.conditions]))
    return Timeline(request_id=request_id, status=state.status, current_layer=state.current, layers=layers,
                    needs_attention=needs_attention)


def _approver(a: Approver, d: Decision | None, escalated: bool) -> TimelineApprover:
    if d is None:
        return TimelineApprover(a.id, a.name, None, None, None, escalated=escalated)
    return TimelineApprover(a.id, a.name, d.action, d.note, d.decided_at, d.acting_name, escalated)


# -- the activities' inputs ------------------------------------------------------------------------------------

@dataclass
class RouteRequest:
    """A request whose layers carry conditions: decide its route on its facts and queue its first layer. Its layers
    as the step needs them: each one's conditions, whom it asks when it starts (asked_first) and its name."""

    request_id: int
    request_type: str
    lead_id: int
    target_stage_id: int | None
    conditions: list[list[Condition]]
    asked_first: list[list[int]]
    layer_names: list[str]


@dataclass
class Routed:
    """The layers the request skips (with why) and the first one it goes through, whose approvers are queued."""

    skips: list[Skip]
    first: int


@dataclass
class SyncQueue:
    request_id: int
    layer_index: int
    pending: list[int]


@dataclass
class RecordDecision:
    request_id: int
    layer_index: int
    approver_id: int
    action: str
    note: str | None
    decided_at: str
    acting_id: int | None = None  # the delegate who decided for approver_id


@dataclass
class DecisionStep:
    """A decision to record and the queue as it stands after it, in one round trip."""

    decision: RecordDecision
    queue: SyncQueue | None


@dataclass
class FinishRequest:
    request_id: int
    status: str
    decided_by: int | None


@dataclass
class FinalStep:
    """The decision that settles the request and the outcome it leads to, in one round trip."""

    decision: RecordDecision
    finish: FinishRequest


@dataclass
class Persist:
    """Everything the workflow knows, written again after a step failed past its retries."""

    decisions: list[RecordDecision]
    queue: SyncQueue | None
    finish: FinishRequest | None


# -- a layer's deadline ----------------------------------------------------------------------------------------

@dataclass
class StartClock:
    """A layer with a deadline has started: when is it due, and when is it escalated (computed once, recorded)."""

    request_id: int
    layer_index: int
    started_at: str  # ISO, the workflow's time when the layer started
    deadline: Deadline


@dataclass
class ClockTimes:
    due_at: str
    escalate_at: str | None  # None: a reminder only


@dataclass
class Remind:
    request_id: int
    layer_index: int
    approvers: list[int]  # who is still waiting
    at: str


@dataclass
class Escalate:
    request_id: int
    layer_index: int
    deadline: Deadline
    waiting: list[int]  # who it was waiting on (the person it goes to is asked in their place)
    at: str
