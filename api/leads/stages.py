"""Stage management (system/stage-management): needsApproval, previous and next stage, order, names."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import Field
from sqlalchemy import select

from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.inputs import Id
from api.core.schemas import CamelModel, Envelope, ok
from api.deps import Authz, SessionDep
from api.leads import stage_rules
from api.leads.models import Stage
from api.leads.schemas import FieldLabel, StageOut
from api.leads.service import stage_out
from api.users.models import User

router = APIRouter(prefix="/stages", tags=["stages"])
PAGE = "system/stage-management"


FieldCode = Annotated[str, Field(max_length=40)]


class StageIn(CamelModel):
    id: Id
    stage_description: str = Field(min_length=1, max_length=60)
    needs_approval: bool
    previous_stage: Id | None = Field(default=None, alias="previousStage")
    next_stage: Id | None = Field(default=None, alias="nextStage")
    seq_number: int = Field(ge=1, le=99)
    # field codes; the {field, label} objects GET answers are taken as well, so a stage read can be sent back
    required_fields: list[FieldCode | FieldLabel] | None = Field(default=None, max_length=len(stage_rules.FIELDS))

    def field_codes(self) -> list[str] | None:
        if self.required_fields is None:
            return None
        return [f if isinstance(f, str) else f.field for f in self.required_fields]


class StageCreate(CamelModel):
    stage_name: str = Field(min_length=1, max_length=10)
    stage_description: str = Field(min_length=1, max_length=60)
    needs_approval: bool = False
    seq_number: int = Field(ge=1, le=99)
    required_fields: list[FieldCode] = Field(default_factory=list, max_length=len(stage_rules.FIELDS))


def _fields_errors(fields: list[str] | None) -> list[str]:
    unknown = [f for f in fields or [] if f not in stage_rules.FIELDS]
    return [f"Unknown required field: {', '.join(unknown)}."] if unknown else []


def _order_errors(session: SessionDep, seq_number: int, stage: Stage | None) -> list[str]:
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


@router.get("", summary="The pipeline's stages in order")
def list_stages(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[StageOut]]:
    return ok([stage_out(s) for s in session.scalars(select(Stage).order_by(Stage.seq_number))])


@router.get("/requirement-catalogue", summary="Every field a stage can require, with its label")
def requirement_catalogue(actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[FieldLabel]]:
    return ok([FieldLabel(field=f, label=text) for f, text in stage_rules.FIELDS.items()])


@router.post("", summary="Add a stage: the board, the stage rules and the stage pages follow it")
def create_stage(body: StageCreate, session: SessionDep,
                 actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[StageOut]:
    name = body.stage_name.strip().upper()
    errors = _fields_errors(body.required_fields) + _order_errors(session, body.seq_number, None)
    if not name:
        errors.append("Please enter the stage name.")
    if session.scalars(select(Stage).where(Stage.stage_name == name)).first() is not None:
        raise Conflict(f"A stage named {name} already exists.")
    if errors:
        raise ValidationFailed(errors)
    stage = Stage(stage_name=name, stage_description=body.stage_description.strip(), pipeline="LEAD",
                  needs_approval=body.needs_approval, seq_number=body.seq_number,
                  required_fields=list(dict.fromkeys(body.required_fields)))
    session.add(stage)
    session.commit()
    return ok(stage_out(stage))


@router.put("", summary="Edit a stage (approval, neighbours, order, description, required fields)")
def update_stage(body: StageIn, session: SessionDep,
                 actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[StageOut]:
    stage = session.get(Stage, body.id)
    if stage is None:
        raise NotFound("Stage not found.")
    errors = []
    for label, other in (("previous", body.previous_stage), ("next", body.next_stage)):
        if other is not None and (other == stage.id or session.get(Stage, other) is None):
            errors.append(f"Please choose a valid {label} stage.")
    errors += _order_errors(session, body.seq_number, stage) + _fields_errors(body.field_codes())
    if errors:
        raise ValidationFailed(errors)
    stage.stage_description = body.stage_description.strip()
    stage.needs_approval = body.needs_approval
    stage.previous_stage_id = body.previous_stage
    stage.next_stage_id = body.next_stage
    stage.seq_number = body.seq_number
    codes = body.field_codes()
    if codes is not None:
        stage.required_fields = list(dict.fromkeys(codes))
    session.commit()
    return ok(stage_out(stage))
