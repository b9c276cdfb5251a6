"""Fixtures of the approval tests on the real stack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from api.leads.models import Lead
from api.notifications.models import Notification
from tests.conftest import auth


@pytest.fixture
def lead(live: TestClient) -> Iterator[dict[str, Any]]:
    headers = auth(live, "sales1")
    clients = live.get("/api/master-data/clients", headers=headers).json()["results"]
    r = live.post("/api/leads", json={"clientId": clients[0]["id"], "projectName": "Approval test lead"},
                  headers=headers)
    assert r.status_code == 200, r.text
    created = r.json()["results"]
    yield created
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    session.execute(delete(Notification).where(Notification.message.like("%Approval test lead%")))
    session.execute(delete(Lead).where(Lead.id == created["id"]))
    session.commit()
    session.close()
