"""The one search box's answer: what matched, grouped by kind, each with where it opens."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.core.schemas import CamelModel

Kind = Literal["clients", "contacts", "leads", "costSheets", "users"]


class SearchHit(CamelModel):
    id: int
    title: str
    subtitle: str
    link: str = Field(description="the screen that opens it")


class SearchGroup(CamelModel):
    kind: Kind
    label: str
    hits: list[SearchHit]


class SearchOut(CamelModel):
    term: str = Field(description="the term as searched (spaces collapsed, at most 100 characters)")
    groups: list[SearchGroup]
