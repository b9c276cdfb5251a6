"""Page and menu management payloads (spec 3 §2.9: system/page-management, system/menu-management)."""

from __future__ import annotations

from pydantic import Field

from api.access.schemas import Position
from api.core.inputs import Count, Id
from api.core.schemas import CamelModel


class PageListRow(CamelModel):
    """A page of the route table as the list shows it."""

    id: int
    code: str = Field(description="The Casbin object the policy lines name, e.g. system/client-management")
    name: str
    url: str | None
    roles: int = Field(description="Roles that may read the page")
    menu_items: int = Field(description="Menu items that open the page")


class PageIn(CamelModel):
    """A page as the add and edit screens save it. The code is set once, when the page is added."""

    code: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=300)
    url: str | None = Field(default=None, max_length=300)


class MenuLink(CamelModel):
    id: int
    label: str
    path: list[str] = Field(description="The labels from the top of the menu tree down to this item")
    position: Position


class RoleFlags(CamelModel):
    role_id: int
    role_name: str
    role_description: str
    is_read: bool
    is_write: bool
    is_edit: bool
    is_delete: bool


class PageDetail(CamelModel):
    """A page, the menu items that open it, and what every role may do on it."""

    id: int
    code: str
    name: str
    url: str | None
    protected: bool = Field(description="Administration itself needs the page: it cannot be removed")
    menu_items: list[MenuLink]
    access: list[RoleFlags]


class MenuIn(CamelModel):
    """A menu item: a page, a url, or a group (neither) that holds other items."""

    label: str | None = Field(default=None, max_length=200)
    position: Position = "SIDEBAR"
    icon: str | None = Field(default=None, max_length=200)
    page_code: str | None = Field(default=None, max_length=200)
    url: str | None = Field(default=None, max_length=300)
    parent_id: Id | None = None


class MenuMove(CamelModel):
    """Where an item goes: under parentId (None: the top level), at index among its new siblings."""

    parent_id: Id | None = None
    index: Count = 0
