"""The rules of an approval request, free of I/O so the workflow and the tests share them.

A request walks through ordered layers. Each layer has approvers and a mode:
ANY_USER (the first approval settles it), ANY_ORDER (every approver, any order), IN_SEQUENCE (every approver,
in the listed order) or SEVERAL_USER (a minimum number of approvals). Any rejection ends the request.

A delegate decides for an approver (the decision is the approver's, `acting_id` says who took it), never on their
own request. A layer may carry a deadline; once it has passed and the escalation time too, the layer is escalated
to one more person, who may decide in the place of everyone still waiting: their approval settles the layer.
A layer may carry conditions on the request's facts (approval_routes.py): a layer whose conditions do not hold is
skipped, decided once when the request starts (`take_route`), and the request moves past it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workflows.contracts.approval_routes import EVERY_LAYER_CONDITIONAL, Condition, Skip, condition_errors

MODES = ("ANY_USER", "ANY_ORDER", "IN_SEQUENCE", "SEVERAL_USER")
DEADLINE_UNITS = ("HOURS", "C", "W")  # hours, calendar days, working days (spec 2 §4.4 day types C and W)
ESCALATE_TO = ("NONE", "TEAM_LEADER", "USER")  # nobody (a reminder only), the requester's team leader, a named user
NOTE_LIMIT = 1024

NOT_AN_APPROVER = "You are not an approver of the current layer."
ALREADY_DECIDED = "You have already decided on this layer."
NOTE_REQUIRED = "A description is required to reject."
NOTE_TOO_LONG = f"The description cannot exceed {NOTE_LIMIT} characters."
UNKNOWN_ACTION = "The action must be APPROVED or REJECTED."
OWN_REQUEST = "You cannot decide on your own request."


# Each refusal has a type; the API answers the HTTP status of the type (never of the message text).
REFUSAL_STATUS = {"LayerDecided": 409, "RequestFinished": 409, "UnknownAction": 422, "NotAnApprover": 403,
                  "AlreadyDecided": 409, "NotYourTurn": 409, "NoteRequired": 422, "NoteTooLong": 422, "OwnRequest": 403}


@dataclass(frozen=True)
class Refusal:
    type: str
    message: str


def note_refusal(action: str, note: str | None) -> Refusal | None:
    """The note's rules alone (checked by the API before it asks the workflow, and again by the workflow)."""
    if action == "REJECTED" and not (note or "").strip():
        return Refusal("NoteRequired", NOTE_REQUIRED)
    if note is not None and len(note) > NOTE_LIMIT:
        return Refusal("NoteTooLong", NOTE_TOO_LONG)
    return None


def finished_message(status: str) -> str:
    return f"This request is already {status.lower()}."


def not_your_turn_message(name: str) -> str:
    return f"It is not your turn yet: waiting for {name}."


def layer_decided_message(action: str, name: str) -> str:
    """What the loser of a race is told: "Already decided: approved by Maya Kusuma."."""
    return f"Already decided: {'approved' if action == 'APPROVED' else 'rejected'} by {name}."


@dataclass
class Approver:
    id: int
    name: str
    username: str = ""  # for the PendingApprovers search attribute; empty in inputs made before it was


@dataclass
class Deadline:
    """When a layer is due after it starts, and what happens then: at `amount` `unit`s its pending approvers are
    reminded; `escalate_after` more units later it is escalated (unless `escalate_to` is NONE)."""

    amount: int
    unit: str = "HOURS"  # DEADLINE_UNITS
    escalate_after: int = 0
    escalate_to: str = "NONE"  # ESCALATE_TO
    escalate_user_id: int | None = None  # when escalate_to is USER


@dataclass
class Layer:
    name: str
    mode: str
    approvers: list[Approver]
    min_approvals: int = 1
    deadline: Deadline | None = None
    conditions: list[Condition] = field(default_factory=list)  # all must hold, or the layer is skipped


@dataclass
class Decision:
    layer: int
    approver_id: int
    action: str  # APPROVED or REJECTED
    note: str | None
    decided_at: str  # ISO time
    acting_id: int | None = None  # a delegate who decided for approver_id
    acting_name: str | None = None


@dataclass
class LayerClock:
    """A layer's deadline as its workflow keeps it (UTC ISO times)."""

    layer: int
    due_at: str
    escalate_at: str | None = None
    reminded_at: str | None = None
    escalated_to: Approver | None = None
    escalated_at: str | None = None


