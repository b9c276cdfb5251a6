"""The request registers on the real stack (system/lead-approval, system/pcs-approval): who sees which requests,
the filters, a request on behalf of a sales person, and the withdrawal (its workflow ends, the lead gets its status
back, the people are told, the timeline says who and why; a decided request is refused, and an approver cannot
decide a withdrawn one).

These tests commit (the worker's activities use their own connections), so each works on leads it creates."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from api.approvals.models import ApprovalRequest
from api.coa.models import ChartOfAccount
from api.leads.models import Lead
from api.notifications.models import Notification
from api.users.models import User
from tests import sealed
from tests.conftest import auth, run_async
from tests.integration.approvals.test_approvals import request_hold, wait_for
from tests.integration.pcs.cost_sheet_api import XLSX, form, item, make_coa, new_lead, send

pytestmark = pytest.mark.usefixtures("worker")
PROJECT = "Register test lead"


@pytest.fixture
def leads(live: TestClient) -> Iterator[dict[str, dict[str, Any]]]:
    """A lead of sales1 (team tl1) and one of sales4 (team tl2)."""
    made = {}
    for user in ("sales1", "sales4"):
        headers = auth(live, user)
        clients = live.get("/api/master-data/clients", headers=headers).json()["results"]
        r = live.post("/api/leads", json={"clientId": clients[0]["id"], "projectName": f"{PROJECT} {user}"},
                      headers=headers)
        assert r.status_code == 200, r.text
        made[user] = r.json()["results"]
    yield made
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    session.execute(delete(Notification).where(Notification.message.like(f"%{PROJECT}%")))
    session.execute(delete(Lead).where(Lead.id.in_([lead["id"] for lead in made.values()])))
    session.commit()
    session.close()


def register(live: TestClient, user: str, **params: Any) -> Any:
    return live.get("/api/lead-approval", params=params, headers=auth(live, user))


def ids(answer: Any) -> set[int]:
    assert answer.status_code == 200, answer.text
    return {row["approvalId"] for row in answer.json()["results"]["data"]}


def started(live: TestClient, approval_id: int) -> None:
    """Wait until the workflow runs (its first step stamps the request and queues the approvers)."""
    def stamped() -> bool:
        session = live.app.state.session_factory()  # type: ignore[attr-defined]
        try:
            return session.get(ApprovalRequest, approval_id).started_at is not None  # type: ignore[union-attr]
        finally:
            session.close()
    wait_for(stamped)


def workflow_status(live: TestClient, workflow_id: str) -> Any:

    settings = live.app.state.settings  # type: ignore[attr-defined]

    async def describe() -> Any:
        client = await sealed.connect(settings.temporal_address)
        return (await client.get_workflow_handle(workflow_id).describe()).status

    return run_async(describe())


class TestList:
    def test_anonymous_and_roles_without_the_page(self, live: TestClient) -> None:
        assert live.get("/api/lead-approval").status_code == 401
        assert live.get("/api/pcs-approval").status_code == 401
        assert register(live, "sales1").status_code == 403
        assert live.get("/api/pcs-approval", headers=auth(live, "sales1")).status_code == 403
        # the people who run the operation read both registers; only an administrator withdraws
        assert live.get("/api/pcs-approval", headers=auth(live, "tl1")).status_code == 200
        refused = live.post("/api/lead-approval/999999/withdraw", json={"reason": "x"}, headers=auth(live, "tl1"))
        assert refused.status_code == 403

    def test_filters_and_visibility(self, live: TestClient, leads: dict[str, dict[str, Any]]) -> None:
        hold = request_hold(live, leads["sales1"]["id"]).json()["results"]["approvalId"]
        drop = live.post(f"/api/leads/{leads['sales4']['id']}/approval-requests",
                         json={"requestType": "DROP_LEAD", "notes": "Lost to a rival"},
                         headers=auth(live, "sales4")).json()["results"]["approvalId"]
        mine = {hold, drop}
        everything = ids(register(live, "admin", search=PROJECT, limit=100))
        assert everything == mine
        row = next(r for r in register(live, "admin", search=PROJECT).json()["results"]["data"]
                   if r["approvalId"] == drop)
        assert row["requestType"] == "DROP_LEAD" and row["requestTypeLabel"] == "Drop"
        assert row["status"] == "PENDING" and row["salesPersonName"] == "Putri Maharani"
        assert row["onBehalfOfName"] is None and row["notes"] == "Lost to a rival"
        assert ids(register(live, "topmanager", search=PROJECT)) == mine  # top management sees every lead

        def by(criteria: dict[str, Any], **extra: Any) -> set[int]:
            return ids(register(live, "admin", search=PROJECT,
                                criteria=json.dumps([{"field": k, "value": v} for k, v in criteria.items()]),
                                **extra)) & mine

        assert by({"requestType": "HOLD_LEAD"}) == {hold}
        assert by({"status": "PENDING"}) == mine and by({"status": "WITHDRAWN"}) == set()
        session = live.app.state.session_factory()  # type: ignore[attr-defined]
        people = {u.username: u for u in session.query(User).filter(User.username.in_(
            ["sales1", "sales4", "approver1", "tl1", "tl2", "admin"]))}
        assert by({"requestedBy": people["sales4"].id}) == {drop}
        assert by({}, approverId=people["approver1"].id) == mine  # the demo pipelines ask both approvers
        assert by({}, approverId=people["sales1"].id) == set()
        today = date.today()
        around = {"dateFrom": (today - timedelta(days=1)).isoformat(),
                  "dateTo": (today + timedelta(days=1)).isoformat()}
        assert by({}, **around) == mine
        assert by({}, dateTo=(today - timedelta(days=2)).isoformat()) == set()
        sorted_rows = register(live, "admin", search=PROJECT, sort="salesPersonName").json()["results"]
        assert [r["salesPersonName"] for r in sorted_rows["data"]] == ["Andi Pratama", "Putri Maharani"]
        assert sorted_rows["totalRows"] == 2
        assert register(live, "admin", sort="password").status_code == 422
        assert register(live, "admin", criteria='[{"field": "secret", "value": 1}]').status_code == 422

        session.close()
        # a team leader sees their team's requests, an approver theirs
        assert ids(register(live, "tl1", search=PROJECT)) == {hold}
        assert ids(register(live, "tl2", search=PROJECT)) == {drop}
        assert ids(register(live, "approver1", search=PROJECT)) == mine

    def test_a_request_opens_with_its_timeline(self, live: TestClient, leads: dict[str, dict[str, Any]]) -> None:
        hold = request_hold(live, leads["sales1"]["id"]).json()["results"]["approvalId"]
        started(live, hold)
        r = live.get(f"/api/lead-approval/{hold}", headers=auth(live, "admin"))
        assert r.status_code == 200, r.text
        found = r.json()["results"]
        assert found["request"]["approvalId"] == hold and found["canWithdraw"] is True
        assert found["timeline"]["layers"][0]["layerStatus"] == "PENDING"
        assert found["timeline"]["requestedByName"] == "Andi Pratama"
        assert live.get(f"/api/lead-approval/{hold}", headers=auth(live, "approver1")).json()["results"][
            "canWithdraw"] is False  # approvers read the register, administrators withdraw
        assert live.get("/api/lead-approval/999999", headers=auth(live, "admin")).status_code == 404
        assert live.get(f"/api/pcs-approval/{hold}", headers=auth(live, "admin")).status_code == 404


class TestOnBehalf:
    def test_recorded_as_made_by_the_administrator_for_the_sales_person(
            self, live: TestClient, leads: dict[str, dict[str, Any]]) -> None:
        body = {"leadId": leads["sales4"]["id"], "requestType": "HOLD_LEAD", "notes": "Asked by phone"}
        assert live.post("/api/lead-approval", json=body).status_code == 401
        assert live.post("/api/lead-approval", json=body, headers=auth(live, "approver1")).status_code == 403
        assert live.post("/api/lead-approval", json={**body, "leadId": 999999},
                         headers=auth(live, "admin")).status_code == 404
        bad = live.post("/api/lead-approval", json={**body, "requestType": "CHANGE_LEAD_STAGE"},
                        headers=auth(live, "admin"))
        assert bad.status_code == 422 and bad.json()["messages"] == ["Please choose the stage to move the lead to."]
        r = live.post("/api/lead-approval", json=body, headers=auth(live, "admin"))
        assert r.status_code == 200, r.text
        approval_id = r.json()["results"]["approvalId"]
        row = next(x for x in register(live, "admin", search=PROJECT).json()["results"]["data"]
                   if x["approvalId"] == approval_id)
        assert row["requestedByName"] == "Adi Nugroho" and row["onBehalfOfName"] == "Putri Maharani"
        lead = live.get(f"/api/leads/{leads['sales4']['id']}", headers=auth(live, "sales4")).json()["results"]
        assert lead["status"] == "WAITING"
        # the same gates: a lead already waiting is refused
        again = live.post("/api/lead-approval", json=body, headers=auth(live, "admin"))
        assert again.status_code == 409 and again.json()["type"] == "RequestPending"
        timeline = live.get(f"/api/lead-approval/{approval_id}", headers=auth(live, "admin")).json()["results"]
        assert timeline["timeline"]["onBehalfOfName"] == "Putri Maharani"

    def test_any_way_in_records_whom_a_request_is_made_for(self, live: TestClient,
                                                           leads: dict[str, dict[str, Any]]) -> None:
        """The team leader asks from the lead's own page: recorded on behalf of the sales person too; the sales
        person's own request is theirs alone."""
        made = live.post(f"/api/leads/{leads['sales1']['id']}/approval-requests", headers=auth(live, "tl1"),
                         json={"requestType": "HOLD_LEAD", "notes": "The client asked for a pause"})
        assert made.status_code == 200, made.text
        own = request_hold(live, leads["sales4"]["id"], "sales4")
        assert own.status_code == 200, own.text
        rows = {x["approvalId"]: x for x in register(live, "admin", search=PROJECT).json()["results"]["data"]}
        led = rows[made.json()["results"]["approvalId"]]
        assert (led["requestedByName"], led["onBehalfOfName"]) == ("Budi Santoso", "Andi Pratama")
        assert rows[own.json()["results"]["approvalId"]]["onBehalfOfName"] is None


