"""Bulk decisions on the real stack: each selected request goes through its own decision (its own Update and
validator); the answer says per request what was decided and what was refused and why.

These tests commit (the worker's activities use their own connections): they work on leads they create and remove."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from api.leads.models import Lead
from api.notifications.models import Notification
from tests.conftest import auth
from tests.integration.approvals.test_approvals import queue, request_hold, wait_for
from workflows.contracts.approval_rules import NOTE_REQUIRED

pytestmark = pytest.mark.usefixtures("worker")
URL = "/api/approval/bulk"


@pytest.fixture
def leads(live: TestClient) -> Iterator[list[dict[str, Any]]]:
    headers = auth(live, "sales1")
    client_id = live.get("/api/master-data/clients", headers=headers).json()["results"][0]["id"]
    made = []
    for n in range(3):
        r = live.post("/api/leads", json={"clientId": client_id, "projectName": f"Bulk test lead {n}"},
                      headers=headers)
        assert r.status_code == 200, r.text
        made.append(r.json()["results"])
    yield made
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    session.execute(delete(Notification).where(Notification.message.like("%Bulk test lead%")))
    session.execute(delete(Lead).where(Lead.id.in_([lead["id"] for lead in made])))
    session.commit()
    session.close()


def _waiting(live: TestClient, leads: list[dict[str, Any]]) -> list[int]:
    ids = []
    for lead in leads:
        r = request_hold(live, lead["id"])
        assert r.status_code == 200, r.text
        ids.append(int(r.json()["results"]["approvalId"]))
    wait_for(lambda: {q["approvalId"] for q in queue(live, "approver1")} >= set(ids))
    return ids


def _status(live: TestClient, lead_id: int) -> str:
    return str(live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]["status"])


class TestBulkDecisions:
    def test_a_mixed_batch_decides_what_it_may_and_says_why_not_the_rest(
            self, live: TestClient, leads: list[dict[str, Any]]) -> None:
        first, second, third = _waiting(live, leads)
        # approver2 decides the second in the app meanwhile
        assert live.put(f"/api/approval/{second}/handle-hold", json={"approversAction": "APPROVED"},
                        headers=auth(live, "approver2")).status_code == 200
        r = live.post(URL, json={"approvalIds": [first, second, 2_000_000_000, third, first],
                                 "approversAction": "APPROVED", "note": "Batch ok"},
                      headers=auth(live, "approver1"))
        assert r.status_code == 200, r.text
        answer = r.json()["results"]
        assert [(i["approvalId"], i["outcome"], i["refusalType"]) for i in answer["items"]] == [
            (first, "APPROVED", None), (second, "REFUSED", "LayerDecided"),
            (2_000_000_000, "REFUSED", "NotFound"), (third, "APPROVED", None)]
        assert [i["message"] for i in answer["items"]] == [
            "'Andi Pratama' request has been approved successfully.", "Already decided: approved by Maya Kusuma.",
            "Approval request not found.", "'Andi Pratama' request has been approved successfully."]
        assert (answer["decided"], answer["refused"]) == (2, 2)
        for lead in leads:
            wait_for(lambda lead=lead: _status(live, lead["id"]) == "HOLD")
        timeline = live.get(f"/api/approval/{first}/timeline", headers=auth(live, "sales1")).json()["results"]
        assert timeline["layers"][0]["approvers"][0]["note"] == "Batch ok"
        assert not {first, second, third} & {q["approvalId"] for q in queue(live, "approver1")}

    def test_someone_who_is_not_its_approver_is_refused_per_request(
            self, live: TestClient, leads: list[dict[str, Any]]) -> None:
        ids = _waiting(live, leads[:1])
        # tl1 may decide on the approval page, but this request is not theirs
        r = live.post(URL, json={"approvalIds": ids}, headers=auth(live, "tl1"))
        assert r.status_code == 200, r.text
        assert r.json()["results"] == {"items": [{"approvalId": ids[0], "outcome": "REFUSED",
                                                  "message": "Approval request not found.",
                                                  "refusalType": "NotFound"}], "decided": 0, "refused": 1}
        assert _status(live, leads[0]["id"]) == "WAITING"

    def test_rejecting_needs_the_note_for_each_request(self, live: TestClient,
                                                       leads: list[dict[str, Any]]) -> None:
        ids = _waiting(live, leads[:2])
        r = live.post(URL, json={"approvalIds": ids, "approversAction": "REJECTED"}, headers=auth(live, "approver1"))
        assert [(i["outcome"], i["message"]) for i in r.json()["results"]["items"]] == [
            ("REFUSED", NOTE_REQUIRED), ("REFUSED", NOTE_REQUIRED)]
        assert all(_status(live, lead["id"]) == "WAITING" for lead in leads[:2])
        r = live.post(URL, json={"approvalIds": ids, "approversAction": "REJECTED", "note": "Not now"},
                      headers=auth(live, "approver1"))
        assert [i["outcome"] for i in r.json()["results"]["items"]] == ["REJECTED", "REJECTED"]


class TestBulkAccess:
    def test_who_may_call_and_how_many(self, client: TestClient) -> None:
        assert client.post(URL, json={"approvalIds": [1]}).status_code == 401
        refused = client.post(URL, json={"approvalIds": [1]}, headers=auth(client, "sales1"))
        assert refused.status_code == 403
        headers = auth(client, "approver1")
        assert client.post(URL, json={"approvalIds": []}, headers=headers).status_code == 422
        assert client.post(URL, json={"approvalIds": list(range(1, 52))}, headers=headers).status_code == 422
        assert client.post(URL, json={"approvalIds": [1], "approversAction": "MAYBE"},
                           headers=headers).status_code == 422
