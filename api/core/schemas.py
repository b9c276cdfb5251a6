"""Base models: camelCase on the wire, the {"results": ...} envelope."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel
from pydantic_core import to_json

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


def wire_names(model: type[BaseModel]) -> tuple[str, ...]:
    """The model's fields as its answers name them (camelCase), in order: the keys of an answer built as plain data."""
    return tuple(field.alias or name for name, field in model.model_fields.items())


def answered(results: Any) -> Response:
    """ok(results) of plain data named as the route's response model names its fields (wire_names), serialised once
    as FastAPI serialises a response model, for a route that declares its `response_model=` and returns this: no
    model is built for its rows (the board's 300 cards, a team leader's month of plans cost more to validate than to
    read), and FastAPI neither validates the answer (for a plain `def` route, a thread hand-off of its own) nor
    serialises it again."""
    return Response(to_json({"results": results}), media_type="application/json")
