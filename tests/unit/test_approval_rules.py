"""The approval rules of each mode, without Temporal."""

import pytest

from workflows.contracts.approval_rules import (
    ALREADY_DECIDED,
    NOT_AN_APPROVER,
    NOTE_REQUIRED,
    NOTE_TOO_LONG,
    REFUSAL_STATUS,
    Approver,
    Decision,
    Layer,
    Refusal,
    RequestState,
    apply,
    pending_approvers,
    refusal,
    validate_layers,
)

A, B, C = Approver(1, "Hendra"), Approver(2, "Maya"), Approver(3, "Ratna")


def why(state: RequestState, who: int, action: str, note: str | None) -> str | None:
    found = refusal(state, who, action, note)
    return found.message if found else None


def decide(state: RequestState, who: int, action: str = "APPROVED", note: str | None = None) -> None:
    assert refusal(state, who, action, note) is None, refusal(state, who, action, note)
    apply(state, Decision(layer=state.current, approver_id=who, action=action, note=note, decided_at="t"))


def test_any_user_is_settled_by_one() -> None:
    state = RequestState([Layer("Check", "ANY_USER", [A, B])])
    decide(state, 2)
    assert state.status == "APPROVED"


def test_any_order_needs_everyone_in_any_order() -> None:
    state = RequestState([Layer("Check", "ANY_ORDER", [A, B, C])])
    decide(state, 3)
    decide(state, 1)
    assert state.status == "PENDING" and [a.id for a in pending_approvers(state)] == [2]
    decide(state, 2)
    assert state.status == "APPROVED"


def test_in_sequence_refuses_the_second_approver_first() -> None:
    state = RequestState([Layer("Check", "IN_SEQUENCE", [A, B])])
    assert why(state, 2, "APPROVED", None) == "It is not your turn yet: waiting for Hendra."
    assert [a.id for a in pending_approvers(state)] == [1]
    decide(state, 1)
    decide(state, 2)
    assert state.status == "APPROVED"


def test_several_user_settles_at_its_minimum() -> None:
    state = RequestState([Layer("Board", "SEVERAL_USER", [A, B, C], min_approvals=2), Layer("Final", "ANY_USER", [C])])
    decide(state, 1)
    assert state.current == 0
    decide(state, 3)
    assert state.current == 1 and state.status == "PENDING"
    # the first layer is over: Maya is told it was settled, by the approval that settled it
    assert why(state, 2, "APPROVED", None) == "Already decided: approved by Ratna."


def test_a_rejection_in_the_middle_layer_ends_the_request() -> None:
    state = RequestState([Layer("1", "ANY_USER", [A]), Layer("2", "ANY_ORDER", [B, C]), Layer("3", "ANY_USER", [A])])
    decide(state, 1)
    decide(state, 2, "REJECTED", "Budget not approved")
    assert state.status == "REJECTED" and state.current == 1
    assert why(state, 3, "APPROVED", None) == "Already decided: rejected by Maya."  # her own layer

def test_validator_refusals() -> None:
    state = RequestState([Layer("1", "ANY_ORDER", [A, B])])
    assert why(state, 9, "APPROVED", None) == NOT_AN_APPROVER
    assert why(state, 1, "REJECTED", "  ") == NOTE_REQUIRED
    assert why(state, 1, "REJECTED", "x" * 1025) == NOTE_TOO_LONG
    assert refusal(state, 1, "REJECTED", "x" * 1024) is None
    decide(state, 1)
    assert why(state, 1, "APPROVED", None) == ALREADY_DECIDED


