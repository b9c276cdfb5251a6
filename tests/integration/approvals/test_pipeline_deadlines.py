"""A pipeline layer's deadline: saved into the version's layer JSON, read back with the escalation user's name, refused
when unusable; the workflow's input (outbox.layers_of) carries it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.approvals import pipelines
from api.approvals.models import ApprovalPipelineVersion
from tests.conftest import auth
from workflows.contracts import approval_rules as rules

URL = "/api/approval-pipelines"


@pytest.fixture
def ids(db: Any) -> dict[str, int]:
    return dict(db.execute(text("select username, id from users")).all())


def body(ids: dict[str, int], *deadlines: dict[str, Any] | None) -> dict[str, Any]:
    layers = []
    for n, deadline in enumerate(deadlines, start=1):
        layer: dict[str, Any] = {"name": f"Layer {n}", "mode": "ANY_USER", "approvers": [ids["approver1"]]}
        if deadline is not None:
            layer["deadline"] = deadline
        layers.append(layer)
    return {"name": "Deadlines", "pipelineActionType": "DROP_LEAD", "salesPersons": [ids["sales6"]], "layers": layers}


def test_a_deadline_is_saved_and_read_back(client: TestClient, db: Any, ids: dict[str, int]) -> None:
    headers = auth(client, "admin")
    sent = body(ids, {"amount": 2, "unit": "W", "escalateAfter": 1, "escalateTo": "USER",
                      "escalateUserId": ids["topmanager"]},
                None, {"amount": 4, "unit": "HOURS", "escalateTo": "TEAM_LEADER", "escalateUserId": ids["tl1"]})
    r = client.post(URL, json=sent, headers=headers)
    assert r.status_code == 200, r.text
    layers = r.json()["results"]["layers"]
    assert layers[0]["deadline"] == {"amount": 2, "unit": "W", "escalateAfter": 1, "escalateTo": "USER",
                                     "escalateUserId": ids["topmanager"], "escalateUserName": "Ratna Wijaya"}
    assert layers[1]["deadline"] is None
    # a user is kept only when the layer escalates to one
    assert layers[2]["deadline"] == {"amount": 4, "unit": "HOURS", "escalateAfter": 0, "escalateTo": "TEAM_LEADER",
                                     "escalateUserId": None, "escalateUserName": None}
    again = client.get(f"{URL}/{r.json()['results']['id']}", headers=headers).json()["results"]
    assert again["layers"] == layers
    version = db.scalars(text("select id from approval_pipeline_versions where pipeline_id = :p")
                         .bindparams(p=again["id"])).one()
    stored = db.get(ApprovalPipelineVersion, version).layers
    assert stored[0]["deadline"] == {"amount": 2, "unit": "W", "escalateAfter": 1, "escalateTo": "USER",
                                     "escalateUserId": ids["topmanager"]}
    assert "deadline" not in stored[1]

    workflow_layers = pipelines.layers_of(db, db.get(ApprovalPipelineVersion, version))
    assert workflow_layers[0].deadline == rules.Deadline(amount=2, unit="W", escalate_after=1, escalate_to="USER",
                                                         escalate_user_id=ids["topmanager"])
    assert workflow_layers[1].deadline is None
    assert workflow_layers[2].deadline == rules.Deadline(amount=4, unit="HOURS", escalate_to="TEAM_LEADER")


def test_unusable_deadlines_are_refused(client: TestClient, db: Any, ids: dict[str, int]) -> None:
    headers = auth(client, "admin")
    r = client.post(URL, json=body(ids, {"amount": 1, "unit": "C", "escalateTo": "USER"}), headers=headers)
    assert r.status_code == 422
    assert r.json()["messages"] == ["Layer 1 (Layer 1): choose the user it is escalated to."]
    db.execute(text("update users set is_active = false where username = 'sales5'"))
    db.commit()
    r = client.post(URL, json=body(ids, {"amount": 1, "unit": "C", "escalateTo": "USER",
                                         "escalateUserId": ids["sales5"]}), headers=headers)
    assert r.status_code == 422
    assert r.json()["messages"] == ["The user a layer is escalated to must be an active user."]
    for wrong in ({"amount": 0}, {"amount": 1000}, {"amount": 1, "unit": "DAYS"}, {"amount": 1, "escalateAfter": -1},
                  {"amount": 1, "escalateTo": "BOSS"}):
        assert client.post(URL, json=body(ids, wrong), headers=headers).status_code == 422, wrong


def test_layers_saved_before_deadlines_have_none(db: Any, ids: dict[str, int]) -> None:
    version = ApprovalPipelineVersion(layers=[{"name": "Old", "mode": "ANY_USER", "minApprovals": 1,
                                               "approvers": [ids["approver1"]]}])
    assert pipelines.layers_of(db, version)[0].deadline is None
