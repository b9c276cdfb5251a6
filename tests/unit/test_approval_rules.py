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
    assert why(state, 2, "APPROVED", None) == NOT_AN_APPROVER  # the first layer is over


def test_a_rejection_in_the_middle_layer_ends_the_request() -> None:
    state = RequestState([Layer("1", "ANY_USER", [A]), Layer("2", "ANY_ORDER", [B, C]), Layer("3", "ANY_USER", [A])])
    decide(state, 1)
    decide(state, 2, "REJECTED", "Budget not approved")
    assert state.status == "REJECTED" and state.current == 1
    assert why(state, 3, "APPROVED", None) == "This request is already rejected."


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
    assert refusal(state, 2, "APPROVED", None) == Refusal("NotAnApprover", NOT_AN_APPROVER)  # never decided
    decide(state, 3, "REJECTED", "No budget")
    assert refusal(state, 1, "REJECTED", "again") == Refusal("AlreadyDecided", ALREADY_DECIDED)
    assert refusal(state, 3, "APPROVED", None) == Refusal("AlreadyDecided", ALREADY_DECIDED)
    assert refusal(state, 2, "APPROVED", None) == Refusal("RequestFinished", "This request is already rejected.")


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
