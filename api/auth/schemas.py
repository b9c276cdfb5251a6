"""Sign-in, session and password-reset payloads."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class LoginIn(CamelModel):
    username: str = Field(min_length=1, max_length=60)
    password: str = Field(min_length=1, max_length=128)


class TokenPair(CamelModel):
    token: str
    refresh_token: str


class RefreshIn(CamelModel):
    refresh_token: str = Field(min_length=1, max_length=200)


class LogoutIn(CamelModel):
    refresh_token: str | None = Field(default=None, max_length=200)


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


class NavItem(CamelModel):
    id: int
    label: str
    url: str | None
    icon: str | None
    position: Literal["TOP", "SIDEBAR", "BOTH"]
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


class ForgotPasswordMailIn(CamelModel):
    username: str = Field(min_length=1, max_length=60)
    redirect_base_url: str | None = Field(default=None, max_length=300)


class MailSent(CamelModel):
    sent: bool


class Unlocked(CamelModel):
    was_locked: bool = Field(description="Whether the account was locked (its delays are lifted either way)")


class ResetTokenOut(CamelModel):
    user_id: int
    user_name: str


class ResetPasswordIn(CamelModel):
    user_id: Id | None = None
    user_name: str | None = Field(default=None, max_length=60)
    new_password: str | None = Field(default=None, max_length=128)
    confirmation_new_password: str | None = Field(default=None, max_length=128)
    forgot_password_token: str | None = Field(default=None, max_length=200)


class ChangeOwnPasswordIn(CamelModel):
    old_password: str = Field(min_length=1, max_length=128)
    new_password: str | None = Field(default=None, max_length=128)
    confirmation_new_password: str | None = Field(default=None, max_length=128)


class SetPasswordIn(CamelModel):
    new_password: str | None = Field(default=None, max_length=128)
    confirmation_new_password: str | None = Field(default=None, max_length=128)
