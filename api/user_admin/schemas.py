"""User Management payloads."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field

from api.core.inputs import Id, Version
from api.core.schemas import CamelModel


class UserRow(CamelModel):
    """A user as User Management lists and edits them."""

    id: int
    username: str
    fullname: str
    nickname: str | None
    role_id: int
    role_name: str
    role_description: str
    leader_id: int | None
    leader_name: str | None
    email: str | None
    phone_number: str | None
    gender: str | None = Field(description="F or male, as the session shows it")
    dob: date | None
    is_active: bool
    password_sign_in: bool = Field(description="Whether this user may sign in with a password (else only through an "
                                               "OpenID provider)")
    last_sign_in_at: datetime | None
    reports: int = Field(description="Active users whose leader this user is")
    erased: bool = Field(default=False, description="Their data was erased (UU PDP): the record is kept for its id "
                                                    "only and is never edited again")
    version: int = Field(description="Sent back with an edit: an edit of an older version is refused (409)")


class UserIn(CamelModel):
    """The user form; the service checks every rule at once and answers with the form's messages. On creation,
    either a password (with its confirmation) or `sendPasswordMail` (to the user's e-mail)."""

    username: str | None = Field(default=None, max_length=200)
    fullname: str | None = Field(default=None, max_length=500)
    nickname: str | None = Field(default=None, max_length=200)
    role_id: Id | None = None
    leader_id: Id | None = None
    email: str | None = Field(default=None, max_length=500)
    phone_number: str | None = Field(default=None, max_length=100)
    gender: str | None = Field(default=None, max_length=10)
    dob: date | None = None
    is_active: bool = True
    password_sign_in: bool = Field(default=True, description="Off: this user signs in only through an OpenID "
                                                             "provider")
    password: str | None = Field(default=None, max_length=200)
    confirm_password: str | None = Field(default=None, max_length=200)
    send_password_mail: bool = False
    redirect_base_url: str | None = Field(default=None, max_length=300,
                                          description="Where the password mail's link points (the app's origin)")
    version: Version | None = Field(default=None, description="The user's version when the form opened them: "
                                    "required to edit (an edit over a newer version is refused, 409)")


class RoleOption(CamelModel):
    id: int
    name: str
    description: str


class HierarchyNode(CamelModel):
    """A person of the reporting tree: the tree is drawn from leaderId."""

    id: int
    username: str
    fullname: str
    nickname: str | None
    role_name: str
    role_description: str
    leader_id: int | None
    profile_picture: str | None


class LeaderIn(CamelModel):
    leader_id: Id | None = Field(default=None, description="None: at the top of the tree")
