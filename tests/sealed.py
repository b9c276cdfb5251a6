"""Temporal clients of the tests, sealing as the product's do (api/core/temporal/sealing.py), with the tests'
payload key (conftest.py puts it in the environment, so the servers and workers the tests start have it too)."""

from __future__ import annotations

import base64
import json
from typing import Any

from temporalio.api.common.v1 import Payload
from temporalio.client import Client
from temporalio.converter import DataConverter

from api.core.config import get_settings
from api.core.temporal.sealing import SealingCodec, data_converter, keys_of, parse_keys

# a fixed key for every process of a test session (never a real deployment's: 32 bytes, base64url)
TEST_KEYS = "test1:Y3JtLXRlc3QtcGF5bG9hZC1rZXktMzItYnl0ZXMtb2s"


def converter() -> DataConverter:
    return data_converter(keys_of(get_settings()))


async def connect(address: str, **kwargs: Any) -> Client:
    """A client of the test server that seals like the API's (no interceptors unless given)."""
    return await Client.connect(address, data_converter=converter(), **kwargs)


def opened_history(history_json: str) -> str:
    """A history's JSON followed by every payload in it opened with the payload key, as text (what an operator's
    UI shows through the codec endpoint): what a search for a secret must look through."""
    codec = SealingCodec(parse_keys(keys_of(get_settings())))
    opened: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            meta = node.get("metadata")
            if isinstance(meta, dict) and "encoding" in meta:
                payload = Payload(metadata={k: base64.b64decode(v) for k, v in meta.items()},
                                  data=base64.b64decode(node.get("data", "")))
                opened.append(codec.open(payload).data.decode(errors="replace"))
                return
            for value in node.values():
                walk(value)

    walk(json.loads(history_json))
    return "\n".join([history_json, *opened])
