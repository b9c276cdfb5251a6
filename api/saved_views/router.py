"""/api/saved-views: a list's saved views for the signed-in person (api/saved_views/service.py); each call checks
that the caller may read the list's page as well."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from api.core.deps import Authz, PolicyDep, SessionDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.saved_views import service
from api.saved_views.schemas import DefaultViewIn, SavedViewIn, SavedViewsOut
from api.users.models import User

router = domain_router("/saved-views", tags=["saved-views"])
Reader = Annotated[User, Authz("account", "read")]
Keeper = Annotated[User, Authz("account", "edit")]


@router.get("", summary="The views a list offers the caller (their own, then those their team leaders share) and "
                        "their default")
def list_views(session: SessionDep, policy: PolicyDep, actor: Reader,
               list_path: Annotated[str, Query(alias="list", max_length=1000)]) -> Envelope[SavedViewsOut]:
    return ok(service.offered(session=session, policy=policy, user=actor, list_path=list_path))


@router.post("", summary="Save the list's state (filters, sort, page size, columns) under a name, private or shared "
                         "with the team; answers the list's views")
def save_view(body: SavedViewIn, session: SessionDep, policy: PolicyDep, actor: Keeper) -> Envelope[SavedViewsOut]:
    return ok(service.create(session=session, policy=policy, user=actor, data=body))


@router.put("/default", summary="The view the caller opens a list with (one offered to them), or none")
def choose_default(body: DefaultViewIn, session: SessionDep, policy: PolicyDep,
                   actor: Keeper) -> Envelope[SavedViewsOut]:
    return ok(service.choose_default(session=session, policy=policy, user=actor, list_path=body.list,
                                     view_id=body.view_id))


@router.put("/{view_id}", summary="Rename one of the caller's views, keep the list's current state in it, share it "
                                  "or make it the default: each field given")
def change_view(view_id: Id, body: SavedViewIn, session: SessionDep, policy: PolicyDep,
                actor: Keeper) -> Envelope[SavedViewsOut]:
    return ok(service.change(session=session, policy=policy, user=actor, view_id=view_id, data=body))


@router.delete("/{view_id}", summary="Delete one of the caller's views")
def delete_view(view_id: Id, session: SessionDep, policy: PolicyDep, actor: Keeper) -> Envelope[SavedViewsOut]:
    return ok(service.remove(session=session, policy=policy, user=actor, view_id=view_id))
