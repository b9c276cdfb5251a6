"""Submitting a cost sheet on the real stack: the PCS request runs on the approval workflow, approvers decide
through the queue, and the outcome lands on the sheet and the lead.

These tests commit (the worker's activities use their own connections), so each one works on a lead and
chart-of-accounts entries it creates and removes afterwards."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from api.coa.models import ChartOfAccount
from api.core.config import get_settings
from api.leads.models import Lead
from api.notifications.models import Notification
from tests import sealed
from tests.conftest import Services, auth, run_async
from tests.integration.pcs.cost_sheet_api import XLSX, form, item, make_coa, new_lead, send
from workflows.contracts.pid import pid_workflow_id

pytestmark = pytest.mark.usefixtures("worker")
PROJECT = "PCS approval test lead"


@pytest.fixture
def setup(live: TestClient) -> Iterator[dict[str, Any]]:
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    coas = {"revenue": make_coa(session, "Managed Service Fee", "REVENUE"),
            "cost": make_coa(session, "Subcontractor Cost", "COST")}
    lead = new_lead(live, name=PROJECT)
    yield {"lead": lead, **coas}
    session.execute(delete(Notification).where(Notification.message.like(f"%{PROJECT}%")))
    session.execute(delete(Lead).where(Lead.id == lead["id"]))
    session.execute(delete(ChartOfAccount).where(ChartOfAccount.id.in_(list(coas.values()))))
    session.commit()
    session.close()


def items(setup: dict[str, Any]) -> list[dict[str, Any]]:
    return [item(setup["revenue"]), item(setup["cost"], "COST", price=400_000, description="Field engineers")]


def wait_for(predicate: Any, timeout: float = 20) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("condition not met in time")


def queue_row(live: TestClient, user: str, approval_id: int) -> dict[str, Any] | None:
    rows = live.get("/api/approval", headers=auth(live, user)).json()["results"]["data"]
    return next((r for r in rows if r["approvalId"] == approval_id), None)


def decide(live: TestClient, approval_id: int, user: str, action: str = "APPROVED", note: str | None = None) -> Any:
    r = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": action, "note": note},
                 headers=auth(live, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]


def flow(live: TestClient, lead_id: int, **params: Any) -> Any:
    path = "pcs-approval-flow-detail" if params else "pcs-approval-flow"
    return live.get(f"/api/leads/{lead_id}/{path}", params=params, headers=auth(live, "sales1"))


def finished_workflow(services: Services, workflow_id: str, timeout: float = 240) -> Any:
    """The result of a workflow the approval started (waited for so the lead is not removed under it)."""

    async def result() -> Any:
        client = await sealed.connect(services.temporal_address)
        return await asyncio.wait_for(client.get_workflow_handle(workflow_id).result(), timeout)

    return run_async(result())


def sheet_of(live: TestClient, lead_id: int) -> dict[str, Any]:
    return form(live, lead_id)["projectCostSheets"]["projectCostSheet"]


class TestSubmitAndApprove:
    def test_two_layers_approve_and_the_lead_gets_the_totals(self, live: TestClient, setup: dict[str, Any],
                                                             services: Services) -> None:
        lead_id = setup["lead"]["id"]
        r = send(live, lead_id, items(setup), remark="Ready for review", submit=True, file=XLSX)
        assert r.status_code == 200, r.text
        sheet = r.json()["results"]["projectCostSheets"]["projectCostSheet"]
        assert sheet["status"] == "WAITING_FOR_APPROVAL" and sheet["requestedAt"]
        approval_id = sheet["approvalId"]
        lead = live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]
        assert lead["status"] == "NEW" and lead["totalRevenue"] == 0

        row = wait_for(lambda: queue_row(live, "approver1", approval_id))
        assert row["requestType"] == "PCS" and row["projectName"] == PROJECT
        assert row["combinedStageDescriptions"] == "Project cost sheet, revision 0"
        assert row["layerName"] == "Finance check" and row["notes"] == "Ready for review"
        assert queue_row(live, "approver2", approval_id) is None
        bell = live.get("/api/notification/limited", params={"type": "APPROVAL"},
                        headers=auth(live, "approver1")).json()["results"]["data"]
        assert any(f"approve the cost sheet of '{PROJECT}'" in n["message"] and "revision 0" in n["message"]
                   for n in bell)

        waiting = flow(live, lead_id).json()["results"]
        assert waiting["heading"] == "Submitted on" and waiting["approvalId"] == approval_id
        # deterministic: one per request and deployment
        assert waiting["workflowId"] == f"approval-lead-{lead_id}-pcs-{approval_id}@crm"
        assert [x["layerStatus"] for x in waiting["layers"]] == ["PENDING", "WAITING"]

        decide(live, approval_id, "approver1", note="Costs checked")
        wait_for(lambda: queue_row(live, "approver2", approval_id))
        middle = flow(live, lead_id).json()["results"]
        assert [x["layerStatus"] for x in middle["layers"]] == ["APPROVED", "PENDING"]
        assert middle["layers"][0]["approvers"][0]["actionType"] == "APPROVED"
        decide(live, approval_id, "approver2")

        wait_for(lambda: sheet_of(live, lead_id)["status"] == "APPROVED")
        lead = live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]
        assert lead["totalRevenue"] == 6_000_000 and lead["totalGrossProfit"] == 3_600_000
        assert lead["grossProfitMargin"] == 60 and lead["status"] == "NEW"
        history = live.get(f"/api/leads/{lead_id}/history", headers=auth(live, "sales1")).json()["results"]
        fields = {h["field"]: h for h in history}
        assert fields["totalRevenue"]["newValue"] == "6000000.00"
        assert fields["pcsStatus"]["newValue"] == "APPROVED (revision 0)"
        done = flow(live, lead_id, status="APPROVED").json()["results"]
        assert [x["layerStatus"] for x in done["layers"]] == ["APPROVED", "APPROVED"]
        assert [x["approvers"][0]["username"] for x in done["layers"]] == ["Hendra Gunawan", "Maya Kusuma"]
        assert all(x["approvers"][0]["approvedAt"] for x in done["layers"])
        info = live.get("/api/notification/limited", params={"type": "INFORMATION"},
                        headers=auth(live, "sales1")).json()["results"]["data"]
        assert any("has been approved" in n["message"] and PROJECT in n["message"] for n in info)

        locked = send(live, lead_id, items(setup))
        assert locked.status_code == 409
        assert locked.json()["messages"] == ["The project cost sheet is approved and cannot be changed."]

        # the approval went on to the lead's PID workflow; its number shows on the cost sheet form
        pid = finished_workflow(services, pid_workflow_id(lead_id, get_settings().temporal_task_queue))
        assert [p["pidNumber"] for p in form(live, lead_id)["projectIdNumbers"]] == [pid["pid_number"]]


class TestReject:
    def test_a_rejection_starts_the_next_revision(self, live: TestClient, setup: dict[str, Any]) -> None:
        lead_id = setup["lead"]["id"]
        submitted = send(live, lead_id, items(setup), remark="Version one", submit=True, file=XLSX)
        assert submitted.status_code == 200, submitted.text
        approval_id = submitted.json()["results"]["projectCostSheets"]["projectCostSheet"]["approvalId"]
        wait_for(lambda: queue_row(live, "approver1", approval_id))
        decide(live, approval_id, "approver1", "REJECTED", note="Margin too thin")

        rejected = wait_for(lambda: (s := sheet_of(live, lead_id))["status"] == "REJECTED" and s)
        assert rejected["remark"] == "" and rejected["revisionBatch"] == 0
        assert flow(live, lead_id).status_code == 404
        assert flow(live, lead_id).json()["messages"] == ["PCS approval status data is empty"]
        assert form(live, lead_id)["editable"] is True

        again = send(live, lead_id, items(setup), remark="Version two")
        assert again.status_code == 200, again.text
        result = again.json()["results"]
        current = result["projectCostSheets"]["projectCostSheet"]
        assert current["revisionBatch"] == 1 and current["status"] == "SAVED_AS_DRAFT"
        assert current["approvalId"] is None and current["pcsFile"]["displayName"] == "Costing Zeta.xlsx"
        [old] = result["projectCostSheets"]["projectCostSheetHistories"]
        assert old["revisionBatch"] == 0 and old["status"] == "REJECTED" and old["remark"] == "Version one"
        assert old["projectCostSheet"]["totalRevenue"] == 6_000_000
        assert old["projectCostSheet"]["commissionAllocation"] is None  # hidden from a sales person
        assert [r["label"] for r in result["revisions"]] == ["Revision 1 (Current)", "Revision 0 - Version one"]

        earlier = flow(live, lead_id, revisionBatch=0).json()["results"]
        assert earlier["status"] == "REJECTED" and earlier["approvalId"] == approval_id
        assert [x["layerStatus"] for x in earlier["layers"]] == ["REJECTED", "WAITING"]
        assert earlier["layers"][0]["approvers"][0]["actionType"] == "REJECTED"
        assert flow(live, lead_id).json()["results"]["heading"] == "Saved on"
