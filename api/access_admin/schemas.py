"""Menu and page access administration payloads (spec 3 §2.9, §7 "Menu and page access")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel

DashboardComponent = Literal["TOP_MANAGEMENT", "TL", "SALES"]


class RoleAccessRow(CamelModel):
    """A menu-access record: a role, what its dashboard is, whether it sees every lead, and how much it may open."""

    id: int
    role_name: str
    role_description: str
    dashboard_component: str | None
    hierarchy_whitelist: bool
    require_second_factor: bool = Field(description="Its users confirm password sign-ins with a second factor")
    pages: int = Field(description="Pages the role may read")
    users: int = Field(description="Active users with the role")
    every_page: bool = Field(description="A wildcard line grants the role everything (the administrators)")


class RoleIn(CamelModel):
    """A role as the add and edit screens save it (id: edit)."""

    id: Id | None = None
    role_name: str | None = Field(default=None, max_length=100)
    role_description: str | None = Field(default=None, max_length=300)
    dashboard_component: DashboardComponent | None = None
    hierarchy_whitelist: bool = False
    require_second_factor: bool = False


class PageRow(CamelModel):
    code: str
    name: str
    url: str | None


class PageFlagsIn(CamelModel):
    code: str = Field(max_length=80)
    is_read: bool = False
    is_write: bool = False
    is_edit: bool = False
    is_delete: bool = False


class PageAccessIn(CamelModel):
    """A role's whole matrix: every page listed with its four flags (a page left out has none)."""

    role_id: Id
    pages: list[PageFlagsIn] = Field(max_length=500)


class PageFlagsOut(CamelModel):
    code: str
    name: str
    url: str | None
    is_read: bool
    is_write: bool
    is_edit: bool
    is_delete: bool


class RolePageAccess(CamelModel):
    """A role with its matrix: every page of the route table and the role's four flags on it."""

    role: RoleAccessRow
    pages: list[PageFlagsOut]


class WhitelistStatus(CamelModel):
    role_id: int
    hierarchy_whitelist: bool
