"""The one owner of the stage rules: which fields a stage requires, which moves are allowed and which of them
need an approved request. Lead creation, the edit form, the request call, check-need-approval,
requirementFields and the stage pages all ask here; the front end asks the server (GET stage-options).

- A lead moves between the board stages (every stage but the closed one, in seqNumber order); closing is a
  request of its own (CLOSE_LEAD).
- Moving forward enters every stage between the current one and the target: each of them must have its
  required fields filled, and the move needs approval when any of them needs approval (skipping a gated
  stage is not a way round it). Moving back needs neither.
- Only an ongoing lead that is not waiting for a request moves.
- A new lead starts in a stage it could have reached from nothing without approval.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from api.leads.models import Lead, LeadPic, LeadProjectId, LeadServiceCategory, Stage

CLOSED_STAGE = "E7"

# Every field a stage can require: code (as the edit form names it) -> label.
FIELDS: dict[str, str] = {
    "personInCharges": "Person in Charge",
    "projectType": "Project Type",
    "sourceId": "Source",
    "serviceCategories": "Service Category",
    "expectedCloseDate": "Expected Close Date",
    "projectDescription": "Project Description",
    "subscriptionType": "Subscription Type",
    "competitor": "Competitor",
    "projectBudget": "Project Budget",
    "totalUnit": "Total Unit",
    "proposalFile": "Proposal",
    "totalRevenue": "Total Revenue",
    "totalGrossProfit": "Total Gross Profit",
    "projectStartDate": "Project Start Date",
    "projectEndDate": "Project End Date",
    "projectDuration": "Project Duration",
    "projectCostSheetFile": "Project Cost Sheet File",
    "entityId": "Entity",
    "unitId": "Unit",
    "customerConfirmationDocumentFile": "Customer Confirmation Document",
    "decisionMaker": "Decision Maker",
    "projectIdNumbers": "Project ID Number",
}
_ATTRS = {"projectType": "project_type_id", "sourceId": "source_id", "entityId": "entity_id", "unitId": "unit_id",
          "proposalFile": "proposal_file", "projectCostSheetFile": "project_cost_sheet_file",
          "customerConfirmationDocumentFile": "customer_confirmation_document_file"}
_LISTS = {"personInCharges": LeadPic, "serviceCategories": LeadServiceCategory, "projectIdNumbers": LeadProjectId}

NOT_ONGOING = "A lead that is {status} cannot change stage."
CHOOSE_STAGE = "Please choose a stage from {first} to {last}."
COMPLETE_FIRST = "Complete these fields before moving to {stage}: {fields}."
CREATE_GATED = ("A new lead cannot start in {stage}: reaching it needs approval. Create it in an earlier stage "
                "and request the move.")
CREATE_MISSING = "A new lead cannot start in {stage} without: {fields}."


def label(stage: Stage) -> str:
    return f"{stage.stage_name} {stage.stage_description}"


def slug(stage: Stage) -> str:
    """The stage page's route segment: 'connected' for E2 Connected."""
    return "-".join(stage.stage_description.lower().split()) or stage.stage_name.lower()


def all_stages(session: Session) -> list[Stage]:
    return list(session.scalars(select(Stage).order_by(Stage.seq_number)))


def board_stages(session: Session) -> list[Stage]:
    """The stages a lead moves through on the board: every stage but the closed one, in order."""
    return [s for s in all_stages(session) if s.stage_name != CLOSED_STAGE]


def requirements(stage: Stage) -> list[tuple[str, str]]:
    return [(f, FIELDS[f]) for f in stage.required_fields or [] if f in FIELDS]


def filled_fields(session: Session, lead: Lead) -> set[str]:
    """The codes of the fields the lead has (a list field: at least one row), read once for every rule that
    asks: one statement for the list fields, the others from the lead itself."""
    lists = session.execute(select(*(exists().where(model.lead_id == lead.id)  # type: ignore[attr-defined]
                                     for model in _LISTS.values()))).one()
    found = {code for code, present in zip(_LISTS, lists, strict=True) if present}
    for code in FIELDS.keys() - _LISTS.keys():
        attr = _ATTRS.get(code) or "".join("_" + c.lower() if c.isupper() else c for c in code)
        value: Any = getattr(lead, attr, None)
        if value not in (None, "", 0, Decimal(0), {}, []):
            found.add(code)
    return found