@dataclass
class RequestState:
    layers: list[Layer]
    current: int = 0
    status: str = "PENDING"  # PENDING, APPROVED, REJECTED, WITHDRAWN
    decisions: list[Decision] = field(default_factory=list)
    owners: list[int] = field(default_factory=list)  # whose request it is: never decided by them as a delegate
    clocks: list[LayerClock] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)  # the layers its route leaves out (take_route)

    def skipped(self, index: int) -> Skip | None:
        return next((s for s in self.skips if s.layer == index), None)

    def next_layer(self, after: int) -> int | None:
        """The first layer after `after` the request goes through (None: it was the last)."""
        return next((i for i in range(after + 1, len(self.layers)) if self.skipped(i) is None), None)

    def layer_decisions(self, index: int) -> list[Decision]:
        return [d for d in self.decisions if d.layer == index]

    def clock(self, index: int) -> LayerClock | None:
        return next((c for c in self.clocks if c.layer == index), None)

    def escalatee(self, index: int) -> Approver | None:
        """Who the layer was escalated to (they may decide in the place of everyone still waiting)."""
        found = self.clock(index)
        return found.escalated_to if found is not None else None


def refusal(state: RequestState, approver_id: int, action: str, note: str | None,
            acting_id: int | None = None) -> Refusal | None:
    """Why this decision may not be taken now, or None when it may. An approver who decided already and is not
    asked again (a later layer listing them) is always told so, whatever happened to the request since. A delegate
    (`acting_id`) decides as the approver, under the same rules, and never on their own request."""
    if action not in ("APPROVED", "REJECTED"):
        return Refusal("UnknownAction", UNKNOWN_ACTION)
    layer = state.layers[state.current]
    escalatee = state.escalatee(state.current)
    ids = [a.id for a in layer.approvers] + ([escalatee.id] if escalatee is not None else [])
    decided = {d.approver_id for d in state.layer_decisions(state.current)}
    asked_now = state.status == "PENDING" and approver_id in ids and approver_id not in decided
    if not asked_now and any(d.approver_id == approver_id for d in state.decisions):
        return Refusal("AlreadyDecided", ALREADY_DECIDED)
    if not asked_now and (settled := settled_without(state, approver_id)) is not None:
        return Refusal("LayerDecided", layer_decided_message(settled.action, decider_name(state, settled)))
    if state.status != "PENDING":
        return Refusal("RequestFinished", finished_message(state.status))
    if approver_id not in ids:
        return Refusal("NotAnApprover", NOT_AN_APPROVER)
    if (acting_id is not None and acting_id in state.owners) or \
            (escalatee is not None and approver_id == escalatee.id and approver_id in state.owners):
        return Refusal("OwnRequest", OWN_REQUEST)
    if escalatee is not None and approver_id == escalatee.id:
        return note_refusal(action, note)  # in the place of whoever is still waiting, whatever the turn
    if layer.mode == "IN_SEQUENCE":
        waiting = next(a for a in layer.approvers if a.id not in decided)
        if waiting.id != approver_id:
            return Refusal("NotYourTurn", not_your_turn_message(waiting.name))
    return note_refusal(action, note)


def settled_without(state: RequestState, approver_id: int) -> Decision | None:
    """The decision that settled (or, a rejection, ended) the last layer that asked `approver_id` and moved on
    without them: what the loser of a race lost to. None when no such layer exists."""
    last = state.current if state.status in ("APPROVED", "REJECTED") else state.current - 1
    for index in range(last, -1, -1):
        escalatee = state.escalatee(index)
        asked = [a.id for a in state.layers[index].approvers] + ([escalatee.id] if escalatee is not None else [])
        decisions = state.layer_decisions(index)
        if approver_id in asked and decisions:
            return decisions[-1]
    return None


def decider_name(state: RequestState, decision: Decision) -> str:
    """Whose decision it was, by name (the approvers and escalatees the workflow knows)."""
    people = [a for layer in state.layers for a in layer.approvers]
    people += [c.escalated_to for c in state.clocks if c.escalated_to is not None]
    return next((a.name for a in people if a.id == decision.approver_id), f"user {decision.approver_id}")


def layer_settled(layer: Layer, decisions: list[Decision], escalatee: Approver | None = None) -> bool:
    if escalatee is not None and any(d.approver_id == escalatee.id and d.action == "APPROVED" for d in decisions):
        return True  # the person it was escalated to approved in the place of everyone still waiting
    approvals = sum(d.action == "APPROVED" for d in decisions)
    if layer.mode == "ANY_USER":
        return approvals >= 1
    if layer.mode == "SEVERAL_USER":
        return approvals >= layer.min_approvals
    return approvals >= len(layer.approvers)  # ANY_ORDER, IN_SEQUENCE


