"""Second-factor payloads: the sign-in's two refusals (error bodies), its answers, and the account's calls."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from api.core.schemas import CamelModel

_CODE = Field(default=None, max_length=20, description="The 6-digit code the authenticator app shows")
_RECOVERY = Field(default=None, max_length=40, description="One of the recovery codes (each works once)")


class SecondFactorChallengeOut(CamelModel):
    """The sign-in's 401 when the user confirms sign-ins with a second factor (an error body: messages and type)."""

    messages: list[str]
    type: Literal["SecondFactorRequired"]
    challenge: str = Field(description="Answer it with a code or a recovery code at POST "
                                       "/api/auth/login/second-factor")
    expires_in: int = Field(description="Seconds the challenge lives")


class EnrolmentOut(CamelModel):
    """What an authenticator app needs: the secret (for typing in), its otpauth URI and the URI as a QR code."""

    secret: str = Field(description="Base32, for entering by hand")
    otpauth_uri: str
    qr_svg: str = Field(description="The otpauth URI as a QR code, an inline SVG element")
    expires_in: int = Field(description="Seconds left to confirm it with a code")


class SecondFactorEnrolmentOut(EnrolmentOut):
    """The sign-in's 401 when the user's role requires a second factor they have not set up: an enrolment-only
    challenge, with the new secret (an error body: messages and type)."""

    messages: list[str]
    type: Literal["SecondFactorEnrolmentRequired"]
    challenge: str = Field(description="Confirm with a code of the new secret at POST "
                                       "/api/auth/login/second-factor/enrol")


class SecondFactorIn(CamelModel):
    """A sign-in's second step: its challenge and either an authenticator code or a recovery code."""

    challenge: str = Field(min_length=1, max_length=100)
    code: str | None = _CODE
    recovery_code: str | None = _RECOVERY


class EnrolIn(CamelModel):
    challenge: str = Field(min_length=1, max_length=100)
    code: str = Field(min_length=1, max_length=20)


class CodeIn(CamelModel):
    code: str = Field(min_length=1, max_length=20)


class ProofIn(CamelModel):
    """A current authenticator code or a recovery code (exactly one)."""

    code: str | None = _CODE
    recovery_code: str | None = _RECOVERY


class RecoveryCodesOut(CamelModel):
    recovery_codes: list[str] = Field(description="Shown this once: only their digests are kept")


class SignedInEnrolledOut(RecoveryCodesOut):
    token: str = Field(description="The access token (bearer); the refresh token is set as an httpOnly cookie")


class SecondFactorStatus(CamelModel):
    enabled: bool
    enabled_at: datetime | None
    recovery_codes_left: int
    required_by_role: bool = Field(description="The user's role requires a second factor: it cannot be turned off")
