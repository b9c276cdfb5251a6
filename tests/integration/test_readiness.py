"""Readiness: the API answers ready only while PostgreSQL, Redis and Temporal each answer, and names the one that
does not (each taken away in turn behind a TCP gate, then given back); liveness stays 200 throughout."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.core.config import Settings
from api.main import create_app
from tests.gate import Gate


@pytest.fixture(scope="module")
def gated(settings: Settings) -> Iterator[tuple[TestClient, dict[str, Gate]]]:
    assert settings.database_url and settings.redis_url and settings.temporal_address
    database, database_url = Gate.before_postgres(settings.database_url)
    redis = Gate.before(settings.redis_url.split("//")[1].split("/")[0])
    temporal = Gate.before(settings.temporal_address)
    app = create_app(settings.model_copy(update={
        "database_url": database_url, "redis_url": redis.url(settings.redis_url),
        "temporal_address": temporal.address()}))
    gates = {"database": database, "redis": redis, "temporal": temporal}
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, gates
    for gate in gates.values():
        gate.down()


def test_ready_while_every_dependency_answers(gated: tuple[TestClient, dict[str, Gate]]) -> None:
    client, _ = gated
    answer = client.get("/api/ready")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["status"] == "ready" and body["failed"] == []
    assert {name: check["ok"] for name, check in body["checks"].items()} == {
        "database": True, "redis": True, "temporal": True}
    assert answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("dependency", ["database", "redis", "temporal"])
def test_each_dependency_down_in_turn_is_named_and_ready_again_once_back(
        gated: tuple[TestClient, dict[str, Gate]], dependency: str) -> None:
    client, gates = gated
    gates[dependency].down()
    try:
        answer = client.get("/api/ready")
        assert answer.status_code == 503, answer.text
        body = answer.json()
        assert body["status"] == "unavailable" and body["failed"] == [dependency]
        assert body["checks"][dependency]["ok"] is False and body["checks"][dependency]["error"]
        assert all(check["ok"] for name, check in body["checks"].items() if name != dependency)
        assert client.get("/api/health").json() == {"status": "ok"}  # liveness checks nothing else
    finally:
        gates[dependency].up()
    again = client.get("/api/ready")
    assert again.status_code == 200, again.text
