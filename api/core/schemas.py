"""Base models: camelCase on the wire, the {"results": ...} envelope."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

T = TypeVar("T")


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


class Envelope(CamelModel, Generic[T]):
    results: T


class Message(CamelModel):
    message: str


def ok(results: T) -> Envelope[T]:
    return Envelope[T](results=results)
