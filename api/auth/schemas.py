"""Sign-in, token and password payloads (the session a sign-in opens is access's: api.access.schemas)."""

from __future__ import annotations

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class LoginIn(CamelModel):
    username: str = Field(min_length=1, max_length=60)
    password: str = Field(min_length=1, max_length=128)


class AccessToken(CamelModel):
    token: str = Field(description="The access token (bearer); the refresh token is set as an httpOnly cookie")


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
