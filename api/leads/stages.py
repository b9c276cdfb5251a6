"""Stage management (system/stage-management): needsApproval, previous and next stage, order, names."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import Field
from sqlalchemy import select

from api.core.errors import NotFound, ValidationFailed
from api.core.schemas import CamelModel, Envelope, ok
from api.deps import Authz, SessionDep
from api.leads.models import Stage
from api.leads.schemas import StageOut
from api.leads.service import stage_out
from api.users.models import User

router = APIRouter(prefix="/stages", tags=["stages"])
PAGE = "system/stage-management"


class StageIn(CamelModel):
    id: int
    stage_description: str = Field(min_length=1, max_length=60)
    needs_approval: bool
    previous_stage: int | None = Field(default=None, alias="previousStage")
    next_stage: int | None = Field(default=None, alias="nextStage")
    seq_number: int = Field(ge=1, le=99)


@router.get("", summary="The pipeline's stages in order")
def list_stages(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[StageOut]]:
    return ok([stage_out(s) for s in session.scalars(select(Stage).order_by(Stage.seq_number))])


@router.put("", summary="Edit a stage (approval, neighbours, order, description)")
def update_stage(body: StageIn, session: SessionDep,
                 actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[StageOut]:
    stage = session.get(Stage, body.id)
    if stage is None:
        raise NotFound("Stage not found.")
    errors = []
    for label, other in (("previous", body.previous_stage), ("next", body.next_stage)):
        if other is not None and (other == stage.id or session.get(Stage, other) is None):
            errors.append(f"Please choose a valid {label} stage.")
    clash = session.scalars(select(Stage).where(Stage.seq_number == body.seq_number, Stage.id != stage.id)).first()
    if clash is not None:
        errors.append(f"Order {body.seq_number} is already used by {clash.stage_name}.")
    if errors:
        raise ValidationFailed(errors)
    stage.stage_description = body.stage_description.strip()
    stage.needs_approval = body.needs_approval
    stage.previous_stage_id = body.previous_stage
    stage.next_stage_id = body.next_stage
    stage.seq_number = body.seq_number
    session.commit()
    return ok(stage_out(stage))
