"""Pages of the route table, the menu tree, and the Casbin policy rows."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class Page(Base):
    """A page of the route table; Casbin objects are page codes."""

    __tablename__ = "pages"

    code: Mapped[str] = mapped_column(String(80), primary_key=True)  # e.g. system/client-management
    name: Mapped[str] = mapped_column(String(120))
    url: Mapped[str | None] = mapped_column(String(160))  # None for non-route pages such as "account"


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