def apply(state: RequestState, decision: Decision) -> bool:
    """Record an allowed decision; True when the current layer moved on (or the request ended)."""
    state.decisions.append(decision)
    if decision.action == "REJECTED":
        state.status = "REJECTED"
        return True
    layer = state.layers[state.current]
    if not layer_settled(layer, state.layer_decisions(state.current), state.escalatee(state.current)):
        return False
    following = state.next_layer(state.current)
    if following is not None:
        state.current = following
    else:
        state.status = "APPROVED"
    return True


def route_of(layer_count: int, skips: list[Skip]) -> tuple[list[Skip], int]:
    """The skips a request of `layer_count` layers takes and the first layer it goes through. A route that would skip
    every layer keeps the last one: a request is never approved undecided."""
    left_out = {s.layer for s in skips if 0 <= s.layer < layer_count}
    if len(left_out) >= layer_count:
        left_out.discard(layer_count - 1)
    return [s for s in skips if s.layer in left_out], next(i for i in range(layer_count) if i not in left_out)


def take_route(state: RequestState, skips: list[Skip]) -> None:
    """Leave out the layers the request's route skips (before any decision) and start at the first one it goes
    through (route_of)."""
    state.skips, state.current = route_of(len(state.layers), skips)


def asked_first(layers: list[Layer]) -> list[list[int]]:
    """Whom each layer asks when it starts: its approvers (the first of them, in sequence)."""
    return [[a.id for a in pending_approvers(RequestState(layers=layers, current=i))] for i in range(len(layers))]


def pending_approvers(state: RequestState) -> list[Approver]:
    """Whose turn it is: the current layer's undecided approvers (only the next one IN_SEQUENCE), and the person
    the layer was escalated to."""
    if state.status != "PENDING":
        return []
    layer = state.layers[state.current]
    decided = {d.approver_id for d in state.layer_decisions(state.current)}
    waiting = [a for a in layer.approvers if a.id not in decided]
    waiting = waiting[:1] if layer.mode == "IN_SEQUENCE" else waiting
    escalatee = state.escalatee(state.current)
    if escalatee is not None and escalatee.id not in decided and all(a.id != escalatee.id for a in waiting):
        waiting.append(escalatee)
    return waiting


def validate_layers(layers: list[Layer], action_type: str = "") -> list[str]:
    """Why a pipeline's layers are not usable (empty when they are); `action_type` says which requests their
    conditions are met by."""
    errors = []
    if not layers:
        errors.append("A pipeline needs at least one layer.")
    elif all(layer.conditions for layer in layers):
        errors.append(EVERY_LAYER_CONDITIONAL)
    for i, layer in enumerate(layers, start=1):
        label = f"Layer {i} ({layer.name or 'unnamed'})"
        if not layer.name.strip():
            errors.append(f"Layer {i} needs a name.")
        if layer.mode not in MODES:
            errors.append(f"{label}: the mode must be one of {', '.join(MODES)}.")
        if not layer.approvers:
            errors.append(f"{label} needs at least one approver.")
        if len({a.id for a in layer.approvers}) != len(layer.approvers):
            errors.append(f"{label} lists an approver twice.")
        if layer.mode == "SEVERAL_USER" and not 1 <= layer.min_approvals <= len(layer.approvers):
            errors.append(f"{label}: the minimum of approvals must be between 1 and its "
                          f"{len(layer.approvers)} approver(s).")
        errors += deadline_errors(label, layer.deadline)
        errors += condition_errors(label, layer.conditions, action_type)
    return errors


def deadline_errors(label: str, deadline: Deadline | None) -> list[str]:
    """Why a layer's deadline is not usable (empty when it is, or when the layer has none)."""
    if deadline is None:
        return []
    errors = []
    if deadline.unit not in DEADLINE_UNITS:
        errors.append(f"{label}: the deadline is counted in hours (HOURS), calendar days (C) or working days (W).")
    if not 1 <= deadline.amount <= 999:
        errors.append(f"{label}: the deadline must be between 1 and 999.")
    if deadline.escalate_to not in ESCALATE_TO:
        errors.append(f"{label}: escalate to nobody (NONE), the requester's team leader (TEAM_LEADER) or a user "
                      "(USER).")
    if deadline.escalate_to == "USER" and deadline.escalate_user_id is None:
        errors.append(f"{label}: choose the user it is escalated to.")
    if not 0 <= deadline.escalate_after <= 999:
        errors.append(f"{label}: the escalation comes 0 to 999 after the deadline.")
    return errors
