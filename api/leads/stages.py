"""Stage management (system/stage-management): needsApproval, previous and next stage, order, names."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from api.core import exports
from api.core.deps import Authz, SessionDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import CamelModel, Envelope, ok
from api.leads import stage_admin, stage_rules
from api.leads.schemas import FieldLabel, StageOut
from api.users.models import User

router = domain_router("/stages", tags=["stages"])
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


@router.get("", summary="The pipeline's stages in order (export=xlsx: as a spreadsheet)",
            dependencies=[exports.WHOLE_LIST])
def list_stages(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[StageOut]]:
    return ok(stage_admin.list_stages(session=session))


@router.get("/requirement-catalogue", summary="Every field a stage can require, with its label")
def requirement_catalogue(actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[FieldLabel]]:
    return ok(stage_admin.requirement_catalogue())


@router.post("", summary="Add a stage: the board, the stage rules and the stage pages follow it")
def create_stage(body: StageCreate, session: SessionDep,
                 actor: Annotated[User, Authz(PAGE, "write")]) -> Envelope[StageOut]:
    return ok(stage_admin.create_stage(session=session, stage_name=body.stage_name,
                                       stage_description=body.stage_description, needs_approval=body.needs_approval,
                                       seq_number=body.seq_number, required_fields=body.required_fields))


@router.put("", summary="Edit a stage (approval, neighbours, order, description, required fields)")
def update_stage(body: StageIn, session: SessionDep,
                 actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[StageOut]:
    return ok(stage_admin.update_stage(session=session, stage_id=body.id, stage_description=body.stage_description,
                                       needs_approval=body.needs_approval, previous_stage=body.previous_stage,
                                       next_stage=body.next_stage, seq_number=body.seq_number,
                                       required_fields=body.field_codes()))
