"""Which layers of a pipeline a request goes through: a layer may carry conditions on the request's facts, and a
layer whose conditions do not all hold is skipped, with the reason ("GP 800 M < 1 B"). Free of I/O: the approval
workflow's routing activity, the route preview and the designer's check share it, so a preview is the route the
engine takes for the same facts.

A condition compares one fact of the request:

- amounts, in rupiah: GP (the lead's or the cost sheet's gross profit), SHEET_TOTAL (the cost sheet's total revenue);
  the margin GP_MARGIN in percent. Operators >=, >, <, <= against `amount`.
- choices, by id: SERVICE_CATEGORY (any of the lead's categories), PROJECT_TYPE, CLIENT, TARGET_STAGE (the stage a
  stage change asks for), TARGET_STATUS (HOLD, DROPPED, CLOSED: what a hold, drop or close asks for), TEAM (the
  sales person's team leader). Operators IN and NOT_IN against `ids`, named by `names` (same order).

Every layer's conditions must all hold for it to apply. A pipeline keeps at least one layer without conditions, so
every request has someone to decide it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

AMOUNT_FACTS = ("GP", "GP_MARGIN", "SHEET_TOTAL")
CHOICE_FACTS = ("SERVICE_CATEGORY", "PROJECT_TYPE", "CLIENT", "TARGET_STAGE", "TARGET_STATUS", "TEAM")
FACTS = AMOUNT_FACTS + CHOICE_FACTS
AMOUNT_OPS = (">=", ">", "<", "<=")
CHOICE_OPS = ("IN", "NOT_IN")
TARGET_STATUSES = ("HOLD", "DROPPED", "CLOSED")
# what a request of each type asks the lead's status to become (a stage change and a cost sheet: none)
STATUS_OF = {"HOLD_LEAD": "HOLD", "DROP_LEAD": "DROPPED", "CLOSE_LEAD": "CLOSED"}
MAX_CONDITIONS = 10  # per layer
MAX_IDS = 200  # per condition

FACT_LABELS = {"GP": "GP", "GP_MARGIN": "GP margin", "SHEET_TOTAL": "cost sheet total",
               "SERVICE_CATEGORY": "service category", "PROJECT_TYPE": "project type", "CLIENT": "client",
               "TARGET_STAGE": "target stage", "TARGET_STATUS": "target status", "TEAM": "team"}
NEGATION = {">=": "<", ">": "<=", "<": ">=", "<=": ">"}

EVERY_LAYER_CONDITIONAL = "At least one layer must have no conditions, so every request has someone to decide it."


@dataclass
class Condition:
    fact: str
    op: str
    amount: float | None = None  # an amount fact's threshold (rupiah, or percent for GP_MARGIN)
    ids: list[int | str] = field(default_factory=list)  # a choice fact's values (TARGET_STATUS: the status names)
    names: list[str] = field(default_factory=list)  # what the ids are called, in the same order


@dataclass
class Facts:
    """What a request's route is decided on, read when the request is made (the request types say how)."""

    gp: float = 0.0
    gp_margin: float = 0.0
    sheet_total: float = 0.0
    service_categories: list[int] = field(default_factory=list)
    project_type: int | None = None
    client: int | None = None
    target_stage: int | None = None
    target_status: str | None = None
    team: int | None = None
    # what the request's own choices are called, for the reasons: {"PROJECT_TYPE": "Maintenance", "CLIENT": ...}
    names: dict[str, str] = field(default_factory=dict)


@dataclass
class Skip:
    """A layer the request does not go through, and why."""

    layer: int
    reason: str


def short_amount(value: float) -> str:
    """Rupiah as the reasons write them: 800 M, 1 B, 1.25 B, 950 K, 12 (K, M, B, T for thousands to trillions)."""
    sign, rest = ("-" if value < 0 else ""), abs(value)
    for size, unit in ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K")):
        if rest >= size:
            shown = format(Decimal(str(round(rest / size, 2))).normalize(), "f")
            return f"{sign}{shown} {unit}"
    return sign + format(Decimal(str(round(rest, 2))).normalize(), "f")


def _shown(fact: str, value: float) -> str:
    if fact == "GP_MARGIN":
        return format(Decimal(str(round(value, 2))).normalize(), "f") + " %"
    return short_amount(value)


def _amount_of(facts: Facts, fact: str) -> float:
    return {"GP": facts.gp, "GP_MARGIN": facts.gp_margin, "SHEET_TOTAL": facts.sheet_total}[fact]


def _choices_of(facts: Facts, fact: str) -> list[int | str]:
    found: dict[str, list[int | str]] = {
        "SERVICE_CATEGORY": list(facts.service_categories),
        "PROJECT_TYPE": [facts.project_type] if facts.project_type is not None else [],
        "CLIENT": [facts.client] if facts.client is not None else [],
        "TARGET_STAGE": [facts.target_stage] if facts.target_stage is not None else [],
        "TARGET_STATUS": [facts.target_status] if facts.target_status is not None else [],
        "TEAM": [facts.team] if facts.team is not None else [],
    }
    return found[fact]


def _holds_amount(value: float, op: str, amount: float) -> bool:
    return {">=": value >= amount, ">": value > amount, "<": value < amount, "<=": value <= amount}[op]


def _listed(condition: Condition) -> str:
    names = condition.names if len(condition.names) == len(condition.ids) else [str(i) for i in condition.ids]
    return " or ".join(names) if len(names) <= 3 else f"{', '.join(names[:3])} or {len(names) - 3} more"


