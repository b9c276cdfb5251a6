"""The route rules (workflows/contracts/approval_routes.py, approval_rules.take_route): which layers a request's facts
skip and why, how a request moves past a skipped layer, and which conditions the designer refuses as never met."""

from __future__ import annotations

from workflows.contracts.approval_routes import (
    EVERY_LAYER_CONDITIONAL,
    Condition,
    Facts,
    Skip,
    describe,
    never_met,
    route,
    short_amount,
)
from workflows.contracts.approval_rules import (
    Approver,
    Decision,
    Layer,
    RequestState,
    apply,
    pending_approvers,
    take_route,
    validate_layers,
)

BIG = Condition("GP", ">=", 1e9)
FACTS = Facts(gp=8e8, gp_margin=12.5, sheet_total=2.5e9, service_categories=[1, 4], project_type=2, client=7,
              target_stage=3, team=11, names={"PROJECT_TYPE": "Maintenance", "CLIENT": "PT Maju"})


def layer(name: str, *conditions: Condition, who: int = 1) -> Layer:
    return Layer(name, "ANY_USER", [Approver(who, f"user {who}")], conditions=list(conditions))


def test_a_layer_whose_condition_fails_is_skipped_with_the_figures_that_failed() -> None:
    assert route([[BIG], []], FACTS) == [Skip(0, "GP 800 M < 1 B")]
    assert route([[Condition("GP_MARGIN", ">", 12.5)]], FACTS) == [Skip(0, "GP margin 12.5 % <= 12.5 %")]
    assert route([[Condition("SHEET_TOTAL", "<", 1e9)]], FACTS) == [Skip(0, "cost sheet total 2.5 B >= 1 B")]


def test_choices_hold_when_listed_or_not_excluded() -> None:
    in_types = Condition("PROJECT_TYPE", "IN", ids=[1, 3], names=["Implementation", "Consulting"])
    assert route([[in_types]], FACTS) == [Skip(0, "project type Maintenance is not Implementation or Consulting")]
    assert route([[Condition("CLIENT", "NOT_IN", ids=[7], names=["PT Maju"])]], FACTS) == \
        [Skip(0, "client PT Maju is excluded")]
    # a lead has several service categories: one listed is enough
    assert route([[Condition("SERVICE_CATEGORY", "IN", ids=[4, 9], names=["Cloud", "Network"])]], FACTS) == []
    assert route([[Condition("TEAM", "IN", ids=[11]), Condition("TARGET_STAGE", "IN", ids=[3])]], FACTS) == []
    # every condition of a layer must hold: the first that fails is the reason
    assert route([[Condition("TEAM", "IN", ids=[11]), BIG]], FACTS) == [Skip(0, "GP 800 M < 1 B")]


def test_amounts_read_short() -> None:
    assert [short_amount(v) for v in (1e9, 8e8, 1.25e9, 950_000, 12, 3e12, -5e6)] == \
        ["1 B", "800 M", "1.25 B", "950 K", "12", "3 T", "-5 M"]
    assert describe(BIG) == "GP >= 1 B"
    assert describe(Condition("CLIENT", "NOT_IN", ids=[1, 2, 3, 4], names=["A", "B", "C", "D"])) == \
        "client not in A, B, C or 1 more"


def test_a_request_starts_on_its_first_kept_layer_and_moves_past_skipped_ones() -> None:
    layers = [layer("Big deals", BIG, who=1), layer("Team leader", who=2), layer("Board", BIG, who=3),
              layer("Finance", who=4)]
    state = RequestState(layers=layers)
    take_route(state, route([x.conditions for x in layers], FACTS))
    assert state.current == 1 and [a.id for a in pending_approvers(state)] == [2]
    assert apply(state, Decision(1, 2, "APPROVED", None, "2026-11-29T10:00:00+00:00"))
    assert state.current == 3 and state.status == "PENDING"  # past the skipped Board
    assert apply(state, Decision(3, 4, "APPROVED", None, "2026-11-29T11:00:00+00:00"))
    assert state.status == "APPROVED"


def test_a_route_never_skips_every_layer() -> None:
    layers = [layer("A", BIG, who=1), layer("B", BIG, who=2)]
    state = RequestState(layers=layers)
    take_route(state, route([x.conditions for x in layers], FACTS))
    assert state.current == 1 and [s.layer for s in state.skips] == [0]  # the last layer stays: someone decides


def test_the_designer_refuses_conditions_that_can_never_hold() -> None:
    assert never_met([Condition("GP", ">=", 2e9), Condition("GP", "<", 1e9)], "PCS") == \
        "GP cannot be both >= 2 B and < 1 B"
    assert never_met([Condition("GP", ">", 1e9), Condition("GP", "<=", 1e9)], "PCS") is not None
    assert never_met([Condition("GP", ">=", 1e9), Condition("GP", "<=", 1e9)], "PCS") is None  # exactly 1 B
    assert never_met([Condition("CLIENT", "IN", ids=[1]), Condition("CLIENT", "IN", ids=[2])], "PCS") is not None
    assert never_met([Condition("CLIENT", "IN", ids=[1, 2]), Condition("CLIENT", "NOT_IN", ids=[1, 2])],
                     "PCS") is not None
    assert never_met([Condition("SERVICE_CATEGORY", "IN", ids=[1]), Condition("SERVICE_CATEGORY", "IN", ids=[2])],
                     "PCS") is None  # a lead may have both
    assert never_met([Condition("TARGET_STAGE", "IN", ids=[3])], "HOLD_LEAD") is not None
    assert never_met([Condition("TARGET_STATUS", "IN", ids=["HOLD"])], "DROP_LEAD") is not None
    assert never_met([Condition("TARGET_STATUS", "NOT_IN", ids=["HOLD"])], "HOLD_LEAD") is not None
    assert never_met([Condition("TARGET_STATUS", "IN", ids=["HOLD"])], "HOLD_LEAD") is None


def test_a_pipeline_keeps_one_layer_without_conditions() -> None:
    errors = validate_layers([layer("A", BIG), layer("B", Condition("GP", "<", 1e9))], "PCS")
    assert EVERY_LAYER_CONDITIONAL in errors
    assert validate_layers([layer("A", BIG), layer("B")], "PCS") == []
    assert validate_layers([layer("A", Condition("GP", ">=", 2e9), Condition("GP", "<", 1e9)), layer("B")],
                           "PCS") == ["Layer 1 (A): its conditions can never all hold (GP cannot be both >= 2 B and "
                                      "< 1 B)."]
