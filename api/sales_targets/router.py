"""Sales targets (system/sales-target): the year's targets of the sales people the caller sees, one target (by its id,
or by sales person and year) with its history, and setting one."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Query

from api.core.deps import Authz, SessionDep
from api.core.inputs import Id
from api.core.listing import ListQuery
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.sales_targets import service
from api.sales_targets.schemas import YEAR_MAX, YEAR_MIN, TargetDetail, TargetIn, TargetPage
from api.users.models import User

router = domain_router("/sales-targets", tags=["sales targets"])
PAGE = "system/sales-target"


@router.get("", summary="The year's target of every sales person the caller sees, with team totals")
def list_targets(session: SessionDep, params: ListQuery, actor: Annotated[User, Authz(PAGE, "read")],
                 year: Annotated[int | None, Query(ge=YEAR_MIN, le=YEAR_MAX)] = None) -> Envelope[TargetPage]:
    return ok(service.list_targets(session=session, actor=actor, year=year or date.today().year, params=params))


@router.get("/sales-people/{sales_person_id}",
            summary="A sales person's target for a year (amount 0 and no id when none is set yet) with its history")
def get_person_target(sales_person_id: Id, session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")],
                      year: Annotated[int | None, Query(ge=YEAR_MIN, le=YEAR_MAX)] = None) -> Envelope[TargetDetail]:
    return ok(service.get_for_person(session=session, actor=actor, sales_person_id=sales_person_id,
                                     year=year or date.today().year))


@router.get("/{target_id}", summary="A sales target with the history of its changes")
def get_target(target_id: Id, session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")],
               ) -> Envelope[TargetDetail]:
    return ok(service.get_target(session=session, actor=actor, target_id=target_id))


@router.put("", summary="Set a sales person's target for a year")
def save_target(body: TargetIn, session: SessionDep, actor: Annotated[User, Authz(PAGE, "edit")],
                ) -> Envelope[TargetDetail]:
    return ok(service.save_target(session=session, actor=actor, data=body))
