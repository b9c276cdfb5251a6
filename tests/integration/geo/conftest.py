"""The place search tests' geocoder: the session's fake Nominatim, emptied of requests and of any failure a test
made it play, and named by the API's GEOCODER_URL for the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.geocoder_server import FakeGeocoder


@pytest.fixture
def geocoder(client: TestClient, geocoder_server: FakeGeocoder,
             monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGeocoder]:
    geocoder_server.reset()
    monkeypatch.setattr(client.app.state.settings, "geocoder_url", geocoder_server.url)  # type: ignore[attr-defined]
    yield geocoder_server
    geocoder_server.reset()
