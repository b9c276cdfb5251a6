"""Page management (system/page-management) and menu management (system/menu-management). A change that removes
policy lines is committed first, then every API process is told to reload the policy."""

from __future__ import annotations

from typing import Annotated

from api.access import service as access_service
from api.access.schemas import MenuItem
from api.core.deps import Authz, PolicyDep, SessionDep
from api.core.inputs import Id
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.navigation_admin import menus, pages
from api.navigation_admin.schemas import MenuIn, MenuMove, PageDetail, PageIn, PageListRow
from api.users.models import User

router = domain_router(tags=["page and menu management"])
PAGES = pages.THIS_PAGE
MENUS = menus.THIS_PAGE


@router.get("/page-management", summary="The pages of the route table with how many roles read each and how many "
                                         "menu items open it (paged, searched in name, code and url; sort: name, "
                                         "code, url, roles, menuItems)")
def list_pages(session: SessionDep, policy: PolicyDep, params: ListQuery,
               actor: Annotated[User, Authz(PAGES, "read")]) -> Envelope[Page[PageListRow]]:
    return ok(pages.list_pages(session=session, policy=policy, params=params))


@router.get("/page-management/{page_id}", summary="A page, the menu items that open it and every role's "
                                                  "read/write/edit/delete on it")
def get_page(page_id: Id, session: SessionDep, policy: PolicyDep,
             actor: Annotated[User, Authz(PAGES, "read")]) -> Envelope[PageDetail]:
    return ok(pages.get_page(session=session, policy=policy, page_id=page_id))


@router.post("/page-management", summary="Add a page (code, name, url); no role has access to it yet")
def create_page(body: PageIn, session: SessionDep, policy: PolicyDep,
                actor: Annotated[User, Authz(PAGES, "write")]) -> Envelope[PageDetail]:
    page = pages.create_page(session=session, actor=actor, data=body)
    return ok(pages.get_page(session=session, policy=policy, page_id=page.id))


@router.put("/page-management/{page_id}", summary="Change a page's name and url (its code is fixed)")
def update_page(page_id: Id, body: PageIn, session: SessionDep, policy: PolicyDep,
                actor: Annotated[User, Authz(PAGES, "edit")]) -> Envelope[PageDetail]:
    pages.update_page(session=session, actor=actor, page_id=page_id, data=body)
    return ok(pages.get_page(session=session, policy=policy, page_id=page_id))


@router.delete("/page-management/{page_id}", summary="Remove a page with its policy lines and the menu items that "
                                                     "open it (never Menu Page Access or Page Management)")
def delete_page(page_id: Id, session: SessionDep, policy: PolicyDep,
                actor: Annotated[User, Authz(PAGES, "delete")]) -> Envelope[None]:
    pages.delete_page(session=session, actor=actor, page_id=page_id, policy=policy)
    return ok(None)


@router.get("/menu-management", summary="The whole menu tree: every item, whoever may see it")
def menu_tree(session: SessionDep, actor: Annotated[User, Authz(MENUS, "read")]) -> Envelope[list[MenuItem]]:
    return ok(access_service.menu_tree(session))


@router.post("/menu-management", summary="Add a menu item (a page, a url, or a group with neither), last among its "
                                         "parent's items; answers the whole tree")
def create_menu(body: MenuIn, session: SessionDep,
                actor: Annotated[User, Authz(MENUS, "write")]) -> Envelope[list[MenuItem]]:
    menus.create_menu(session=session, actor=actor, data=body)
    return ok(access_service.menu_tree(session))


@router.put("/menu-management/{menu_id}", summary="Change a menu item; answers the whole tree")
def update_menu(menu_id: Id, body: MenuIn, session: SessionDep,
                actor: Annotated[User, Authz(MENUS, "edit")]) -> Envelope[list[MenuItem]]:
    menus.update_menu(session=session, actor=actor, menu_id=menu_id, data=body)
    return ok(access_service.menu_tree(session))


@router.put("/menu-management/{menu_id}/move", summary="Move a menu item under parentId (none: the top level) at "
                                                       "index among its new siblings; answers the whole tree")
def move_menu(menu_id: Id, body: MenuMove, session: SessionDep,
              actor: Annotated[User, Authz(MENUS, "edit")]) -> Envelope[list[MenuItem]]:
    menus.move_menu(session=session, actor=actor, menu_id=menu_id, data=body)
    return ok(access_service.menu_tree(session))


@router.delete("/menu-management/{menu_id}", summary="Remove a menu item that holds no other item")
def delete_menu(menu_id: Id, session: SessionDep,
                actor: Annotated[User, Authz(MENUS, "delete")]) -> Envelope[None]:
    menus.delete_menu(session=session, actor=actor, menu_id=menu_id)
    return ok(None)
