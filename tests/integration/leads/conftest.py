"""Lead fixtures: a fresh lead of sales1 on a client with contacts."""

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import auth


def lead_refs(client: TestClient) -> dict[str, Any]:
    """What a lead refers to, from the seed: Bank Nusa Mandiri, its contacts, and the first of each master list."""
    headers = auth(client, "admin")

    def items(path: str) -> list[dict[str, Any]]:
        return client.get(f"/api/master-data/{path}", headers=headers).json()["results"]  # type: ignore[no-any-return]

    clients = items("clients")
    bank = next(c["id"] for c in clients if c["clientName"] == "Bank Nusa Mandiri")
    pics = client.get("/api/people", params={"criteria": json.dumps([{"field": "clientId", "value": bank}])},
                      headers=headers).json()["results"]["data"]
    return {"client": bank, "pics": [p["id"] for p in pics], "source": items("sources")[0]["id"],
            "projectType": items("project-types")[0]["id"], "entity": items("entities")[0]["id"],
            "unit": items("units")[0]["id"], "category": items("service-categories")[0]["id"]}


@pytest.fixture
def refs(client: TestClient) -> dict[str, Any]:
    return lead_refs(client)


def new_lead(client: TestClient, refs: dict[str, Any], user: str = "sales1", **extra: Any) -> dict[str, Any]:
    body = {"clientId": refs["client"], "sourceId": refs["source"], "personInCharges": refs["pics"][:1],
            "projectName": "Zeta Network Refresh", "projectType": refs["projectType"], "competitor": "Lintasarta",
            **extra}
    r = client.post("/api/leads", json=body, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def update(client: TestClient, lead_id: int, data: dict[str, Any], user: str = "sales1",
           files: dict[str, tuple[str, bytes, str]] | None = None) -> Any:
    return client.put(f"/api/leads/{lead_id}/update/v2", data={"data": json.dumps(data)}, files=files or {},
                      headers=auth(client, user))


@pytest.fixture
def lead(client: TestClient, refs: dict[str, Any]) -> dict[str, Any]:
    return new_lead(client, refs)
