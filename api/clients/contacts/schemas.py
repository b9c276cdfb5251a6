"""Contact payloads (spec 3 §3, §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class ContactIn(CamelModel):
    """A contact as the forms send it; rules and messages are checked by the service, all at once."""

    id: Id | None = None
    client_id: Id | None = None
    fullname: str | None = Field(default=None, max_length=150)
    nickname: str | None = Field(default=None, max_length=60)
    gender: str | None = Field(default=None, max_length=10)
    position: str | None = Field(default=None, max_length=120)
    division: str | None = Field(default=None, max_length=120)
    email: str | None = Field(default=None, max_length=160)
    phone_number: str | None = Field(default=None, max_length=30)
    linkedin: str | None = Field(default=None, max_length=250)


class ContactOut(CamelModel):
    id: int
    client_id: int
    client_name: str
    fullname: str
    nickname: str | None
    gender: str
    position: str
    division: str | None
    email: str | None
    phone_number: str | None
    linkedin: str | None
    user: str | None = Field(description="Full name of whoever last changed the contact")
    created_at: datetime
    updated_at: datetime


class ContactIdIn(CamelModel):
    id: Id


class FieldChange(CamelModel):
    field: str
    label: str
    from_: Any = Field(alias="from")
    to: Any


class ContactHistoryOut(CamelModel):
    id: int
    action: str
    created_by: str | None
    fullname: str
    position: str
    division: str | None
    client_name: str
    created_at: datetime
    changes: list[FieldChange]


class ContactAvailabilityIn(CamelModel):
    id: Id | None = None
    client_id: Id | None = None
    client_name: str | None = Field(default=None, max_length=150)
    fullname: str | None = Field(default=None, max_length=150)
    position: str | None = Field(default=None, max_length=120)


class ContactNameAvailabilityIn(CamelModel):
    id: Id | None = None
    name: str | None = Field(default=None, max_length=150)
    variant: str | None = Field(default=None, max_length=20)
    client_id: Id | None = None
    position: str | None = Field(default=None, max_length=120)


class ClientOption(CamelModel):
    id: int
    client_name: str


class Availability(CamelModel):
    available: bool
