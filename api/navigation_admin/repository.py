"""Pages, menu items and the policy lines naming a page, read and written in the caller's transaction."""

from __future__ import annotations

from sqlalchemy import delete, func, or_, select, text, update
from sqlalchemy.orm import Session

from api.access.models import CasbinRule, Menu, Page
from api.core.listing import like

# pg_advisory_xact_lock key: every change of the menu tree holds it until its transaction ends, so two
# administrators moving items at once see each other's move before checking theirs for a cycle
MENU_TREE_LOCK = 0x6D656E75  # "menu"


def lock_menu_tree(session: Session) -> None:
    session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MENU_TREE_LOCK})


def pages(session: Session, search: str | None = None) -> list[Page]:
    stmt = select(Page)
    if search:
        term = like(search.lower())
        stmt = stmt.where(or_(func.lower(Page.name).like(term), func.lower(Page.code).like(term),
                              func.lower(func.coalesce(Page.url, "")).like(term)))
    return list(session.scalars(stmt))


def page_by_id(session: Session, page_id: int) -> Page | None:
    return session.scalar(select(Page).where(Page.id == page_id))


def page_by_code(session: Session, code: str) -> Page | None:
    return session.get(Page, code)


def page_by_url(session: Session, url: str) -> Page | None:
    return session.scalar(select(Page).where(Page.url == url))


def menu_counts(session: Session) -> dict[str, int]:
    """Menu items per page code."""
    stmt = select(Menu.page_code, func.count()).where(Menu.page_code.is_not(None)).group_by(Menu.page_code)
    return {str(code): int(n) for code, n in session.execute(stmt)}


def menus_of_page(session: Session, code: str) -> list[Menu]:
    return list(session.scalars(select(Menu).where(Menu.page_code == code).order_by(Menu.id)))


def page_lines(session: Session, code: str) -> list[CasbinRule]:
    """The `p` lines that name the page itself (not the wildcard ones)."""
    return list(session.scalars(select(CasbinRule).where(CasbinRule.ptype == "p", CasbinRule.v1 == code)
                                .order_by(CasbinRule.v0, CasbinRule.v2)))


def forget_page(session: Session, page: Page) -> None:
    """The page's policy lines and the menu items that open it; their sub-items move up to their parent."""
    for menu in menus_of_page(session, page.code):
        session.execute(update(Menu).where(Menu.parent_id == menu.id).values(parent_id=menu.parent_id))
        session.delete(menu)
    session.execute(delete(CasbinRule).where(CasbinRule.ptype == "p", CasbinRule.v1 == page.code))
    session.delete(page)
    session.flush()
