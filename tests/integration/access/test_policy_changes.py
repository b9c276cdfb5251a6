"""The policy lives in PostgreSQL; a change made by one API process reaches the others without a restart."""

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.core.authz import PolicyStore
from api.core.db import make_engine
from api.core.redis import make_redis
from policies.enforcer import build_enforcer
from tests.conftest import Services, auth

RULE = ("SALES", "system/client-management", "write")


@pytest.fixture
def other_process(services: Services, database_url: str) -> Iterator[PolicyStore]:
    """A second PolicyStore on its own engine and Redis connection, as another API process has."""
    engine = make_engine(database_url)
    store = PolicyStore(build_enforcer(engine), make_redis(services.redis_url))
    yield store
    if not store.enforcer.has_policy(*RULE):
        store.enforcer.add_policy(*RULE)
        store.changed()
    engine.dispose()


def test_a_removed_permission_reaches_the_running_api(client: TestClient, other_process: PolicyStore) -> None:
    headers = auth(client, "sales1")
    flags = client.get("/api/auth/session", headers=headers).json()["results"]["pageAccess"]
    assert flags["system/client-management"]["isWrite"] is True

    assert other_process.enforcer.remove_policy(*RULE)
    other_process.changed()

    flags = client.get("/api/auth/session", headers=headers).json()["results"]["pageAccess"]
    assert flags["system/client-management"]["isWrite"] is False
    assert flags["system/client-management"]["isRead"] is True


def test_the_policy_rows_are_in_postgres(other_process: PolicyStore, database_url: str) -> None:
    from sqlalchemy import text

    engine = make_engine(database_url)
    with engine.connect() as conn:
        count = conn.execute(text("select count(*) from casbin_rule where v0 = 'SALES'")).scalar_one()
    engine.dispose()
    assert count == len([p for p in other_process.enforcer.get_policy() if p[0] == "SALES"]) > 10
