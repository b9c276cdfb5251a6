"""Saved view payloads (api/saved_views/service.py)."""

from __future__ import annotations

from pydantic import Field

from api.core.inputs import Id
from api.core.schemas import CamelModel


class SavedViewIn(CamelModel):
    """A view to save, or what changes in one of the caller's (a field left out stays as it is)."""

    list: str | None = Field(default=None, max_length=1000, description="the list's page route, e.g. /leads")
    name: str | None = Field(default=None, max_length=1000)
    query: str | None = Field(default=None, max_length=10000,
                              description="the list's URL query (filters, sort, page size, columns); its page "
                                          "number is dropped")
    shared: bool | None = Field(default=None, description="offered to everyone below the caller (a team leader's)")
    is_default: bool | None = Field(default=None, description="the caller opens the list with it")


class DefaultViewIn(CamelModel):
    list: str = Field(max_length=1000)
    view_id: Id | None = Field(default=None, description="a view offered to the caller; none: the list as it comes")


class SavedViewOut(CamelModel):
    id: int
    name: str
    query: str
    shared: bool
    mine: bool = Field(description="the caller's own (they may change or delete it)")
    owner_name: str
    is_default: bool


class SavedViewsOut(CamelModel):
    """The views a list offers the caller: their own, then those their team leaders share."""

    views: list[SavedViewOut]
    default_id: int | None
    can_share: bool = Field(description="the caller has a team to share a view with")