class TestWithdraw:
    def test_withdrawal_ends_the_workflow_and_gives_the_lead_back(
            self, live: TestClient, leads: dict[str, dict[str, Any]]) -> None:
        from temporalio.client import WorkflowExecutionStatus

        lead_id = leads["sales1"]["id"]
        made = request_hold(live, lead_id).json()["results"]
        approval_id = made["approvalId"]
        started(live, approval_id)
        url = f"/api/lead-approval/{approval_id}/withdraw"
        assert live.post(url, json={"reason": "x"}).status_code == 401
        assert live.post(url, json={"reason": "x"}, headers=auth(live, "approver1")).status_code == 403
        assert live.post("/api/lead-approval/999999/withdraw", json={"reason": "x"},
                         headers=auth(live, "admin")).status_code == 404
        blank = live.post(url, json={"reason": "  "}, headers=auth(live, "admin"))
        assert blank.status_code == 422
        assert blank.json()["messages"] == ["Please give the reason for withdrawing this request."]

        r = live.post(url, json={"reason": "Raised by mistake"}, headers=auth(live, "admin"))
        assert r.status_code == 200, r.text
        found = r.json()["results"]
        assert found["request"]["status"] == "WITHDRAWN" and found["canWithdraw"] is False
        assert found["timeline"]["status"] == "WITHDRAWN"
        assert found["timeline"]["withdrawnByName"] == "Adi Nugroho"
        assert found["timeline"]["withdrawReason"] == "Raised by mistake"
        assert found["timeline"]["withdrawnAt"] is not None
        assert found["timeline"]["layers"][0]["layerStatus"] == "WITHDRAWN"

        lead = live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]
        assert lead["status"] == "NEW"  # the status it had before the request
        wait_for(lambda: workflow_status(live, made["workflowId"]) == WorkflowExecutionStatus.COMPLETED)
        assert all(q["approvalId"] != approval_id
                   for q in live.get("/api/approval", headers=auth(live, "approver1")).json()["results"]["data"])

        def told(user: str) -> list[str]:
            bell = live.get("/api/notification/limited", params={"type": "INFORMATION"},
                            headers=auth(live, user)).json()["results"]["data"]
            return [n["message"] for n in bell if "withdrew" in n["message"] and f"{PROJECT} sales1" in n["message"]]

        expected = (f"Adi Nugroho withdrew Andi Pratama's request to hold '{PROJECT} sales1'")
        for user in ("sales1", "approver1", "approver2", "tl1"):
            messages = told(user)
            assert messages and messages[0].startswith(expected) and messages[0].endswith(": Raised by mistake"), user
        assert told("tl2") == []

        # decided (here: withdrawn) requests are refused, and the approver cannot decide it any more
        again = live.post(url, json={"reason": "Twice"}, headers=auth(live, "admin"))
        assert again.status_code == 409
        assert again.json()["messages"] == ["This request is already withdrawn: only a pending request can be "
                                            "withdrawn."]
        late = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                        headers=auth(live, "approver1"))
        assert late.status_code == 409
        assert late.json()["messages"] == ["This request is already withdrawn."]
        assert ids(register(live, "admin", search=PROJECT,
                            criteria=json.dumps([{"field": "status", "value": "WITHDRAWN"}]))) == {approval_id}

    def test_an_approved_request_is_refused(self, live: TestClient, leads: dict[str, dict[str, Any]]) -> None:
        approval_id = request_hold(live, leads["sales1"]["id"]).json()["results"]["approvalId"]
        started(live, approval_id)
        decided = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                           headers=auth(live, "approver1"))
        assert decided.status_code == 200, decided.text
        r = live.post(f"/api/lead-approval/{approval_id}/withdraw", json={"reason": "Too late"},
                      headers=auth(live, "admin"))
        assert r.status_code == 409
        assert r.json()["messages"] == ["This request is already approved: only a pending request can be withdrawn."]
        lead = live.get(f"/api/leads/{leads['sales1']['id']}", headers=auth(live, "sales1")).json()["results"]
        assert lead["status"] == "HOLD"


