"""Sign-in, token and password payloads (the session a sign-in opens is access's: api.access.schemas)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class LoginIn(CamelModel):
    username: str = Field(min_length=1, max_length=60)
    password: str = Field(min_length=1, max_length=128)


class AccessToken(CamelModel):
    token: str = Field(description="The access token (bearer); the refresh token is set as an httpOnly cookie")


class DeviceVerificationOut(CamelModel):
    """The sign-in's 401 when the device must be confirmed with a mailed code (an error body: messages and type)."""

    messages: list[str]
    type: Literal["DeviceVerificationRequired"]
    challenge: str = Field(description="Answer it with the code at POST /api/auth/login/code")
    email: str = Field(description="Where the code went, masked: m***@example.com")
    resend_after: int = Field(description="Seconds before another code may be asked for")
    expires_in: int = Field(description="Seconds the code works")


class SignInCodeIn(CamelModel):
    challenge: str = Field(min_length=1, max_length=100)
    code: str = Field(min_length=1, max_length=20)


class ResendCodeIn(CamelModel):
    challenge: str = Field(min_length=1, max_length=100)


class CodeSentOut(CamelModel):
    email: str = Field(description="Where the new code went, masked")
    resend_after: int = Field(description="Seconds before another code may be asked for")


class ForgotPasswordMailIn(CamelModel):
    username: str = Field(min_length=1, max_length=60)
    redirect_base_url: str | None = Field(default=None, max_length=300)


class MailSent(CamelModel):
    sent: bool


class Unlocked(CamelModel):
    code_required: bool = Field(description="Whether a sign-in from a new device needed a mailed code (after many "
                                            "failures from many addresses); that and every address's waits are "
                                            "lifted either way")


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
