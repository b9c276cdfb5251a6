"""The session as the front end reads it: the user, their navigation, the routes and page flags they may use."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.core.schemas import CamelModel


class SessionUser(CamelModel):
    user_id: int
    id: int
    username: str
    fullname: str
    nickname: str | None
    tenant_name: str
    role_name: str
    role_description: str
    dashboard_component: str | None
    hierarchy_whitelist: bool
    profile_picture: str | None
    gender: str | None
    dob: str | None
    email: str | None
    phone_number: str | None
    device_id: str | None
    leader_id: int | None
    leader_name: str | None


Position = Literal["TOP", "SIDEBAR", "BOTH"]


class MenuItem(CamelModel):
    """An item of the menu tree, whoever may see it."""

    id: int
    label: str
    position: Position
    icon: str | None
    page_code: str | None
    page_name: str | None
    url: str | None = Field(description="The item's own url (an item that opens no page)")
    opens: str | None = Field(description="What the item opens: its page's url or its own")
    parent_id: int | None
    seq: int
    submenu: list[MenuItem]


class NavItem(CamelModel):
    id: int
    label: str
    url: str | None
    icon: str | None
    position: Position
    submenu: list[NavItem] = Field(default_factory=list)


class PageFlags(CamelModel):
    is_read: bool
    is_write: bool
    is_edit: bool
    is_delete: bool


class SessionOut(CamelModel):
    user: SessionUser
    navigations: list[NavItem]
    routes: list[str] = Field(description="Route prefixes of the pages this user may read")
    all_routes: list[str] = Field(description="Every page route of the route table; the longest one that prefixes "
                                              "a path decides whether the path is allowed")
    page_access: dict[str, PageFlags]
    route_names: dict[str, str] = Field(description="Each page route's page name: what Access Denied names")
    time_zone: str = Field(description="The business's time zone (TIME_ZONE), e.g. Asia/Jakarta: every date and time "
                                       "the app shows is read in it, whatever the browser's own zone")


class Grant(CamelModel):
    allowed: bool
    granted_by: list[str] = Field(description='The policy lines that grant it: "p, SALES, leads, read"')


class EffectivePage(CamelModel):
    code: str
    name: str
    url: str | None
    read: Grant
    write: Grant
    edit: Grant
    delete: Grant


class EffectiveAccess(CamelModel):
    """What a user may do on every page, and why: their role's policy lines."""

    user_id: int
    username: str
    fullname: str
    role_name: str
    role_description: str
    pages: list[EffectivePage]