def entered(stages: list[Stage], current: Stage | None, target: Stage) -> list[Stage]:
    """The stages a move enters: from after `current` up to `target` going forward (from the first stage when
    there is no current one, as for a new lead), just the target going back."""
    if current is not None and target.seq_number <= current.seq_number:
        return [target]
    low = current.seq_number if current is not None else None
    return [s for s in stages if (low is None or s.seq_number > low) and s.seq_number <= target.seq_number]


def lacking(filled: set[str], stages: list[Stage]) -> list[tuple[str, str]]:
    """(code, label) of the fields these stages require that are not `filled` (each once, in stage order)."""
    seen: dict[str, str] = {}
    for stage in stages:
        for code, text in requirements(stage):
            if code not in filled:
                seen.setdefault(code, text)
    return list(seen.items())


def missing(filled: set[str], stages: list[Stage]) -> list[str]:
    """The labels of what `lacking` finds, for messages."""
    return [text for _, text in lacking(filled, stages)]


@dataclass
class Move:
    """What moving a lead to a stage takes."""

    target: Stage
    allowed: bool
    reason: str | None
    needs_approval: bool
    lacking: list[tuple[str, str]] = field(default_factory=list)  # (code, label): only fields stop the move

    @property
    def missing(self) -> list[str]:
        return [text for _, text in self.lacking]


def check_move(session: Session, lead: Lead, target: Stage, *, stages: list[Stage] | None = None,
               filled: set[str] | None = None, waiting: str | None = None, status_label: str | None = None) -> Move:
    """May the lead move to `target`, and does it need approval? `waiting` is the message naming the lead's
    pending request, if any; `status_label` its status label when it is not ongoing. `stages` and `filled` may
    be passed when several targets are checked for one lead."""
    stages = stages if stages is not None else board_stages(session)
    current = next((s for s in stages if s.id == lead.stage_id), None)
    backwards = current is not None and target.seq_number < current.seq_number
    if target.stage_name == CLOSED_STAGE or target.id not in {s.id for s in stages}:
        return Move(target, False, CHOOSE_STAGE.format(first=stages[0].stage_name, last=stages[-1].stage_name),
                    False)
    path = entered(stages, current, target)
    gated = not backwards and any(s.needs_approval for s in path)
    if current is not None and target.id == current.id:
        return Move(target, False, f"The lead is already in {label(target)}.", False)
    if waiting:
        return Move(target, False, waiting, gated)
    if status_label:
        return Move(target, False, NOT_ONGOING.format(status=status_label), gated)
    fields = [] if backwards else lacking(filled_fields(session, lead) if filled is None else filled, path)
    if fields:
        return Move(target, False, COMPLETE_FIRST.format(stage=label(target),
                                                         fields=", ".join(text for _, text in fields)),
                    gated, fields)
    return Move(target, True, None, gated)


def check_create(session: Session, lead: Lead, stage: Stage | None = None, *,
                 stages: list[Stage] | None = None) -> list[str]:
    """Why a new lead may not start in its stage, or in `stage` when told (empty when it may): the stages up to it
    need no approval and their required fields are filled by what the lead was created with. `stages` (the board
    stages) may be passed when several leads are checked in one transaction."""
    stages = stages if stages is not None else board_stages(session)
    wanted = stage.id if stage is not None else lead.stage_id
    target = next((s for s in stages if s.id == wanted), None)
    if target is None:
        return [CHOOSE_STAGE.format(first=stages[0].stage_name, last=stages[-1].stage_name)]
    path = entered(stages, None, target)
    if any(s.needs_approval for s in path):
        return [CREATE_GATED.format(stage=label(target))]
    if not any(requirements(s) for s in path):
        return []  # nothing required on the way: the lead's fields need not be read
    lacking = missing(filled_fields(session, lead), path)
    return [CREATE_MISSING.format(stage=label(target), fields=", ".join(lacking))] if lacking else []


def first_stage(session: Session, *, stages: list[Stage] | None = None) -> Stage | None:
    stages = stages if stages is not None else board_stages(session)
    return stages[0] if stages else None


def close_problems(session: Session, lead: Lead) -> list[str]:
    """What a lead lacks to be closed: closing enters the closed stage, so it needs that stage's fields and those
    of every stage between the lead's and it (empty when it may be closed)."""
    stages = all_stages(session)
    closed = next((s for s in stages if s.stage_name == CLOSED_STAGE), None)
    current = next((s for s in stages if s.id == lead.stage_id), None)
    if closed is None:
        return []
    lacking = missing(filled_fields(session, lead), entered(stages, current, closed))
    return [f"Complete these fields before closing the lead: {', '.join(lacking)}."] if lacking else []
