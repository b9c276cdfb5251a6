"""Menu and page access (system/menu-page-access), the spec's calls: the roles as menu-access records (paged,
searchable, sortable), the role list, the menu tree, the page list, one role with its matrix, adding, editing and
removing a role, saving a role's matrix, and a role's hierarchy whitelist status. A change that touches the policy
is committed first, then every API process is told to reload it."""

from __future__ import annotations

from typing import Annotated

from api.access import service as access_service
from api.access.schemas import MenuItem
from api.access_admin import service
from api.access_admin.schemas import (
    PageAccessIn,
    PageRow,
    RoleAccessRow,
    RoleIn,
    RolePageAccess,
    WhitelistStatus,
)
from api.core.deps import Authz, PolicyDep, RedisDep, SessionDep, ensure_allowed
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router(tags=["menu and page access"])
PAGE = service.THIS_PAGE


@router.get("/menu-access", summary="Roles with their dashboard, hierarchy whitelist, pages and users")
def list_roles(session: SessionDep, params: ListQuery,
               actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[Page[RoleAccessRow]]:
    return ok(service.list_roles(session=session, params=params))


@router.get("/menu-access/role-list", summary="Every role")
def role_list(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[RoleAccessRow]]:
    return ok(service.role_list(session=session))


@router.get("/menu-access/menu-tree", summary="The whole menu tree (every item, whoever may see it)")
def menu_tree(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[MenuItem]]:
    return ok(access_service.menu_tree(session))


@router.get("/menu-access/page-list", summary="Every page of the route table")
def page_list(session: SessionDep, actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[list[PageRow]]:
    return ok(service.page_list(session=session))


@router.get("/menu-access/{role_id}", summary="A role with its read/write/edit/delete on every page")
def get_role(role_id: Id, session: SessionDep,
             actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[RolePageAccess]:
    return ok(service.role_access(session=session, role_id=role_id))


@router.delete("/menu-access/{role_id}", summary="Remove a role nobody has, with its policy lines")
def delete_role(role_id: Id, session: SessionDep, policy: PolicyDep,
                actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[None]:
    service.delete_role(session=session, actor=actor, role_id=role_id, policy=policy)
    return ok(None)


@router.post("/menu-access", summary="Add a role (no id: write access) or edit one's description, dashboard and "
                                     "whitelist (id: edit access)")
def save_role(body: RoleIn, session: SessionDep, policy: PolicyDep, redis_client: RedisDep,
              actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[RolePageAccess]:
    ensure_allowed(session=session, policy=policy, user=actor, page=PAGE, action="edit" if body.id else "write")
    role = service.save_role(session=session, redis_client=redis_client, actor=actor, data=body)
    return ok(service.role_access(session=session, role_id=role.id))


@router.post("/page-access", summary="Set a role's whole matrix: every page with its four flags")
def save_page_access(body: PageAccessIn, session: SessionDep, policy: PolicyDep,
                     actor: Annotated[User, Authz(PAGE, "edit")]) -> Envelope[RolePageAccess]:
    return ok(service.save_page_access(session=session, actor=actor, data=body, policy=policy))


@router.get("/page-access/hierarchy-whitelist-status/{role_id}", summary="Whether the role sees every lead")
def whitelist_status(role_id: Id, session: SessionDep,
                     actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[WhitelistStatus]:
    return ok(service.whitelist_status(session=session, role_id=role_id))


@router.get("/page-access/{role_id}", summary="A role with its read/write/edit/delete on every page")
def get_page_access(role_id: Id, session: SessionDep,
                    actor: Annotated[User, Authz(PAGE, "read")]) -> Envelope[RolePageAccess]:
    return ok(service.role_access(session=session, role_id=role_id))
