"""Stage management: an administrator edits needsApproval and the lead moves follow it."""

from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import auth
from tests.integration.leads.conftest import update


def test_admin_makes_e2_need_approval_and_the_move_stops(client: TestClient, lead: dict[str, Any]) -> None:
    headers = auth(client, "admin")
    stages = client.get("/api/stages", headers=headers).json()["results"]
    e2 = next(s for s in stages if s["stageName"] == "E2")
    assert e2["needsApproval"] is False and e2["previousStage"] == 1 and e2["nextStage"] == 3
    r = client.put("/api/stages", json={**e2, "needsApproval": True}, headers=headers)
    assert r.status_code == 200 and r.json()["results"]["needsApproval"] is True
    moved = update(client, lead["id"], {"stageId": e2["id"]}).json()["results"]
    assert moved["stageMoved"] is False and moved["approvalRequired"] is True


def test_stage_edits_are_validated_and_guarded(client: TestClient) -> None:
    headers = auth(client, "admin")
    e3 = next(s for s in client.get("/api/stages", headers=headers).json()["results"] if s["stageName"] == "E3")
    r = client.put("/api/stages", json={**e3, "seqNumber": 1, "nextStage": e3["id"]}, headers=headers)
    assert r.status_code == 422
    assert r.json()["messages"] == ["Please choose a valid next stage.", "Order 1 is already used by E1."]
    assert client.put("/api/stages", json=e3, headers=auth(client, "sales1")).status_code == 403
    assert client.get("/api/stages", headers=auth(client, "sales1")).status_code == 403
