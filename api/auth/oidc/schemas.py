"""Single sign-on payloads: the sign-in page's choices and the role mappings."""

from __future__ import annotations

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class ProviderChoice(CamelModel):
    key: str = Field(description="Sign in with it at GET /api/auth/oidc/{key}/start")
    label: str = Field(description="The button's text: Sign in with <label>")


class SignInOptions(CamelModel):
    password_sign_in: bool = Field(description="Whether the sign-in page offers the username and password form")
    providers: list[ProviderChoice]


class ProviderInfo(CamelModel):
    """A configured provider as its role mappings' screen shows it (no secret)."""

    key: str
    label: str
    issuer: str
    roles_claim: str | None = Field(description="The claim whose values map to roles; None: no mapping possible")
    provisioning: str = Field(description="refuse or inactive: what a first-time person without an account gets")


class RoleMappingIn(CamelModel):
    provider: str = Field(min_length=1, max_length=30)
    claim_value: str = Field(min_length=1, max_length=255, description="A group or role the provider's claim lists")
    role_id: Id
    priority: int = Field(default=100, ge=0, le=10000, description="Of several matching values, the lowest wins")


class RoleMappingRow(CamelModel):
    id: int
    provider: str
    claim_value: str
    role_id: int
    role_name: str
    role_description: str
    priority: int


class RoleChoice(CamelModel):
    id: int
    name: str
    description: str


class RoleMappingsOut(CamelModel):
    providers: list[ProviderInfo]
    mappings: list[RoleMappingRow]
    roles: list[RoleChoice] = Field(description="The product roles a value may map to")


class SignedOut(CamelModel):
    end_session_url: str | None = Field(description="Where the browser goes next to end its provider's session too "
                                                    "(a sign-in through a provider); None: straight to /signin")
