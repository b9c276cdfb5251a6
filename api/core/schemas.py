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


def ok_json(results: Any) -> Response:
    """The envelope of plain data (dicts, lists, datetimes under their wire names) serialised at once, for a large
    answer whose models would cost more than reading its rows; the route names its model with response_model."""
    return Response(to_json({"results": results}), media_type="application/json")
