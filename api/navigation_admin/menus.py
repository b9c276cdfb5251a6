"""Menu management (system/menu-management): the menu tree every signed-in user's navigation is drawn from (each
sees the items whose page their role may read). An item opens a page, or a url, or is a group of other items. Every
change holds the menu tree's lock until it commits, so two administrators moving items at once cannot make a cycle;
sessions read the tree on every call, so a change shows in everyone's menus on their next session call."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.access import repository as access_repo
from api.access.models import Menu
from api.audit import service as audit
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.navigation_admin import repository as repo
from api.navigation_admin.pages import URL_RULE, url_ok
from api.navigation_admin.schemas import MenuIn, MenuMove
from api.users.models import User

THIS_PAGE = "system/menu-management"
NOT_FOUND = "Menu item not found."
LABEL_REQUIRED = "Please enter menu label"
LABEL_RULE = "Menu label must be at most 80 characters."
ICON_RULE = "Icon must be at most 60 characters."
PAGE_OR_URL = "A menu item opens a page or a url, not both: choose one (or neither, for a group)."
PARENT_NOT_FOUND = "The parent menu item does not exist."
UNDER_ITSELF = "A menu item cannot be moved under itself or one of its own items."


def unknown_page(code: str) -> str:
    return f"Unknown page '{code}'."


def has_items(count: int) -> str:
    return f"Move or remove its {count} item{'s' if count != 1 else ''} first."


def _menu(session: Session, menu_id: int) -> Menu:
    menu = session.get(Menu, menu_id)
    if menu is None:
        raise NotFound(NOT_FOUND)
    return menu


def _described(menu: Menu, by_id: dict[int, Menu]) -> dict[str, object]:
    parent = by_id.get(menu.parent_id) if menu.parent_id is not None else None
    return {"label": menu.label, "position": menu.position, "icon": menu.icon, "page": menu.page_code,
            "url": menu.url, "parent": parent.label if parent else None, "order": menu.seq}


def _inside(menu_id: int, parent_id: int | None, by_id: dict[int, Menu]) -> bool:
    """Whether parent_id is the item itself or one of its descendants."""
    seen: set[int] = set()
    while parent_id is not None and parent_id not in seen:
        if parent_id == menu_id:
            return True
        seen.add(parent_id)
        parent = by_id.get(parent_id)
        parent_id = parent.parent_id if parent else None
    return False


def _siblings(parent_id: int | None, by_id: dict[int, Menu], but: int | None = None) -> list[Menu]:
    return sorted((m for m in by_id.values() if m.parent_id == parent_id and m.id != but), key=lambda m: (m.seq, m.id))


def _renumber(items: list[Menu]) -> None:
    for i, m in enumerate(items):
        m.seq = i


def _checked(session: Session, data: MenuIn, by_id: dict[int, Menu], menu: Menu | None) -> tuple[
        str, str | None, str | None, str | None]:
    label = (data.label or "").strip()
    icon = (data.icon or "").strip() or None
    page = (data.page_code or "").strip() or None
    url = (data.url or "").strip() or None
    errors: list[str] = []
    if not label:
        errors.append(LABEL_REQUIRED)
    elif len(label) > 80:
        errors.append(LABEL_RULE)
    if icon is not None and len(icon) > 60:
        errors.append(ICON_RULE)
    if page is not None and url is not None:
        errors.append(PAGE_OR_URL)
    elif page is not None and repo.page_by_code(session, page) is None:
        errors.append(unknown_page(page))
    elif url is not None and not url_ok(url):
        errors.append(URL_RULE)
    if data.parent_id is not None:
        if data.parent_id not in by_id:
            errors.append(PARENT_NOT_FOUND)
        elif menu is not None and _inside(menu.id, data.parent_id, by_id):
            errors.append(UNDER_ITSELF)
    if errors:
        raise ValidationFailed(errors)
    return label, icon, page, url


def create_menu(*, session: Session, actor: User, data: MenuIn) -> Menu:
    """A new item, last among the items of its parent."""
    repo.lock_menu_tree(session)
    by_id = {m.id: m for m in access_repo.menus(session)}
    label, icon, page, url = _checked(session, data, by_id, None)
    menu = Menu(label=label, icon=icon, page_code=page, url=url, position=data.position, parent_id=data.parent_id,
                seq=len(_siblings(data.parent_id, by_id)))
    session.add(menu)
    session.flush()
    by_id[menu.id] = menu
    audit.record(session, actor_id=actor.id, subject="MENU", subject_id=menu.id, label=menu.label,
                 action="CREATE", changes=audit.diff({}, _described(menu, by_id)))
    session.commit()
    return menu


def update_menu(*, session: Session, actor: User, menu_id: int, data: MenuIn) -> Menu:
    """The item's label, position, icon, page or url, and parent (a new parent: last among its items)."""
    repo.lock_menu_tree(session)
    menu = _menu(session, menu_id)
    by_id = {m.id: m for m in access_repo.menus(session)}
    label, icon, page, url = _checked(session, data, by_id, menu)
    before = _described(menu, by_id)
    if data.parent_id != menu.parent_id:
        old_parent = menu.parent_id
        menu.parent_id = data.parent_id
        menu.seq = len(_siblings(data.parent_id, by_id, but=menu.id))
        _renumber(_siblings(old_parent, by_id, but=menu.id))
    menu.label, menu.icon, menu.page_code, menu.url, menu.position = label, icon, page, url, data.position
    session.flush()
    changes = audit.diff(before, _described(menu, by_id))
    if changes:
        audit.record(session, actor_id=actor.id, subject="MENU", subject_id=menu.id, label=menu.label,
                     action="UPDATE", changes=changes)
    session.commit()
    return menu


def move_menu(*, session: Session, actor: User, menu_id: int, data: MenuMove) -> Menu:
    """The item goes under parentId at index among its new siblings (past the end: last); both lists of
    siblings are numbered again."""
    repo.lock_menu_tree(session)
    menu = _menu(session, menu_id)
    by_id = {m.id: m for m in access_repo.menus(session)}
    if data.parent_id is not None and data.parent_id not in by_id:
        raise ValidationFailed(PARENT_NOT_FOUND)
    if _inside(menu.id, data.parent_id, by_id):
        raise ValidationFailed(UNDER_ITSELF)
    before = _described(menu, by_id)
    old_parent = menu.parent_id
    siblings = _siblings(data.parent_id, by_id, but=menu.id)
    siblings.insert(min(data.index, len(siblings)), menu)
    menu.parent_id = data.parent_id
    _renumber(siblings)
    if old_parent != data.parent_id:
        _renumber(_siblings(old_parent, by_id, but=menu.id))
    session.flush()
    changes = audit.diff(before, _described(menu, by_id))
    if changes:
        audit.record(session, actor_id=actor.id, subject="MENU", subject_id=menu.id, label=menu.label,
                     action="MOVE", changes=changes)
    session.commit()
    return menu


def delete_menu(*, session: Session, actor: User, menu_id: int) -> None:
    """An item that holds no other item."""
    repo.lock_menu_tree(session)
    menu = _menu(session, menu_id)
    by_id = {m.id: m for m in access_repo.menus(session)}
    items = _siblings(menu.id, by_id)
    if items:
        raise Conflict(has_items(len(items)))
    before = _described(menu, by_id)
    session.delete(menu)
    _renumber(_siblings(menu.parent_id, by_id, but=menu.id))
    session.flush()
    audit.record(session, actor_id=actor.id, subject="MENU", subject_id=menu.id, label=menu.label,
                 action="DELETE", changes=audit.diff(before, {}))
    session.commit()
