"""Chart of accounts payloads (spec 3 §3 COA entry, §7 COA calls)."""

from __future__ import annotations

from datetime import datetime

from pydantic import AliasChoices, Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class CoaOut(CamelModel):
    id: int
    code: str
    name: str
    item: str = Field(description="The same as name: the form and the list call it Item")
    description: str
    keywords: str
    type: str = Field(description="REVENUE or COST")
    created_at: datetime
    updated_at: datetime


class CoaIn(CamelModel):
    """The COA form; each rule is checked by the service with the spec's message, all at once."""

    id: Id | None = None
    code: str | None = Field(default=None, max_length=200)
    item: str | None = Field(default=None, max_length=1000,
                             validation_alias=AliasChoices("item", "name"),
                             description="The entry's name (also accepted as `name`)")
    description: str | None = Field(default=None, max_length=5000)
    keywords: str | None = Field(default=None, max_length=2000)
    type: str | None = Field(default=None, max_length=50)


class CoaIdIn(CamelModel):
    id: Id


class CoaType(CamelModel):
    type: str
