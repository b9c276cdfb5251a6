"""Page management (system/page-management): the pages of the route table, whose codes are what the policy lines
name. A page is added with its code once and for all; its name and url may change; removing it removes its policy
lines and the menu items that open it. The pages that administration itself needs cannot be removed."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy.orm import Session

from api.access import repository as access_repo
from api.access.models import Menu
from api.access.models import Page as PageModel
from api.access.service import page_flags
from api.audit import service as audit
from api.core.authz import PolicyStore
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.listing import ListParams, Page, check_sort
from api.navigation_admin import repository as repo
from api.navigation_admin.schemas import MenuLink, PageDetail, PageIn, PageListRow, RoleFlags
from api.users import repository as users_repo
from api.users.models import User

THIS_PAGE = "system/page-management"
# without these nobody could give access to a page or add one again
PROTECTED = ("system/menu-page-access", THIS_PAGE)
NOT_FOUND = "Page not found."
CODE_REQUIRED = "Please enter page code"
CODE_RULE = ("Page code must be lower-case letters, digits and hyphens, in segments separated by '/' "
             "(e.g. system/foo), at most 80 characters.")
CODE_FIXED = ("A page's code cannot change: the access rules (policy lines) name the page by it. "
              "Add a new page instead.")
NAME_REQUIRED = "Please enter page name"
NAME_RULE = "Page name must be at most 120 characters."
URL_RULE = "URL must start with '/', have no spaces and be at most 160 characters."
PROTECTED_PAGE = ("This page cannot be removed: administration needs it (without Menu Page Access and Page "
                  "Management nobody could give access to pages again).")
CODE = re.compile(r"^[a-z0-9-]+(/[a-z0-9-]+)*$")
URL = re.compile(r"^/\S*$")
SORTS = ("name", "code", "url", "roles", "menuItems")


def url_ok(url: str) -> bool:
    """A route: '/' then no spaces, at most 160 characters (a page's url and a menu item's own)."""
    return len(url) <= 160 and URL.match(url) is not None


def code_taken(code: str) -> str:
    return f"Page '{code}' already exists."


def url_taken(url: str, other: PageModel) -> str:
    return f"The URL {url} is already the page {other.name} ({other.code})."


def list_pages(*, session: Session, policy: PolicyStore, params: ListParams) -> Page[PageListRow]:
    """Searched in name, code and url; sorted by any column (the route table is small: sorted here, as the role
    counts come from the policy)."""
    check_sort(params.sort, SORTS)
    roles = users_repo.roles(session)
    menus = repo.menu_counts(session)
    rows = [PageListRow(id=p.id, code=p.code, name=p.name, url=p.url,
                    roles=sum(policy.allowed(r.name, p.code, "read") for r in roles),
                    menu_items=menus.get(p.code, 0)) for p in repo.pages(session, params.search)]

    def key(row: PageListRow) -> Any:
        value = {"name": row.name.lower(), "code": row.code, "url": row.url or "", "roles": row.roles,
                 "menuItems": row.menu_items}[params.sort or "name"]
        return (value, row.id)

    rows.sort(key=key, reverse=params.desc)
    return Page(data=rows[params.offset:params.offset + params.limit], total_rows=len(rows))


def _page(session: Session, page_id: int) -> PageModel:
    page = repo.page_by_id(session, page_id)
    if page is None:
        raise NotFound(NOT_FOUND)
    return page


def _path(menu: Menu, by_id: dict[int, Menu]) -> list[str]:
    path, seen = [menu.label], {menu.id}
    while menu.parent_id is not None and menu.parent_id in by_id and menu.parent_id not in seen:
        menu = by_id[menu.parent_id]
        seen.add(menu.id)
        path.insert(0, menu.label)
    return path


def get_page(*, session: Session, policy: PolicyStore, page_id: int) -> PageDetail:
    page = _page(session, page_id)
    by_id = {m.id: m for m in access_repo.menus(session)}
    links = [MenuLink(id=m.id, label=m.label, path=_path(m, by_id), position=m.position)
             for m in by_id.values() if m.page_code == page.code]
    access = [RoleFlags(role_id=r.id, role_name=r.name, role_description=r.description,
                        **page_flags(policy, r.name, [page])[page.code].model_dump())
              for r in users_repo.roles(session)]
    return PageDetail(id=page.id, code=page.code, name=page.name, url=page.url, protected=page.code in PROTECTED,
                      menu_items=links, access=access)


def _described(page: PageModel) -> dict[str, object]:
    return {"code": page.code, "name": page.name, "url": page.url}


def _checked(session: Session, data: PageIn, page: PageModel | None) -> tuple[str, str, str | None]:
    code = (data.code or "").strip()
    name = (data.name or "").strip()
    url = (data.url or "").strip() or None
    errors: list[str] = []
    if page is not None:
        if code and code != page.code:
            errors.append(CODE_FIXED)
        code = page.code
    elif not code:
        errors.append(CODE_REQUIRED)
    elif len(code) > 80 or not CODE.match(code):
        errors.append(CODE_RULE)
    elif repo.page_by_code(session, code) is not None:
        errors.append(code_taken(code))
    if not name:
        errors.append(NAME_REQUIRED)
    elif len(name) > 120:
        errors.append(NAME_RULE)
    if url is not None:
        other = repo.page_by_url(session, url) if url_ok(url) else None
        if not url_ok(url):
            errors.append(URL_RULE)
        elif other is not None and other is not page:
            errors.append(url_taken(url, other))
    if errors:
        raise ValidationFailed(errors)
    return code, name, url


def create_page(*, session: Session, actor: User, data: PageIn) -> PageModel:
    """A new page, that no role has access to yet (the wildcard lines aside)."""
    code, name, url = _checked(session, data, None)
    page = PageModel(code=code, name=name, url=url)
    session.add(page)
    session.flush()
    audit.record(session, actor_id=actor.id, subject="PAGE", subject_id=page.code, label=page.name,
                 action="CREATE", changes=audit.diff({}, _described(page)))
    session.commit()
    return page


def update_page(*, session: Session, actor: User, page_id: int, data: PageIn) -> PageModel:
    page = _page(session, page_id)
    before = _described(page)
    _, page.name, page.url = _checked(session, data, page)
    session.flush()
    changes = audit.diff(before, _described(page))
    if changes:
        audit.record(session, actor_id=actor.id, subject="PAGE", subject_id=page.code, label=page.name,
                     action="UPDATE", changes=changes)
    session.commit()
    return page


def delete_page(*, session: Session, actor: User, page_id: int, policy: PolicyStore) -> None:
    """The page, its policy lines and the menu items that open it; committed, then every process reloads the policy."""
    page = _page(session, page_id)
    if page.code in PROTECTED:
        raise Conflict(PROTECTED_PAGE)
    lines = [str(line) for line in repo.page_lines(session, page.code)]
    menus = [m.label for m in repo.menus_of_page(session, page.code)]
    changes = audit.diff(_described(page), {})
    if lines:
        changes.append({"field": "policy lines", "old": lines, "new": None})
    if menus:
        changes.append({"field": "menu items", "old": menus, "new": None})
    repo.lock_menu_tree(session)
    repo.forget_page(session, page)
    audit.record(session, actor_id=actor.id, subject="PAGE", subject_id=page.code, label=page.name,
                 action="DELETE", changes=changes)
    session.commit()
    policy.changed()  # every process reloads the policy
