"""Client payloads (spec 3 §3, §7); the rows client management answers are api.client_views.schemas."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from api.clients.contacts.schemas import ContactIn
from api.core.inputs import Id
from api.core.schemas import CamelModel


def _zip_text(value: Any) -> Any:
    """A zip code comes as digits or as a number (spec 3 §5): kept as the text it is, at most the column's 10."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and len(value.strip()) > ZIP_LENGTH:
        raise PydanticCustomError("zip_length", f"Zip code can have at most {ZIP_LENGTH} digits.")
    return value


ZIP_LENGTH = 10  # clients.zip_code String(10)
ZipCode = Annotated[str, BeforeValidator(_zip_text), WithJsonSchema({"anyOf": [
    {"type": "string", "maxLength": ZIP_LENGTH}, {"type": "integer", "minimum": 0, "maximum": 10**ZIP_LENGTH - 1}]})]


class ClientIn(CamelModel):
    """The client wizard's data; each rule is checked by the service with the spec's message."""

    id: Id | None = None
    client_code: str | None = Field(default=None, max_length=10)
    client_name: str | None = Field(default=None, max_length=150)
    legal_name: str | None = Field(default=None, max_length=200)
    industry: Id | None = None
    address: str | None = Field(default=None, max_length=1000)
    country: Id | None = None
    province: Id | None = None
    city: Id | None = None
    zip_code: ZipCode | None = None
    affiliate: Id | None = None
    npwp: str | None = Field(default=None, max_length=30)
    is_active: bool = True
    personnel: list[ContactIn] | None = Field(default=None, max_length=200)


class NameAvailabilityIn(CamelModel):
    name: str | None = Field(default=None, max_length=150)
    variant: Literal["create", "update"] = "create"
    client_id: Id | None = None


class CodeAvailabilityIn(CamelModel):
    client_code: str | None = Field(default=None, max_length=10)
    client_id: Id | None = None


class ClientItemOut(CamelModel):
    """An active client in the pickers (GET /master-data/clients)."""

    id: int
    client_name: str
