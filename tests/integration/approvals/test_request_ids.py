"""A call's request id follows it into Temporal: the workflow a request starts and the decision's update log, in
their activities, with the id of the HTTP call that caused them (X-Request-ID, answered back)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import PRODUCT_LOG, auth
from tests.integration.approvals.test_approvals import wait_for

pytestmark = pytest.mark.usefixtures("worker")


def logged(pattern: str) -> list[str]:
    return [line for line in PRODUCT_LOG.read_text(encoding="utf-8").splitlines() if re.search(pattern, line)]


def test_the_request_id_reaches_the_workflow_and_its_activities(live: TestClient, lead: dict[str, Any]) -> None:
    asked, decided = f"ask-{uuid.uuid4().hex[:12]}", f"decide-{uuid.uuid4().hex[:12]}"
    r = live.post(f"/api/leads/{lead['id']}/approval-requests", json={"requestType": "HOLD_LEAD", "notes": "ids"},
                  headers={**auth(live, "sales1"), "X-Request-ID": asked})
    assert r.status_code == 200, r.text
    assert r.headers["x-request-id"] == asked
    approval_id = r.json()["results"]["approvalId"]
    # the workflow's first step (an activity) queues the approvers, under the id of the call that asked
    wait_for(lambda: logged(rf"\[{asked}\].*approval request {approval_id}: layer 0 asks approvers"))

    d = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                 headers={**auth(live, "approver1"), "X-Request-ID": decided})
    assert d.status_code == 200, d.text
    assert d.headers["x-request-id"] == decided
    # the decision's update applies the outcome in an activity, under the id of the approver's call
    lines = wait_for(lambda: logged(rf"approval request {approval_id} APPROVED"))
    assert all(f"[{decided}]" in line for line in lines), lines


def test_a_call_without_an_id_gets_one_and_a_strange_one_is_replaced(client: TestClient) -> None:
    made = client.get("/api/health").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    odd = client.get("/api/health", headers={"X-Request-ID": "bad id\twith spaces"}).headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", odd)