class TestWithdrawCostSheet:
    def test_a_withdrawn_cost_sheet_goes_back_to_draft_and_its_workflow_ends(self, live: TestClient) -> None:
        from temporalio.client import WorkflowExecutionStatus



        session = live.app.state.session_factory()  # type: ignore[attr-defined]
        coa = make_coa(session, "Register Test Fee", "REVENUE")
        lead = new_lead(live, name=f"{PROJECT} cost sheet")
        try:
            r = send(live, lead["id"], [item(coa)], remark="Please review", submit=True, file=XLSX)
            assert r.status_code == 200, r.text
            sheet = r.json()["results"]["projectCostSheets"]["projectCostSheet"]
            approval_id = sheet["approvalId"]
            started(live, approval_id)
            url = f"/api/pcs-approval/{approval_id}/withdraw"
            assert live.post(url, json={"reason": "x"}, headers=auth(live, "tl1")).status_code == 403  # read only
            found = live.post(url, json={"reason": "Wrong prices"}, headers=auth(live, "admin"))
            assert found.status_code == 200, found.text
            assert found.json()["results"]["request"]["status"] == "WITHDRAWN"
            now = form(live, lead["id"])["projectCostSheets"]["projectCostSheet"]
            assert now["status"] == "SAVED_AS_DRAFT"  # the sales person can change it and submit again
            workflow_id = session.get(ApprovalRequest, approval_id).workflow_id  # type: ignore[union-attr]
            wait_for(lambda: workflow_status(live, workflow_id) == WorkflowExecutionStatus.COMPLETED)
            assert all(q["approvalId"] != approval_id
                       for q in live.get("/api/approval", headers=auth(live, "approver1")).json()["results"]["data"])
            again = live.post(url, json={"reason": "Twice"}, headers=auth(live, "admin"))
            assert again.status_code == 409
        finally:
            session.execute(delete(Notification).where(Notification.message.like(f"%{PROJECT}%")))
            session.execute(delete(Lead).where(Lead.id == lead["id"]))
            session.execute(delete(ChartOfAccount).where(ChartOfAccount.id == coa))
            session.commit()
            session.close()
