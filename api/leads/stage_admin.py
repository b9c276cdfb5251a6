"""Stage management (the administrator's page): add and edit the pipeline's stages under the stage rules."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from api.core.errors import Conflict, NotFound, ValidationFailed
from api.leads import repository as repo
from api.leads import stage_rules
from api.leads.models import Stage
from api.leads.schemas import FieldLabel, StageOut


def stage_out(s: Stage) -> StageOut:
    return StageOut(id=s.id, stage_name=s.stage_name, stage_description=s.stage_description,
                    needs_approval=s.needs_approval, pipeline=s.pipeline, previousStage=s.previous_stage_id,
                    nextStage=s.next_stage_id, seq_number=s.seq_number, slug=stage_rules.slug(s),
                    required_fields=[FieldLabel(field=f, label=text) for f, text in stage_rules.requirements(s)])


def _fields_errors(fields: list[str] | None) -> list[str]:
    unknown = [f for f in fields or [] if f not in stage_rules.FIELDS]
    return [f"Unknown required field: {', '.join(unknown)}."] if unknown else []


def _order_errors(session: Session, seq_number: int, stage: Stage | None) -> list[str]:
    """An order is free, and the closed stage stays last (added and edited stages alike)."""
    others = [s for s in stage_rules.all_stages(session) if stage is None or s.id != stage.id]
    errors = [f"Order {seq_number} is already used by {s.stage_name}." for s in others if s.seq_number == seq_number]
    closed = next((s for s in others if s.stage_name == stage_rules.CLOSED_STAGE), None)
    if stage is not None and stage.stage_name == stage_rules.CLOSED_STAGE:
        if any(s.seq_number >= seq_number for s in others):
            errors.append(f"{stage_rules.label(stage)} must come after every other stage.")
    elif closed is not None and seq_number >= closed.seq_number:
        errors.append(f"A stage must come before {stage_rules.label(closed)}.")
    return errors


def list_stages(*, session: Session) -> list[StageOut]:
    """The pipeline's stages in order."""
    return [stage_out(s) for s in stage_rules.all_stages(session)]


def requirement_catalogue() -> list[FieldLabel]:
    """Every field a stage can require, with its label."""
    return [FieldLabel(field=f, label=text) for f, text in stage_rules.FIELDS.items()]


def create_stage(*, session: Session, stage_name: str, stage_description: str, needs_approval: bool,
                 seq_number: int, required_fields: list[str]) -> StageOut:
    """Add a stage: the board, the stage rules and the stage pages follow it."""
    name = stage_name.strip().upper()
    errors = _fields_errors(required_fields) + _order_errors(session, seq_number, None)
    if not name:
        errors.append("Please enter the stage name.")
    if repo.stage_named(session, name) is not None:
        raise Conflict(f"A stage named {name} already exists.")
    if errors:
        raise ValidationFailed(errors)
    stage = Stage(stage_name=name, stage_description=stage_description.strip(), pipeline="LEAD",
                  needs_approval=needs_approval, seq_number=seq_number,
                  required_fields=list(dict.fromkeys(required_fields)))
    session.add(stage)
    session.commit()
    return stage_out(stage)


def update_stage(*, session: Session, stage_id: int, stage_description: str, needs_approval: bool,
                 previous_stage: int | None, next_stage: int | None, seq_number: int,
                 required_fields: list[str] | None) -> StageOut:
    """Edit a stage (approval, neighbours, order, description, required fields)."""
    stage = session.get(Stage, stage_id)
    if stage is None:
        raise NotFound("Stage not found.")
    errors = []
    for label, other in (("previous", previous_stage), ("next", next_stage)):
        if other is not None and (other == stage.id or session.get(Stage, other) is None):
            errors.append(f"Please choose a valid {label} stage.")
    errors += _order_errors(session, seq_number, stage) + _fields_errors(required_fields)
    if errors:
        raise ValidationFailed(errors)
    changes: dict[str, Any] = {"stage_description": stage_description.strip(), "needs_approval": needs_approval,
                               "previous_stage_id": previous_stage, "next_stage_id": next_stage,
                               "seq_number": seq_number}
    if required_fields is not None:
        changes["required_fields"] = list(dict.fromkeys(required_fields))
    for attr, value in changes.items():
        setattr(stage, attr, value)
    session.commit()
    return stage_out(stage)
