"""Monthly billing against a small hand-built data set in 2035 (far from the demo's sheets), with the answers
computed by hand in the comments: rows and totals per role and visibility, each status step and its record, the
refusals, and the XLSX file read back.

The data set (revenue billing rows; R = approved unless said):
  L1 sales1, client A: 15 Jan 10.000.000, 15 Feb 10.000.000 (+ a COST item's row on 15 Jan: never listed)
  L2 sales2, client B: 31 Jan 2.500.000,50, 1 Mar 7.500.000
  L3 sales4, client A: 1 Feb 1.000.000
  L4 sales1, client B, WAITING_FOR_APPROVAL: 10 Jan 99.000.000 (not approved: never listed)
  L5 sales1, client A, approved by its request only (status column still WAITING): 20 Mar 500.000 -- listed
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import openpyxl
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalPipeline, ApprovalPipelineVersion, ApprovalRequest
from api.clients.models import Client
from api.coa.models import ChartOfAccount
from api.leads.models import Lead, Stage
from api.monthly_billing.models import BillingStatusChange
from api.pcs.models import ProjectCostSheet, ProjectCostSheetBilling, ProjectCostSheetItem
from api.users.models import User
from tests.conftest import auth

PAGE = "system/monthly-billing"
YEAR = {"monthFrom": "2035-01", "monthTo": "2035-12"}


@pytest.fixture
def granted(client: TestClient) -> Iterator[None]:
    """Administrators, top management and team leaders read Monthly Billing as seeded; here sales people may read it
    and team leaders move a row too (as an administrator could grant in Menu Page Access), so their visibility can be
    seen. Only the lines added here are taken away afterwards."""
    policy = client.app.state.policy  # type: ignore[attr-defined]
    wanted = [("SALES", PAGE, "read"), ("TL", PAGE, "read"), ("TL", PAGE, "edit")]
    rules = [rule for rule in wanted if not policy.enforcer.has_policy(*rule)]
    for rule in rules:
        policy.enforcer.add_policy(*rule)
    policy.changed()
    try:
        yield
    finally:
        for rule in rules:
            policy.enforcer.remove_policy(*rule)
        policy.changed()


@pytest.fixture
def data(client: TestClient, db: Session) -> dict[str, Any]:
    users = {u.username: u for u in db.scalars(select(User))}
    clients = list(db.scalars(select(Client).order_by(Client.id).limit(2)))
    stage = db.scalars(select(Stage).where(Stage.stage_name == "E6")).one()
    revenue = ChartOfAccount(code="4-BILL-T", name="Billing Test Revenue", description="x", keywords="x",
                             type="REVENUE")
    cost = ChartOfAccount(code="5-BILL-T", name="Billing Test Cost", description="x", keywords="x", type="COST")
    db.add_all([revenue, cost])
    db.flush()
    request = None

    def lead(name: str, sales: str, client: Client, status: str, rows: list[tuple[str, str]],
             cost_rows: list[tuple[str, str]] = (), by_request: bool = False) -> list[int]:  # type: ignore[assignment]
        nonlocal request
        made = Lead(project_name=name, client_id=client.id, sales_person_id=users[sales].id, stage_id=stage.id,
                    status="NEW")
        db.add(made)
        db.flush()
        sheet = ProjectCostSheet(lead_id=made.id, remark="Billing test", status=status)
        db.add(sheet)
        db.flush()
        if by_request:
            pipeline = ApprovalPipeline(name="Billing test", action_type="PCS", is_active=False)
            db.add(pipeline)
            db.flush()
            version = ApprovalPipelineVersion(pipeline_id=pipeline.id, version=1, sales_person_ids=[], layers=[])
            db.add(version)
            db.flush()
            request = ApprovalRequest(workflow_id=f"billing-test-{made.id}", request_type="PCS", lead_id=made.id,
                                      requested_by=users[sales].id, pipeline_version_id=version.id,
                                      status="APPROVED")
            db.add(request)
            db.flush()
            sheet.approval_request_id = request.id
        ids = []
        for coa, kind, billed in ((revenue, "REVENUE", rows), (cost, "COST", cost_rows)):
            if not billed:
                continue
            item = ProjectCostSheetItem(pcs_id=sheet.id, coa_id=coa.id, type=kind, description=f"{name} {kind}",
                                        quantity=1, term_of_payment=len(billed), selling_price=Decimal(1),
                                        total_selling_price=Decimal(1))
            db.add(item)
            db.flush()
            for i, (day, amount) in enumerate(billed):
                row = ProjectCostSheetBilling(item_id=item.id, description=f"billing {i + 1}", amount=Decimal(amount),
                                              schedule=date.fromisoformat(day), position=i)
                db.add(row)
                db.flush()
                if kind == "REVENUE":
                    ids.append(row.id)
        return ids

    a, b = clients
    found = {
        "L1": lead("Billing L1", "sales1", a, "APPROVED", [("2035-01-15", "10000000"), ("2035-02-15", "10000000")],
                   [("2035-01-15", "4000000")]),
        "L2": lead("Billing L2", "sales2", b, "APPROVED", [("2035-01-31", "2500000.50"), ("2035-03-01", "7500000")]),
        "L3": lead("Billing L3", "sales4", a, "APPROVED", [("2035-02-01", "1000000")]),
        "L4": lead("Billing L4", "sales1", b, "WAITING_FOR_APPROVAL", [("2035-01-10", "99000000")]),
        "L5": lead("Billing L5", "sales1", a, "WAITING_FOR_APPROVAL", [("2035-03-20", "500000")], by_request=True),
    }
    db.commit()
    return {"ids": found, "a": a, "b": b, "users": users}


def listing(client: TestClient, user: str, **params: Any) -> dict[str, Any]:
    r = client.get("/api/monthly-billing", params={**YEAR, "limit": 100, **params}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def move(client: TestClient, user: str, billing_id: int, status: str, expected: str, note: str | None = None) -> Any:
    return client.put(f"/api/monthly-billing/{billing_id}/status",
                      json={"status": status, "expectedStatus": expected, "note": note}, headers=auth(client, user))


class TestList:
    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.get("/api/monthly-billing").status_code == 401

    def test_a_role_without_the_page_is_403(self, client: TestClient) -> None:
        r = client.get("/api/monthly-billing", headers=auth(client, "sales1"))
        assert r.status_code == 403 and "Monthly Billing" in r.json()["messages"][0]

    def test_rows_and_totals_for_top_management(self, client: TestClient, data: dict[str, Any]) -> None:
        t = listing(client, "topmanager")
        # L4 (waiting) and L1's cost row are not there; L5 is approved through its request
        assert [(r["projectName"], r["schedule"], r["amount"]) for r in t["data"]] == [
            ("Billing L1", "2035-01-15", 10000000), ("Billing L2", "2035-01-31", 2500000.5),
            ("Billing L3", "2035-02-01", 1000000), ("Billing L1", "2035-02-15", 10000000),
            ("Billing L2", "2035-03-01", 7500000), ("Billing L5", "2035-03-20", 500000)]
        assert t["totalRows"] == 6
        # Jan 10.000.000 + 2.500.000,50; Feb 1.000.000 + 10.000.000; Mar 7.500.000 + 500.000
        assert [(m["month"], m["rows"], m["total"], m["paid"]) for m in t["monthTotals"]] == [
            ("2035-01", 2, 12500000.5, 0), ("2035-02", 2, 11000000, 0), ("2035-03", 2, 8000000, 0)]
        # A: 10.000.000 x 2 + 1.000.000 + 500.000; B: 2.500.000,50 + 7.500.000
        assert {(c["clientId"], c["rows"], c["total"]) for c in t["clientTotals"]} == {
            (data["a"].id, 4, 21500000), (data["b"].id, 2, 10000000.5)}
        assert t["grandTotal"] == 31500000.5
        first = t["data"][0]
        assert (first["paymentStatus"], first["statusLabel"], first["nextStatus"], first["previousStatus"]) == (
            "NOT_YET", "Not yet billed", "BILLING_REQUEST", None)
        assert first["itemName"] == "Billing Test Revenue" and first["month"] == "2035-01"
        assert [s["label"] for s in t["statuses"]] == ["Not yet billed", "Billing requested", "Billed (Sudah Tagih)",
                                                       "Paid (Sudah Payment)"]

    def test_paged_totals_cover_every_row(self, client: TestClient, data: dict[str, Any]) -> None:
        t = listing(client, "topmanager", offset=2, limit=2)
        assert [r["schedule"] for r in t["data"]] == ["2035-02-01", "2035-02-15"]
        assert t["totalRows"] == 6 and t["grandTotal"] == 31500000.5

    def test_a_sales_person_sees_only_their_own(self, client: TestClient, data: dict[str, Any], granted: None) -> None:
        t = listing(client, "sales1")
        assert {r["projectName"] for r in t["data"]} == {"Billing L1", "Billing L5"}
        assert t["grandTotal"] == 20500000
        assert listing(client, "sales4")["totalRows"] == 1

    def test_a_team_leader_sees_their_team(self, client: TestClient, data: dict[str, Any], granted: None) -> None:
        t = listing(client, "tl1")  # sales1 and sales2
        assert {r["projectName"] for r in t["data"]} == {"Billing L1", "Billing L2", "Billing L5"}
        assert t["grandTotal"] == 30500000.5
        t2 = listing(client, "tl2")  # sales4
        assert [r["projectName"] for r in t2["data"]] == ["Billing L3"] and t2["grandTotal"] == 1000000

    def test_filters(self, client: TestClient, data: dict[str, Any]) -> None:
        t = listing(client, "topmanager", monthFrom="2035-02", monthTo="2035-02")
        assert [m["month"] for m in t["monthTotals"]] == ["2035-02"] and t["grandTotal"] == 11000000
        t = listing(client, "topmanager", clientId=data["b"].id)
        assert t["grandTotal"] == 10000000.5
        t = listing(client, "topmanager", salesPersonId=data["users"]["sales4"].id)
        assert [r["projectName"] for r in t["data"]] == ["Billing L3"]
        t = listing(client, "topmanager", search="l2")
        assert {r["projectName"] for r in t["data"]} == {"Billing L2"}
        l1 = data["ids"]["L1"][0]
        assert move(client, "admin", l1, "BILLING_REQUEST", "NOT_YET").status_code == 200
        t = listing(client, "topmanager", status=["BILLING_REQUEST"])
        assert [r["id"] for r in t["data"]] == [l1]
        t = listing(client, "topmanager", status=["NOT_YET", "SUDAH_PAYMENT"])
        assert t["totalRows"] == 5

    @pytest.mark.parametrize("params", [{"status": "PAID"}, {"monthFrom": "2035-13"}, {"monthTo": "35-01"},
                                        {"monthFrom": "2035-05", "monthTo": "2035-04"}, {"sort": "secret"}])
    def test_bad_filters_are_422(self, client: TestClient, params: dict[str, str]) -> None:
        r = client.get("/api/monthly-billing", params=params, headers=auth(client, "admin"))
        assert r.status_code == 422, r.text


class TestMove:
    def test_anonymous_is_401(self, client: TestClient) -> None:
        r = client.put("/api/monthly-billing/1/status", json={"status": "BILLING_REQUEST", "expectedStatus": "NOT_YET"})
        assert r.status_code == 401

    def test_read_only_is_403(self, client: TestClient, data: dict[str, Any]) -> None:
        assert move(client, "topmanager", data["ids"]["L1"][0], "BILLING_REQUEST", "NOT_YET").status_code == 403

    def test_every_step_recorded(self, client: TestClient, db: Session, data: dict[str, Any]) -> None:
        row = data["ids"]["L2"][0]
        steps = [("NOT_YET", "BILLING_REQUEST"), ("BILLING_REQUEST", "SUDAH_TAGIH"), ("SUDAH_TAGIH", "SUDAH_PAYMENT")]
        for before, after in steps:
            r = move(client, "admin", row, after, before, note=f"to {after}")
            assert r.status_code == 200, r.text
            assert r.json()["results"]["paymentStatus"] == after
        assert db.get(ProjectCostSheetBilling, row).payment_status == "SUDAH_PAYMENT"  # type: ignore[union-attr]
        h = client.get(f"/api/monthly-billing/{row}/history", headers=auth(client, "topmanager")).json()["results"]
        assert h["row"]["statusLabel"] == "Paid (Sudah Payment)" and h["row"]["nextStatus"] is None
        assert [(e["fromStatus"], e["toStatus"], e["actorName"], e["note"], e["stepBack"]) for e in h["entries"]] == [
            (b, a, data["users"]["admin"].fullname, f"to {a}", False) for b, a in reversed(steps)]
        assert h["entries"][0]["toLabel"] == "Paid (Sudah Payment)" and h["entries"][0]["at"]
        t = listing(client, "topmanager", monthFrom="2035-01", monthTo="2035-01")
        assert t["monthTotals"][0]["paid"] == 2500000.5
        assert move(client, "admin", row, "SUDAH_PAYMENT", "SUDAH_PAYMENT").status_code == 409

    def test_a_team_leader_moves_their_teams_row_only(self, client: TestClient, data: dict[str, Any],
                                                       granted: None) -> None:
        assert move(client, "tl1", data["ids"]["L2"][0], "BILLING_REQUEST", "NOT_YET").status_code == 200
        assert move(client, "tl2", data["ids"]["L1"][0], "BILLING_REQUEST", "NOT_YET").status_code == 404

    def test_skipping_a_step_is_409(self, client: TestClient, db: Session, data: dict[str, Any]) -> None:
        row = data["ids"]["L1"][1]
        r = move(client, "admin", row, "SUDAH_TAGIH", "NOT_YET")
        assert r.status_code == 409 and r.json()["messages"] == [
            "A billing moves one step at a time: from Not yet billed the next step is Billing requested, "
            "not Billed (Sudah Tagih)."]
        assert db.scalars(select(BillingStatusChange).where(BillingStatusChange.billing_id == row)).all() == []

    def test_a_stale_expected_status_is_409(self, client: TestClient, data: dict[str, Any]) -> None:
        """Two people saw NOT_YET; the first moves it, the second is told and nothing is doubled."""
        row = data["ids"]["L3"][0]
        assert move(client, "admin", row, "BILLING_REQUEST", "NOT_YET").status_code == 200
        r = move(client, "admin", row, "BILLING_REQUEST", "NOT_YET")
        assert r.status_code == 409 and r.json()["type"] == "Conflict"
        assert r.json()["messages"] == ["Someone else has just moved this billing: it is now Billing requested. "
                                        "Reload to see it and try again."]
        h = client.get(f"/api/monthly-billing/{row}/history", headers=auth(client, "admin")).json()["results"]
        assert len(h["entries"]) == 1

    def test_step_back_needs_the_delete_right_and_a_reason(self, client: TestClient, data: dict[str, Any],
                                                           granted: None) -> None:
        row = data["ids"]["L1"][0]
        assert move(client, "tl1", row, "BILLING_REQUEST", "NOT_YET").status_code == 200
        r = move(client, "tl1", row, "NOT_YET", "BILLING_REQUEST", note="wrong row")
        assert r.status_code == 403
        assert r.json()["messages"] == ["Only an administrator can move a billing back a step."]
        r = move(client, "admin", row, "NOT_YET", "BILLING_REQUEST", note="  ")
        assert r.status_code == 422 and r.json()["messages"] == ["Please give a reason for moving the billing back."]
        r = move(client, "admin", row, "NOT_YET", "BILLING_REQUEST", note="Requested on the wrong row")
        assert r.status_code == 200 and r.json()["results"]["paymentStatus"] == "NOT_YET"
        h = client.get(f"/api/monthly-billing/{row}/history", headers=auth(client, "admin")).json()["results"]
        assert [(e["toStatus"], e["stepBack"], e["note"]) for e in h["entries"]] == [
            ("NOT_YET", True, "Requested on the wrong row"), ("BILLING_REQUEST", False, None)]

    def test_two_steps_back_are_refused(self, client: TestClient, data: dict[str, Any]) -> None:
        row = data["ids"]["L1"][0]
        move(client, "admin", row, "BILLING_REQUEST", "NOT_YET")
        move(client, "admin", row, "SUDAH_TAGIH", "BILLING_REQUEST")
        assert move(client, "admin", row, "NOT_YET", "SUDAH_TAGIH", note="x").status_code == 409

    @pytest.mark.parametrize("body", [{"status": "PAID", "expectedStatus": "NOT_YET"},
                                      {"status": "BILLING_REQUEST", "expectedStatus": "nope"},
                                      {"status": "BILLING_REQUEST"}])
    def test_unknown_status_is_422(self, client: TestClient, data: dict[str, Any], body: dict[str, str]) -> None:
        r = client.put(f"/api/monthly-billing/{data['ids']['L1'][0]}/status", json=body, headers=auth(client, "admin"))
        assert r.status_code == 422, r.text

    def test_rows_outside_the_list_are_404(self, client: TestClient, data: dict[str, Any]) -> None:
        waiting = data["ids"]["L4"][0]
        assert move(client, "admin", waiting, "BILLING_REQUEST", "NOT_YET").status_code == 404
        assert client.get(f"/api/monthly-billing/{waiting}/history", headers=auth(client, "admin")).status_code == 404
        assert move(client, "admin", 2_000_000_000, "BILLING_REQUEST", "NOT_YET").status_code == 404


class TestExport:
    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.get("/api/monthly-billing/export.xlsx").status_code == 401

    def test_without_the_page_is_403(self, client: TestClient) -> None:
        assert client.get("/api/monthly-billing/export.xlsx", headers=auth(client, "sales1")).status_code == 403

    def test_the_file_read_back(self, client: TestClient, data: dict[str, Any]) -> None:
        move(client, "admin", data["ids"]["L2"][0], "BILLING_REQUEST", "NOT_YET")
        r = client.get("/api/monthly-billing/export.xlsx", params={**YEAR, "clientId": data["b"].id},
                       headers=auth(client, "topmanager"))
        assert r.status_code == 200, r.text
        assert r.headers["content-type"].startswith("application/vnd.openxmlformats")
        assert r.headers["content-disposition"].startswith('attachment; filename="monthly-billing-')
        sheet = openpyxl.load_workbook(io.BytesIO(r.content), data_only=True).active
        rows = [[c.value for c in row] for row in sheet.iter_rows()]
        assert rows[0] == ["Month", "Schedule", "Client", "Project", "PID", "Sales Person", "Item", "Billing",
                           "Status", "Amount (IDR)"]
        # L2: Jan 2.500.000,50 (billing requested), its month total, Mar 7.500.000, its total, the grand total
        assert [(r[0].date() if r[0] and not isinstance(r[0], str) else r[0], r[1] if isinstance(r[1], str) else
                 r[1] and r[1].date(), r[3], r[8], r[9]) for r in rows[1:]] == [
            (date(2035, 1, 1), date(2035, 1, 31), "Billing L2", "Billing requested", 2500000.5),
            (date(2035, 1, 1), "Month total", None, None, 2500000.5),
            (date(2035, 3, 1), date(2035, 3, 1), "Billing L2", "Not yet billed", 7500000),
            (date(2035, 3, 1), "Month total", None, None, 7500000),
            ("Total", None, None, None, 10000000.5)]
        assert sheet["J2"].number_format == '"Rp" #,##0' and sheet["B2"].is_date
        assert sheet["J2"].data_type == "n"
