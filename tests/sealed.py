"""Temporal clients of the tests, sealing as the product's do (api/core/sealing.py), with the tests' payload key
(conftest.py puts it in the environment, so the servers and workers the tests start have it too)."""

from __future__ import annotations

from typing import Any

from temporalio.client import Client
from temporalio.converter import DataConverter

from api.core.config import get_settings
from api.core.sealing import data_converter

# a fixed key for every process of a test session (never a real deployment's: 32 bytes, base64url)
TEST_KEYS = "test1:Y3JtLXRlc3QtcGF5bG9hZC1rZXktMzItYnl0ZXMtb2s"


def converter() -> DataConverter:
    return data_converter(get_settings().payload_keys())


async def connect(address: str, **kwargs: Any) -> Client:
    """A client of the test server that seals like the API's (no interceptors unless given)."""
    return await Client.connect(address, data_converter=converter(), **kwargs)
