"""Base models: camelCase on the wire, the {"results": ...} envelope."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

T = TypeVar("T")


class CamelModel(BaseModel):
    # defer_build: a model's validator and serializer are made when it is first used, not when its module loads:
    # some models are used by no call at start, and a process's start made them all (a twentieth of its CPU)
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True,
                              defer_build=True)


class Envelope(CamelModel, Generic[T]):
    results: T


class Message(CamelModel):
    message: str


def ok(results: T) -> Envelope[T]:
    return Envelope[T](results=results)
