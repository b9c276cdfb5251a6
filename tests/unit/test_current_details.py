"""What an approval's current details say in the Temporal UI, in each mode and once it ended."""

from __future__ import annotations

from workflows.approval import current_details
from workflows.contracts.approval_rules import Approver, Deadline, Decision, Layer, LayerClock, RequestState, apply

ANN, BOB, CY = Approver(1, "Ann", "ann"), Approver(2, "Bob", "bob"), Approver(3, "Cy", "cy")


def decide(state: RequestState, approver: Approver, action: str = "APPROVED", note: str | None = None) -> None:
    apply(state, Decision(state.current, approver.id, action, note, "2026-11-23T10:15:00+00:00"))


def test_each_mode_names_the_approvers_still_to_act() -> None:
    state = RequestState(layers=[Layer("Team", "ANY_ORDER", [ANN, BOB]), Layer("Board", "SEVERAL_USER", [ANN, BOB, CY],
                                                                             min_approvals=2)])
    assert current_details(state) == "Waiting on layer 1 of 2, **Team** (ANY_ORDER): each of, in any order: " \
                                     "Ann (ann), Bob (bob)"
    decide(state, BOB)
    assert current_details(state).endswith("each of, in any order: Ann (ann)")
    decide(state, ANN)
    decide(state, CY)
    assert current_details(state) == "Waiting on layer 2 of 2, **Board** (SEVERAL_USER): 1 more approval(s) of 2 " \
                                     "from: Ann (ann), Bob (bob)"


def test_an_ended_request_says_how_and_a_failing_step_says_so_first() -> None:
    state = RequestState(layers=[Layer("Team", "IN_SEQUENCE", [ANN, BOB])])
    decide(state, ANN)
    assert current_details(state) == "Waiting on layer 1 of 1, **Team** (IN_SEQUENCE): each in turn: Bob (bob) now"
    decide(state, BOB, "REJECTED", "over budget")
    assert current_details(state) == "**Rejected** at layer 1, Team, by Bob (bob) on 23-Nov-2026 10:15 UTC: over budget"
    assert current_details(state, attention=True).startswith("**Needs attention**: a database step failed")


def test_a_layer_with_a_deadline_says_when_it_is_due_and_who_it_went_to() -> None:
    state = RequestState(layers=[Layer("Team", "ANY_USER", [ANN], deadline=Deadline(4))])
    state.clocks.append(LayerClock(0, "2026-11-27T07:00:00+00:00"))
    assert current_details(state).endswith("\n\nDue 27-Nov-2026 07:00 UTC")
    state.clocks[0].reminded_at, state.clocks[0].escalated_to = "2026-11-27T07:00:02+00:00", CY
    assert current_details(state).endswith("Due 27-Nov-2026 07:00 UTC; reminded 27-Nov-2026 07:00 UTC; "
                                           "escalated to Cy (cy)")
    # the person it was escalated to may decide in everyone's place: their approval settles the layer
    decide(state, CY)
    assert state.status == "APPROVED"


def test_times_read_in_the_business_time_zone_and_a_reassignment_names_the_new_owner() -> None:
    state = RequestState(layers=[Layer("Team", "ANY_USER", [ANN], deadline=Deadline(4))])
    state.clocks.append(LayerClock(0, "2026-11-27T07:00:00+00:00"))
    assert current_details(state, time_zone="Asia/Jakarta").endswith("\n\nDue 27-Nov-2026 14:00 WIB")
    assert "UTC" not in current_details(state, time_zone="Asia/Jakarta")
    assert current_details(state, owner="sales2").endswith("\n\nReassigned: the request is now sales2's")
    assert "Reassigned" not in current_details(state)
