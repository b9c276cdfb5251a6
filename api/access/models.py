"""Pages of the route table, the menu tree, and the Casbin policy rows."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Identity, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class Page(Base):
    """A page of the route table; Casbin objects are page codes."""

    __tablename__ = "pages"

    code: Mapped[str] = mapped_column(String(80), primary_key=True)  # e.g. system/client-management
    # the number page management's routes use (/system/page-management/{id}); the code stays the key Casbin names
    id: Mapped[int] = mapped_column(Integer, Identity(), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    url: Mapped[str | None] = mapped_column(String(160), unique=True)  # None for non-route pages such as "account"


class Menu(Base):
    """A navigation item; groups have no page, leaves point at one."""

    __tablename__ = "menus"

    id: Mapped[int] = mapped_column(primary_key=True)
    label: Mapped[str] = mapped_column(String(80))
    url: Mapped[str | None] = mapped_column(String(160))
    icon: Mapped[str | None] = mapped_column(String(60))
    position: Mapped[str] = mapped_column(String(10))  # TOP, SIDEBAR, BOTH
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("menus.id", ondelete="CASCADE"), index=True)
    page_code: Mapped[str | None] = mapped_column(ForeignKey("pages.code", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer, default=0)


class SeedMark(Base):
    """An item of the reference seed once applied (a page by its code, a menu by its path of labels): the seed adds
    an item only the first time it meets it, so what an administrator removed or renamed stays so."""

    __tablename__ = "seed_marks"

    kind: Mapped[str] = mapped_column(String(10), primary_key=True)  # PAGE, MENU
    key: Mapped[str] = mapped_column(String(400), primary_key=True)  # system/coa-management; Clients > COA Management
    # the menu the seed made or found for the key, followed when the administrator renames or moves it (a new item
    # of the seed's group then still lands in it); None once the administrator removed it
    menu_id: Mapped[int | None] = mapped_column(ForeignKey("menus.id", ondelete="SET NULL"))


class CasbinRule(Base):
    """Casbin's policy table, read and written by casbin-sqlalchemy-adapter."""

    __tablename__ = "casbin_rule"

    id: Mapped[int] = mapped_column(primary_key=True)
    ptype: Mapped[str] = mapped_column(String(255))
    v0: Mapped[str | None] = mapped_column(String(255))
    v1: Mapped[str | None] = mapped_column(String(255))
    v2: Mapped[str | None] = mapped_column(String(255))
    v3: Mapped[str | None] = mapped_column(String(255))
    v4: Mapped[str | None] = mapped_column(String(255))
    v5: Mapped[str | None] = mapped_column(String(255))

    def __str__(self) -> str:
        values = [self.ptype]
        for v in (self.v0, self.v1, self.v2, self.v3, self.v4, self.v5):
            if v is None:
                break
            values.append(v)
        return ", ".join(values)
