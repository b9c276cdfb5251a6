"""The operations calls' bodies. The codec's are Temporal's remote codec protocol (what the Temporal UI and the
`temporal` CLI send to a codec server): payloads in protobuf's JSON form, metadata values and data in base64."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from api.core.schemas import CamelModel


class OperationsSessionOut(CamelModel):
    temporal_ui_url: str | None


class CodecPayload(BaseModel):
    metadata: dict[Annotated[str, Field(max_length=200)], Annotated[str, Field(max_length=2000)]] = Field(
        default_factory=dict, max_length=32)
    data: str = Field(default="", max_length=4_000_000)


class CodecPayloads(BaseModel):
    payloads: list[CodecPayload] = Field(default_factory=list, max_length=1000)