def test_a_repeated_decision_is_always_already_decided() -> None:
    """Whatever happened since (the layer moved on, the request ended), the same approver hears one answer."""
    state = RequestState([Layer("1", "ANY_USER", [A, B]), Layer("2", "ANY_USER", [C])])
    decide(state, 1)
    assert refusal(state, 1, "APPROVED", None) == Refusal("AlreadyDecided", ALREADY_DECIDED)
    lost = Refusal("LayerDecided", "Already decided: approved by Hendra.")
    assert refusal(state, 2, "APPROVED", None) == lost  # never decided: their layer was settled by Hendra
    decide(state, 3, "REJECTED", "No budget")
    assert refusal(state, 1, "REJECTED", "again") == Refusal("AlreadyDecided", ALREADY_DECIDED)
    assert refusal(state, 3, "APPROVED", None) == Refusal("AlreadyDecided", ALREADY_DECIDED)
    assert refusal(state, 2, "APPROVED", None) == lost
    assert refusal(state, 9, "APPROVED", None) == Refusal("RequestFinished", "This request is already rejected.")


def test_the_loser_of_a_race_is_told_who_decided_and_what() -> None:
    """Two approvers of one layer decide at the same moment: the one the workflow takes second is told the truth,
    on the last layer (the request ended) and on one the request moved on from, approved or rejected."""
    state = RequestState([Layer("1", "ANY_USER", [A, B])])
    decide(state, 2)
    assert refusal(state, 1, "REJECTED", "too late") == Refusal("LayerDecided", "Already decided: approved by Maya.")
    state = RequestState([Layer("1", "ANY_USER", [A, B]), Layer("2", "ANY_USER", [C])])
    decide(state, 1, "REJECTED", "No budget")
    assert refusal(state, 2, "APPROVED", None) == Refusal("LayerDecided", "Already decided: rejected by Hendra.")
    state = RequestState([Layer("1", "SEVERAL_USER", [A, B, C], min_approvals=2), Layer("2", "ANY_USER", [A])])
    decide(state, 3)
    decide(state, 2)
    assert refusal(state, 1, "APPROVED", None) is None  # asked again on the next layer: their decision is wanted
    assert refusal(state, 3, "APPROVED", None) == Refusal("AlreadyDecided", ALREADY_DECIDED)


def test_a_withdrawn_request_is_finished_not_decided() -> None:
    state = RequestState([Layer("1", "ANY_ORDER", [A, B])])
    decide(state, 1)
    state.status = "WITHDRAWN"
    assert refusal(state, 2, "APPROVED", None) == Refusal("RequestFinished", "This request is already withdrawn.")


def test_an_approver_listed_on_two_layers_decides_on_each() -> None:
    state = RequestState([Layer("1", "ANY_USER", [A]), Layer("2", "ANY_USER", [A, B])])
    decide(state, 1)
    assert refusal(state, 1, "APPROVED", None) is None
    decide(state, 1)
    assert state.status == "APPROVED"


def test_each_refusal_type_has_one_status() -> None:
    state = RequestState([Layer("1", "IN_SEQUENCE", [A, B])])
    found = [refusal(state, 9, "APPROVED", None), refusal(state, 2, "APPROVED", None),
             refusal(state, 1, "REJECTED", None), refusal(state, 1, "REJECTED", "x" * 1025),
             refusal(state, 1, "MAYBE", None)]
    types = {r.type for r in found if r is not None}
    assert types == {"NotAnApprover", "NotYourTurn", "NoteRequired", "NoteTooLong", "UnknownAction"}
    assert all(t in REFUSAL_STATUS for t in types)


@pytest.mark.parametrize(
    ("layers", "message"),
    [
        ([], "A pipeline needs at least one layer."),
        ([Layer("L", "ANY_USER", [])], "Layer 1 (L) needs at least one approver."),
        ([Layer("L", "SEVERAL_USER", [A, B], min_approvals=3)],
         "Layer 1 (L): the minimum of approvals must be between 1 and its 2 approver(s)."),
        ([Layer("L", "SOMETIMES", [A])], "Layer 1 (L): the mode must be one of ANY_USER, ANY_ORDER, IN_SEQUENCE, "
                                         "SEVERAL_USER."),
        ([Layer("L", "ANY_ORDER", [A, A])], "Layer 1 (L) lists an approver twice."),
    ],
)
def test_invalid_pipelines_are_refused(layers: list[Layer], message: str) -> None:
    assert message in validate_layers(layers)