def failure(condition: Condition, facts: Facts) -> str | None:
    """Why the condition does not hold for these facts ("GP 800 M < 1 B"), or None when it holds."""
    label = FACT_LABELS.get(condition.fact, condition.fact)
    if condition.fact in AMOUNT_FACTS:
        value = _amount_of(facts, condition.fact)
        if condition.amount is None or _holds_amount(value, condition.op, condition.amount):
            return None
        return (f"{label} {_shown(condition.fact, value)} {NEGATION[condition.op]} "
                f"{_shown(condition.fact, condition.amount)}")
    have = _choices_of(facts, condition.fact)
    matched = [v for v in have if v in condition.ids]
    own = facts.names.get(condition.fact) or (", ".join(map(str, have)) if have else "none")
    if condition.op == "IN" and not matched:
        return f"{label} {own} is not {_listed(condition)}"
    if condition.op == "NOT_IN" and matched:
        return f"{label} {own} is excluded"
    return None


def route(layer_conditions: list[list[Condition]], facts: Facts) -> list[Skip]:
    """The layers (by index) a request with these facts skips, each with the first of its conditions that fails."""
    skips = []
    for index, conditions in enumerate(layer_conditions):
        reason = next((r for c in conditions if (r := failure(c, facts)) is not None), None)
        if reason is not None:
            skips.append(Skip(index, reason))
    return skips


def describe(condition: Condition) -> str:
    """A condition as the designer's node and the Temporal UI show it: "GP >= 1 B", "client in PT Maju"."""
    label = FACT_LABELS.get(condition.fact, condition.fact)
    if condition.fact in AMOUNT_FACTS:
        return f"{label} {condition.op} {_shown(condition.fact, condition.amount or 0)}"
    return f"{label} {'in' if condition.op == 'IN' else 'not in'} {_listed(condition)}"


# -- the designer's check -------------------------------------------------------------------------------------

def condition_errors(label: str, conditions: list[Condition], action_type: str) -> list[str]:
    """Why a layer's conditions are not usable, or can never all hold for a request of `action_type`."""
    errors = []
    if len(conditions) > MAX_CONDITIONS:
        errors.append(f"{label}: at most {MAX_CONDITIONS} conditions.")
    for c in conditions:
        if c.fact not in FACTS:
            errors.append(f"{label}: unknown condition '{c.fact}'.")
        elif c.fact in AMOUNT_FACTS and (c.op not in AMOUNT_OPS or c.amount is None):
            errors.append(f"{label}: a {FACT_LABELS[c.fact]} condition compares with an amount (>=, >, <, <=).")
        elif c.fact in CHOICE_FACTS and (c.op not in CHOICE_OPS or not c.ids):
            errors.append(f"{label}: a {FACT_LABELS[c.fact]} condition names at least one choice.")
        elif len(c.ids) > MAX_IDS:
            errors.append(f"{label}: a condition names at most {MAX_IDS} choices.")
        elif c.fact == "TARGET_STATUS" and any(i not in TARGET_STATUSES for i in c.ids):
            errors.append(f"{label}: the target status is HOLD, DROPPED or CLOSED.")
    if errors:
        return errors
    if (why := never_met(conditions, action_type)) is not None:
        errors.append(f"{label}: its conditions can never all hold ({why}).")
    return errors


def never_met(conditions: list[Condition], action_type: str) -> str | None:
    """Why no request of `action_type` can meet every condition (None when one can)."""
    for fact in AMOUNT_FACTS:
        low, high = float("-inf"), float("inf")  # the values allowed, ends open or closed
        low_open = high_open = True
        for c in (c for c in conditions if c.fact == fact):
            amount = c.amount if c.amount is not None else 0.0
            if c.op in (">=", ">") and (amount > low or (amount == low and c.op == ">")):
                low, low_open = amount, c.op == ">"
            if c.op in ("<=", "<") and (amount < high or (amount == high and c.op == "<")):
                high, high_open = amount, c.op == "<"
        if low > high or (low == high and (low_open or high_open)):
            return f"{FACT_LABELS[fact]} cannot be both {'>' if low_open else '>='} {_shown(fact, low)} and " \
                   f"{'<' if high_open else '<='} {_shown(fact, high)}"
    for fact in CHOICE_FACTS:
        sets = [set(c.ids) for c in conditions if c.fact == fact and c.op == "IN"]
        excluded = {i for c in conditions if c.fact == fact and c.op == "NOT_IN" for i in c.ids}
        if fact == "SERVICE_CATEGORY":  # a lead has several: each IN needs one of its own left
            if any(not (ids - excluded) for ids in sets):
                return f"no {FACT_LABELS[fact]} is left to match"
        elif sets and not (set.intersection(*sets) - excluded):
            return f"no {FACT_LABELS[fact]} is left to match"
    if any(c.fact == "TARGET_STAGE" and c.op == "IN" for c in conditions) and action_type != "CHANGE_LEAD_STAGE":
        return "only a stage change asks for a target stage"
    status = STATUS_OF.get(action_type)
    for c in (c for c in conditions if c.fact == "TARGET_STATUS"):
        if (c.op == "IN") != (status in c.ids):
            return "a request of this pipeline never asks for that status" if c.op == "IN" \
                else "every request of this pipeline asks for that status"
    return None
