"""Access queries: the pages and menus of the navigation."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.access.models import Menu, Page


def pages(session: Session) -> list[Page]:
    return list(session.scalars(select(Page)))


def menus(session: Session) -> list[Menu]:
    """Every menu item, in their order among their siblings."""
    return list(session.scalars(select(Menu).order_by(Menu.seq, Menu.id)))
