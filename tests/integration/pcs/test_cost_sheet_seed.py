"""The demo cost sheets the seed leaves for sales1: a draft and an approved sheet that read like real ones."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.pcs.models import ProjectCostSheet
from api.pcs.seed import seed_demo_cost_sheets
from tests.conftest import auth
from tests.integration.pcs.cost_sheet_api import form


def test_a_draft_and_an_approved_sheet(client: TestClient, db: Session) -> None:
    count = db.scalar(select(func.count()).select_from(ProjectCostSheet))
    sheets = {s.status: s for s in db.scalars(select(ProjectCostSheet).where(
        ProjectCostSheet.remark.in_(["First costing for the client's budget review",
                                     "Final costing after negotiation"])))}
    assert set(sheets) == {"SAVED_AS_DRAFT", "APPROVED"}

    draft = form(client, sheets["SAVED_AS_DRAFT"].lead_id)
    current = draft["projectCostSheets"]["projectCostSheet"]
    assert draft["editable"] is True and current["grossProfit"] > 0 and len(current["projectCostSheetItems"]) == 4
    assert len(current["leadBillingSchedule"]["months"]) == 12 and current["pcsFile"]["size"] > 0
    downloaded = client.get(current["pcsFile"]["url"], headers=auth(client, "sales1"))
    assert downloaded.status_code == 200 and downloaded.content.startswith(b"type;item")

    lead_id = sheets["APPROVED"].lead_id
    approved = form(client, lead_id)
    assert approved["lockReason"] == "The project cost sheet is approved and cannot be changed."
    assert approved["projectIdNumbers"]
    flow = client.get(f"/api/leads/{lead_id}/pcs-approval-flow", headers=auth(client, "sales1")).json()["results"]
    assert flow["heading"] == "Submitted on"
    assert {x["layerStatus"] for x in flow["layers"]} == {"APPROVED"}
    lead = client.get(f"/api/leads/{lead_id}", headers=auth(client, "sales1")).json()["results"]
    assert lead["totalGrossProfit"] == approved["projectCostSheets"]["projectCostSheet"]["grossProfit"]

    seed_demo_cost_sheets(db)  # idempotent: nothing is added twice
    assert db.scalar(select(func.count()).select_from(ProjectCostSheet)) == count
