"""Client payloads (spec 3 §3, §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from api.contacts.schemas import ContactIn, ContactOut
from api.core.inputs import Count, Id
from api.core.schemas import CamelModel


class ClientRow(CamelModel):
    id: int
    client_code: str
    client_name: str
    legal_name: str
    industry: int
    industry_name: str
    address: str
    country: int
    country_name: str
    province: int | None
    province_name: str | None
    city: int | None
    city_name: str | None
    zip_code: str | None
    affiliate: int
    affiliate_name: str
    npwp: str | None
    is_active: bool
    total_leads: int
    total_personel: int
    created_at: datetime
    updated_at: datetime


class ClientOut(ClientRow):
    personnel: list[ContactOut]


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
    zip_code: Annotated[str, Field(max_length=10)] | Count | None = None
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
