"""The rules of an approval request, free of I/O so the workflow and the tests share them.

A request walks through ordered layers. Each layer has approvers and a mode:
ANY_USER (the first approval settles it), ANY_ORDER (every approver, any order), IN_SEQUENCE (every approver,
in the listed order) or SEVERAL_USER (a minimum number of approvals). Any rejection ends the request.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MODES = ("ANY_USER", "ANY_ORDER", "IN_SEQUENCE", "SEVERAL_USER")
NOTE_LIMIT = 1024

NOT_AN_APPROVER = "You are not an approver of the current layer."
ALREADY_DECIDED = "You have already decided on this layer."
NOTE_REQUIRED = "A description is required to reject."
NOTE_TOO_LONG = f"The description cannot exceed {NOTE_LIMIT} characters."
UNKNOWN_ACTION = "The action must be APPROVED or REJECTED."


# Each refusal has a type; the API answers the HTTP status of the type (never of the message text).
REFUSAL_STATUS = {"RequestFinished": 409, "UnknownAction": 422, "NotAnApprover": 403, "AlreadyDecided": 409,
                  "NotYourTurn": 409, "NoteRequired": 422, "NoteTooLong": 422}


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


@dataclass
class Approver:
    id: int
    name: str
    username: str = ""  # for the PendingApprovers search attribute; empty in inputs made before it was


@dataclass
class Layer:
    name: str
    mode: str
    approvers: list[Approver]
    min_approvals: int = 1


@dataclass
class Decision:
    layer: int
    approver_id: int
    action: str  # APPROVED or REJECTED
    note: str | None
    decided_at: str  # ISO time


@dataclass
class RequestState:
    layers: list[Layer]
    current: int = 0
    status: str = "PENDING"  # PENDING, APPROVED, REJECTED, WITHDRAWN
    decisions: list[Decision] = field(default_factory=list)

    def layer_decisions(self, index: int) -> list[Decision]:
        return [d for d in self.decisions if d.layer == index]


def refusal(state: RequestState, approver_id: int, action: str, note: str | None) -> Refusal | None:
    """Why this decision may not be taken now, or None when it may. An approver who decided already and is not
    asked again (a later layer listing them) is always told so, whatever happened to the request since."""
    if action not in ("APPROVED", "REJECTED"):
        return Refusal("UnknownAction", UNKNOWN_ACTION)
    layer = state.layers[state.current]
    ids = [a.id for a in layer.approvers]
    decided = {d.approver_id for d in state.layer_decisions(state.current)}
    asked_now = state.status == "PENDING" and approver_id in ids and approver_id not in decided
    if not asked_now and any(d.approver_id == approver_id for d in state.decisions):
        return Refusal("AlreadyDecided", ALREADY_DECIDED)
    if state.status != "PENDING":
        return Refusal("RequestFinished", finished_message(state.status))
    if approver_id not in ids:
        return Refusal("NotAnApprover", NOT_AN_APPROVER)
    if layer.mode == "IN_SEQUENCE":
        waiting = next(a for a in layer.approvers if a.id not in decided)
        if waiting.id != approver_id:
            return Refusal("NotYourTurn", not_your_turn_message(waiting.name))
    return note_refusal(action, note)


def layer_settled(layer: Layer, decisions: list[Decision]) -> bool:
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
    if not layer_settled(layer, state.layer_decisions(state.current)):
        return False
    if state.current + 1 < len(state.layers):
        state.current += 1
    else:
        state.status = "APPROVED"
    return True


def pending_approvers(state: RequestState) -> list[Approver]:
    """Whose turn it is: the current layer's undecided approvers (only the next one IN_SEQUENCE)."""
    if state.status != "PENDING":
        return []
    layer = state.layers[state.current]
    decided = {d.approver_id for d in state.layer_decisions(state.current)}
    waiting = [a for a in layer.approvers if a.id not in decided]
    return waiting[:1] if layer.mode == "IN_SEQUENCE" else waiting


def validate_layers(layers: list[Layer]) -> list[str]:
    """Why a pipeline's layers are not usable (empty when they are)."""
    errors = []
    if not layers:
        errors.append("A pipeline needs at least one layer.")
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
    return errors
