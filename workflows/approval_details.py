"""What the Temporal UI shows of an approval workflow: its current details (markdown), what it waits on or how it
ended, with times in the business's time zone and the owner a reassignment gave it to."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo._zoneinfo import ZoneInfo  # pure Python, the same zone data: the sandbox proxies the C class

from temporalio import workflow

from workflows.contracts.approval import WITHDRAWN
from workflows.contracts.approval_rules import RequestState

# a database step failed past its retries: the workflow writes what it knows again this often
AGAIN_AFTER = timedelta(seconds=30)

_MODES = {"ANY_USER": "any one of", "ANY_ORDER": "each of, in any order", "IN_SEQUENCE": "each in turn"}


def shown_time(iso: str, time_zone: str = "") -> str:
    """A stored UTC time as the business reads it: '27-Nov-2026 14:00 WIB' (the app's date style, its TIME_ZONE)."""
    with workflow.unsafe.sandbox_unrestricted():  # it reads the zone file once; the zone data do not change in a run
        zone = ZoneInfo(time_zone or "UTC")
    at = datetime.fromisoformat(iso).astimezone(zone)
    return f"{at.day}-{at:%b-%Y %H:%M} {at.tzname()}"


def current_details(state: RequestState, attention: bool = False, *, time_zone: str = "",
                    owner: str | None = None) -> str:
    """What the request waits on, as the Temporal UI shows it (markdown): the layer, its mode, the approvers still
    to act; or how it ended; and whom a reassignment gave it to (the summary, fixed at the start, names who asked)."""
    def who(approver_id: int) -> str:
        found = next((a for layer in state.layers for a in layer.approvers if a.id == approver_id), None)
        return f"{found.name} ({found.username or found.id})" if found else f"user {approver_id}"

    lines = []
    if attention:
        lines.append("**Needs attention**: a database step failed past its retries; the workflow writes what it "
                     f"knows again every {AGAIN_AFTER.seconds} s.")
    if state.status == "PENDING" and state.layers:
        layer = state.layers[state.current]
        decided = {d.approver_id for d in state.layer_decisions(state.current)}
        waiting = [a for a in layer.approvers if a.id not in decided]
        if layer.mode == "SEVERAL_USER":
            approvals = sum(d.action == "APPROVED" for d in state.layer_decisions(state.current))
            how = f"{layer.min_approvals - approvals} more approval(s) of {layer.min_approvals} from"
        else:
            how = _MODES.get(layer.mode, layer.mode)
        names = [who(a.id) for a in waiting]
        if layer.mode == "IN_SEQUENCE" and names:
            names = [f"{names[0]} now"] + ([f"then {', '.join(names[1:])}"] if names[1:] else [])
        lines.append(f"Waiting on layer {state.current + 1} of {len(state.layers)}, **{layer.name}** ({layer.mode}): "
                     f"{how}: " + ", ".join(names))
        clock = state.clock(state.current)
        if clock is not None:
            lines.append(f"Due {shown_time(clock.due_at, time_zone)}"
                         + (f"; reminded {shown_time(clock.reminded_at, time_zone)}" if clock.reminded_at else "")
                         + (f"; escalated to {clock.escalated_to.name} ({clock.escalated_to.username})"
                            if clock.escalated_to else ""))
    elif state.status == WITHDRAWN:
        lines.append(f"**Withdrawn** at layer {state.current + 1} of {len(state.layers)}")
    elif state.decisions:
        last = state.decisions[-1]
        layer_name = state.layers[last.layer].name if last.layer < len(state.layers) else str(last.layer + 1)
        lines.append(f"**{state.status.capitalize()}** at layer {last.layer + 1}, {layer_name}, by "
                     f"{who(last.approver_id)} on {shown_time(last.decided_at, time_zone)}"
                     + (f": {last.note}" if last.note else ""))
    else:
        lines.append(f"**{state.status.capitalize()}**")
    for skip in state.skips:
        lines.append(f"Layer {skip.layer + 1}, {state.layers[skip.layer].name}: skipped ({skip.reason})")
    if owner:
        lines.append(f"Reassigned: the request is now {owner}'s")
    return "\n\n".join(lines)
