"""Cost sheet API inside a rolled-back transaction: the form, drafts with server-computed totals, every 422
message, the lock, commission visibility, the spreadsheet and the approval flow of a draft."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select, update
from sqlalchemy.orm import Session

from api.master_data.models import ServiceCategory
from api.pcs import billing
from api.pcs.files import MAX_BYTES
from api.pcs.models import ProjectCostSheet, ProjectCostSheetHistory
from tests.conftest import auth
from tests.integration.pcs.cost_sheet_api import CSV, XLSX, form, item, make_coa, new_lead, ods_bytes, send

COMMISSION = ("commissionAllocation", "gpAfterCommission", "gpMarginAfterCommission")


@pytest.fixture
def coas(db: Session) -> dict[str, int]:
    return {"revenue": make_coa(db, "Managed Service Fee", "REVENUE"),
            "cost": make_coa(db, "Subcontractor Cost", "COST")}


@pytest.fixture
def lead(client: TestClient) -> dict[str, Any]:
    return new_lead(client)


def good_items(coas: dict[str, int]) -> list[dict[str, Any]]:
    return [item(coas["revenue"]), item(coas["cost"], "COST", price=400_000, description="Field engineers")]


def messages(r: Any) -> list[str]:
    return r.json()["messages"]


def set_status(db: Session, lead_id: int, status: str) -> None:
    db.execute(update(ProjectCostSheet).where(ProjectCostSheet.lead_id == lead_id).values(status=status))
    db.commit()


class TestForm:
    def test_a_lead_without_a_sheet(self, client: TestClient, lead: dict[str, Any]) -> None:
        result = form(client, lead["id"])
        assert result["lead"]["projectName"] == "Cost Sheet Test Lead"
        assert result["lead"]["salesFullname"] == "Andi Pratama" and result["lead"]["stageName"] == "E1"
        assert result["projectCostSheets"] == {"projectCostSheet": None, "projectCostSheetHistories": []}
        assert result["revisions"] == [] and result["projectIdNumbers"] == []
        assert result["editable"] is True and result["lockReason"] is None
        assert result["canSeeCommission"] is False and result["subServiceRequired"] is False

    def test_who_may_read(self, client: TestClient, lead: dict[str, Any]) -> None:
        url = f"/api/leads/{lead['id']}/form/v2"
        assert client.get(url).status_code == 401
        # an approver reads only the sheets of leads they are asked to decide on: not this one
        assert client.get(url, headers=auth(client, "approver1")).status_code == 404
        assert client.get(url, headers=auth(client, "topmanager")).status_code == 200
        assert client.get(url, headers=auth(client, "sales2")).status_code == 404
        assert client.get(url, headers=auth(client, "tl2")).status_code == 404
        team_leader = form(client, lead["id"], "tl1")
        assert team_leader["editable"] is False
        assert team_leader["lockReason"] == "Only the lead's sales person can edit the project cost sheet."

    def test_sub_service_required(self, client: TestClient, db: Session, lead: dict[str, Any]) -> None:
        managed = db.scalars(select(ServiceCategory.id).where(
            ServiceCategory.service_category_name == "Managed Services")).one()
        r = client.put(f"/api/leads/{lead['id']}/update/v2",
                       data={"data": json.dumps({"serviceCategories": [{"serviceCategoryId": managed}]})},
                       headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text
        result = form(client, lead["id"])
        assert result["subServiceRequired"] is True
        assert result["serviceCategories"][0]["hasSubCategories"] is True


class TestSaveDraft:
    def test_totals_and_summary_are_computed_by_the_server(self, client: TestClient, coas: dict[str, int],
                                                           lead: dict[str, Any]) -> None:
        items = good_items(coas)
        items[0]["totalSellingPrice"] = 1  # what the client claims is ignored
        r = send(client, lead["id"], items)
        assert r.status_code == 200, r.text
        sheet = r.json()["results"]["projectCostSheets"]["projectCostSheet"]
        assert sheet["status"] == "SAVED_AS_DRAFT" and sheet["revisionBatch"] == 0 and sheet["pcsVersion"] == 1
        assert sheet["remark"] == "First costing" and sheet["leadsId"] == lead["id"]
        assert sheet["totalRevenue"] == 6_000_000 and sheet["totalCost"] == 2_400_000
        assert sheet["grossProfit"] == 3_600_000 and sheet["grossProfitMargin"] == 60
        revenue = sheet["projectCostSheetItems"][0]
        assert revenue["totalSellingPrice"] == 2_000_000 and revenue["grandTotal"] == 6_000_000
        assert revenue["coaName"] == revenue["chartOfAccount"]["name"] == "Managed Service Fee"
        assert [b["schedule"] for b in revenue["billingSchedules"]] == ["2026-11-15", "2026-12-15", "2027-01-15"]
        summary = sheet["leadBillingSchedule"]
        assert summary["months"] == ["2026-11", "2026-12", "2027-01"]
        assert [m["totalAmount"] for m in summary["revenueTotals"]] == [2_000_000] * 3
        assert [m["totalAmount"] for m in summary["costTotals"]] == [800_000] * 3
        assert [m["totalAmount"] for m in summary["gpTotals"]] == [1_200_000] * 3
        assert [m["totalAmount"] for m in summary["gpMarginTotals"]] == [60] * 3
        assert summary["items"][1]["itemId"] == sheet["projectCostSheetItems"][1]["id"]
        assert [t["totalAmount"] for t in summary["items"][1]["totals"]] == [800_000] * 3
        again = form(client, lead["id"])
        assert again["projectCostSheets"]["projectCostSheet"] == sheet
        assert again["revisions"] == [{"revisionBatch": 0, "label": "Revision 0 (Current)", "isCurrent": True,
                                       "status": "SAVED_AS_DRAFT"}]

    def test_saving_again_keeps_item_ids_and_drops_removed_items(self, client: TestClient, coas: dict[str, int],
                                                                 lead: dict[str, Any]) -> None:
        first = send(client, lead["id"], good_items(coas)).json()["results"]["projectCostSheets"]["projectCostSheet"]
        kept = first["projectCostSheetItems"][0]
        changed = item(coas["revenue"], price=1_500_000, quantity=1, term=2, id=kept["id"])
        second = send(client, lead["id"], [changed], remark="Revised price")
        assert second.status_code == 200, second.text
        sheet = second.json()["results"]["projectCostSheets"]["projectCostSheet"]
        assert sheet["pcsVersion"] == 2 and sheet["remark"] == "Revised price"
        assert [i["id"] for i in sheet["projectCostSheetItems"]] == [kept["id"]]
        assert sheet["totalRevenue"] == 3_000_000 and sheet["totalCost"] == 0 and sheet["grossProfitMargin"] == 100

    def test_an_empty_draft(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [])
        assert r.status_code == 200, r.text
        sheet = r.json()["results"]["projectCostSheets"]["projectCostSheet"]
        assert sheet["grossProfitMargin"] == 0 and sheet["leadBillingSchedule"]["months"] == []


def statements(client: TestClient, call: Any) -> tuple[Any, int]:
    """The call's answer and how many SQL statements it ran."""
    engine = client.app.state.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        return call(), len(seen)
    finally:
        event.remove(engine, "before_cursor_execute", count)


class TestStatements:
    """Saving and reading the form run the same number of statements whatever the number of items."""

    @staticmethod
    def counts(client: TestClient, coas: dict[str, int], size: int) -> tuple[int, int]:
        """Statements of saving a sheet again (its `size` pairs of items kept, two added) and of its form."""
        lead = new_lead(client, name=f"Statements {size}")
        items = [item(coas["revenue"]), item(coas["cost"], "COST", price=400_000)] * size
        first = send(client, lead["id"], items)
        assert first.status_code == 200, first.text
        saved = first.json()["results"]["projectCostSheets"]["projectCostSheet"]["projectCostSheetItems"]
        kept = [{**sent, "id": row["id"]} for sent, row in zip(items, saved, strict=True)]
        again, saving = statements(client, lambda: send(client, lead["id"], kept + items[:2]))
        assert again.status_code == 200, again.text
        sheet = again.json()["results"]["projectCostSheets"]["projectCostSheet"]
        assert [i["id"] for i in sheet["projectCostSheetItems"][:len(kept)]] == [i["id"] for i in kept]
        assert len(sheet["projectCostSheetItems"]) == len(items) + 2
        _, reading = statements(client, lambda: form(client, lead["id"]))
        return saving, reading

    def test_save_and_form_do_not_grow_with_the_items(self, client: TestClient, coas: dict[str, int]) -> None:
        assert self.counts(client, coas, 1) == self.counts(client, coas, 6)


PREFIX = "Managed Service Fee - Managed firewall: "


class TestValidation:
    def test_remark_is_required(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], good_items(coas), remark="  ")
        assert r.status_code == 422 and messages(r) == ["Remark is required"]

    def test_billing_count_must_match(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], amounts=[3_000_000, 3_000_000])])
        assert r.status_code == 422
        assert messages(r) == [PREFIX + "Billing Schedule count must match the value of Term of Payment"]

    def test_no_more_rows_than_the_term(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], amounts=[1_500_000] * 4)])
        assert messages(r) == [PREFIX + "Total billing schedule count cannot be more than Term of Payment: 3"]

    def test_amount_short(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], amounts=[2_000_000, 2_000_000, 1_500_000])])
        assert messages(r) == [PREFIX + "Total billing schedule amount is short by 500.000 (5.500.000 / 6.000.000)"]

    def test_amount_exceeds(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], amounts=[2_000_000, 2_000_000, 2_000_000.5])])
        assert messages(r) == [PREFIX + "Total billing schedule amount is exceeds by 0,5 (6.000.000,5 / 6.000.000)"]

    @pytest.mark.parametrize(("field", "value", "message"), [
        ("quantity", 0, "Quantity must be a whole number of at least 1"),
        ("quantity", 1.5, "Quantity must be a whole number of at least 1"),
        ("quantity", "two", "Quantity must be a whole number of at least 1"),
        ("termOfPayment", 0, "Term of Payment must be a whole number of at least 1"),
        ("sellingPrice", -1, "Unit price must be a number of at least 0"),
    ])
    def test_item_numbers(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any], field: str,
                          value: Any, message: str) -> None:
        body = item(coas["revenue"])
        body[field] = value
        r = send(client, lead["id"], [body])
        assert r.status_code == 422 and PREFIX + message in messages(r)

    def test_description_required(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], description="")])
        assert messages(r) == ["Managed Service Fee: Description is required"]

    def test_amount_at_least_one(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], price=1, quantity=1, term=2, amounts=[0, 2])])
        assert messages(r) == [PREFIX + "Billing amount must be at least 1"]

    def test_payment_status_from_the_set(self, client: TestClient, coas: dict[str, int],
                                         lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], status="PAID")])
        assert messages(r) == [
            PREFIX + "Payment status must be one of NOT_YET, BILLING_REQUEST, SUDAH_TAGIH, SUDAH_PAYMENT"]

    def test_a_billing_is_not_billed_from_the_cost_sheet(self, client: TestClient, coas: dict[str, int],
                                                         lead: dict[str, Any]) -> None:
        """Payment statuses move on Monthly Billing, one recorded step at a time, once the sheet is approved: a draft
        cannot bring a billing in as already paid."""
        r = send(client, lead["id"], [item(coas["revenue"], status="SUDAH_PAYMENT")])
        assert messages(r) == [PREFIX + billing.PAYMENT_STATUS_LATER]

    def test_an_unknown_chart_of_accounts_entry(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(987654, type_="REVENUE")])
        assert messages(r) == ["Item 1 - Managed firewall: Please choose an item from the chart of accounts"]

    def test_type_must_match_the_entry(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["cost"], type_="REVENUE")])
        assert messages(r) == ["Subcontractor Cost - Managed firewall: The item type must match its chart of "
                               "accounts entry (COST)"]

    def test_items_that_are_not_json(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = client.put("/api/project-cost-sheet/save-as-draft",
                       data={"leadsId": str(lead["id"]), "remark": "x", "projectCostSheetItems": "[{oops"},
                       headers=auth(client, "sales1"))
        assert r.status_code == 422
        assert messages(r) == ["projectCostSheetItems must be a JSON list of items."]
        deep = client.put("/api/project-cost-sheet/save-as-draft",  # nested past what the parser follows: no 500
                          data={"leadsId": str(lead["id"]), "remark": "x", "projectCostSheetItems": "[" * 100_000},
                          headers=auth(client, "sales1"))
        assert deep.status_code == 422 and messages(deep) == ["projectCostSheetItems must be a JSON list of items."]

    def test_gross_profit_above_zero_to_submit(self, client: TestClient, coas: dict[str, int],
                                              lead: dict[str, Any]) -> None:
        items = [item(coas["revenue"]), item(coas["cost"], "COST", description="Hardware")]
        r = send(client, lead["id"], items, submit=True, file=XLSX)
        assert r.status_code == 422 and messages(r) == ["Total Gross Profit cannot be zero or less."]
        assert send(client, lead["id"], items).status_code == 200  # a draft may still be saved

    def test_a_file_to_submit(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], good_items(coas), submit=True)
        assert r.status_code == 422 and messages(r) == ["PCS File must be uploaded before approval submission"]

    def test_the_sub_service_to_submit(self, client: TestClient, db: Session, coas: dict[str, int],
                                       lead: dict[str, Any]) -> None:
        managed = db.scalars(select(ServiceCategory.id).where(
            ServiceCategory.service_category_name == "Managed Services")).one()
        client.put(f"/api/leads/{lead['id']}/update/v2",
                   data={"data": json.dumps({"serviceCategories": [{"serviceCategoryId": managed}]})},
                   headers=auth(client, "sales1"))
        r = send(client, lead["id"], good_items(coas), submit=True, file=XLSX)
        assert r.status_code == 422 and messages(r) == ["Sub service is required for this lead!!!"]

    def test_every_failing_message_at_once(self, client: TestClient, coas: dict[str, int],
                                           lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], amounts=[1])], remark="", submit=True)
        assert messages(r) == [
            "Remark is required", PREFIX + "Billing Schedule count must match the value of Term of Payment",
            PREFIX + "Total billing schedule amount is short by 5.999.999 (1 / 6.000.000)",
            "PCS File must be uploaded before approval submission"]


class TestSpreadsheet:
    def test_a_real_xlsx_is_kept_and_downloaded(self, client: TestClient, coas: dict[str, int],
                                                lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], good_items(coas), file=XLSX)
        assert r.status_code == 200, r.text
        stored = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]
        assert stored["displayName"] == "Costing Zeta.xlsx" and stored["size"] == len(XLSX[1])
        assert stored["url"] == f"/api/leads/download/{stored['filename']}"
        got = client.get(stored["url"], headers=auth(client, "tl1"))
        assert got.status_code == 200 and got.content == XLSX[1]
        assert "Costing%20Zeta.xlsx" in got.headers["content-disposition"]
        refused = client.get(stored["url"], headers=auth(client, "sales2"))
        assert refused.status_code == 404
        assert messages(refused) == ["Sorry we are unable to download the file you requested."]
        lead_file = client.get(f"/api/leads/{lead['id']}", headers=auth(client, "sales1")).json()["results"]
        assert lead_file["projectCostSheetFile"]["name"] == "Costing Zeta.xlsx"

    @pytest.mark.parametrize("upload", [CSV, ("costing.ods", ods_bytes(), "application/octet-stream"),
                                        ("old.xls", bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 512,
                                         "application/vnd.ms-excel")])
    def test_other_spreadsheets(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any],
                                upload: tuple[str, bytes, str]) -> None:
        r = send(client, lead["id"], good_items(coas), file=upload)
        assert r.status_code == 200, r.text
        assert r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]["displayName"] == upload[0]

    @pytest.mark.parametrize("upload", [
        ("costing.xlsx", b"just some text pretending", "application/octet-stream"),
        ("costing.xls", b"PK\x03\x04 not an ole file", "application/vnd.ms-excel"),
        ("costing.csv", b"\x00\x01\x02binary", "text/csv"),
        ("costing.pdf", b"%PDF-1.4", "application/pdf"),
    ])
    def test_what_is_not_a_spreadsheet_is_refused(self, client: TestClient, coas: dict[str, int],
                                                  lead: dict[str, Any], upload: tuple[str, bytes, str]) -> None:
        r = send(client, lead["id"], good_items(coas), file=upload)
        assert r.status_code == 422 and messages(r) == ["Unsupported file format. Accepts only .xls kind file."]

    def test_too_large(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], good_items(coas), file=("big.csv", b"a" * (MAX_BYTES + 1), "text/csv"))
        assert r.status_code == 422 and messages(r) == ["File is too large"]

    def test_removed_by_the_user(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        send(client, lead["id"], good_items(coas), file=XLSX)
        r = send(client, lead["id"], good_items(coas), deleted=True)
        assert r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"] is None
        submit = send(client, lead["id"], good_items(coas), submit=True, deleted=True)
        assert messages(submit) == ["PCS File must be uploaded before approval submission"]

    def test_an_unknown_file(self, client: TestClient) -> None:
        r = client.get("/api/leads/download/pcs-1-r0-nothing.xlsx", headers=auth(client, "sales1"))
        assert r.status_code == 404


class TestLock:
    @pytest.mark.parametrize("user", ["tl1", "admin"])
    def test_only_the_sales_person_edits(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any],
                                         user: str) -> None:
        r = send(client, lead["id"], good_items(coas), user=user)
        assert r.status_code == 403
        assert messages(r) == ["Only the lead's sales person can edit the project cost sheet."]

    def test_a_lead_the_caller_cannot_see(self, client: TestClient, coas: dict[str, int],
                                          lead: dict[str, Any]) -> None:
        assert send(client, lead["id"], good_items(coas), user="sales2").status_code == 404
        assert send(client, lead["id"], good_items(coas), user="approver1").status_code == 403

    def test_a_waiting_sheet(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], good_items(coas), submit=True, file=XLSX)
        assert r.status_code == 200, r.text
        result = r.json()["results"]
        assert result["projectCostSheets"]["projectCostSheet"]["status"] == "WAITING_FOR_APPROVAL"
        assert result["editable"] is False
        again = send(client, lead["id"], good_items(coas))
        assert again.status_code == 409
        assert messages(again) == ["The project cost sheet is waiting for approval and cannot be changed."]
        lead_now = client.get(f"/api/leads/{lead['id']}", headers=auth(client, "sales1")).json()["results"]
        assert lead_now["status"] == "NEW"  # a cost sheet approval leaves the lead's status alone

    def test_an_approved_sheet(self, client: TestClient, db: Session, coas: dict[str, int],
                               lead: dict[str, Any]) -> None:
        send(client, lead["id"], good_items(coas))
        set_status(db, lead["id"], "APPROVED")
        r = send(client, lead["id"], good_items(coas))
        assert r.status_code == 409
        assert messages(r) == ["The project cost sheet is approved and cannot be changed."]
        assert form(client, lead["id"])["lockReason"] == "The project cost sheet is approved and cannot be changed."

    def test_an_old_revision(self, client: TestClient, db: Session, coas: dict[str, int],
                             lead: dict[str, Any]) -> None:
        send(client, lead["id"], good_items(coas), remark="Too expensive")
        set_status(db, lead["id"], "REJECTED")
        r = send(client, lead["id"], good_items(coas), remark="Cheaper now", revision=0)
        assert r.status_code == 200, r.text  # revision 0 was current: the edit becomes revision 1
        sheet = r.json()["results"]["projectCostSheets"]["projectCostSheet"]
        assert sheet["revisionBatch"] == 1
        old = send(client, lead["id"], good_items(coas), remark="Editing the old one", revision=0)
        assert old.status_code == 409
        assert messages(old) == ["Only the current revision of the project cost sheet can be changed."]
        frozen = db.scalars(select(ProjectCostSheetHistory).where(
            ProjectCostSheetHistory.pcs_id == sheet["id"])).one()
        assert frozen.revision_batch == 0 and frozen.status == "REJECTED" and frozen.remark == "Too expensive"


class TestCommission:
    def test_a_sales_person_sees_no_commission(self, client: TestClient, coas: dict[str, int],
                                               lead: dict[str, Any]) -> None:
        result = send(client, lead["id"], good_items(coas)).json()["results"]
        sheet = result["projectCostSheets"]["projectCostSheet"]
        assert all(sheet[key] is None for key in COMMISSION) and result["commissionPercent"] is None

    @pytest.mark.parametrize("user", ["admin", "topmanager"])
    def test_roles_in_the_parameter_see_it(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any],
                                           user: str) -> None:
        send(client, lead["id"], good_items(coas))
        result = form(client, lead["id"], user)
        sheet = result["projectCostSheets"]["projectCostSheet"]
        assert result["canSeeCommission"] is True and result["commissionPercent"] == 6
        assert sheet["commissionAllocation"] == 216_000  # 6% of 3.600.000
        assert sheet["gpAfterCommission"] == 3_384_000 and sheet["gpMarginAfterCommission"] == 56.4


class TestDraftFlow:
    def test_no_sheet_no_flow(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = client.get(f"/api/leads/{lead['id']}/pcs-approval-flow", headers=auth(client, "sales1"))
        assert r.status_code == 404 and messages(r) == ["PCS approval status data is empty"]

    def test_a_draft_shows_the_layers_it_would_use(self, client: TestClient, coas: dict[str, int],
                                                   lead: dict[str, Any]) -> None:
        saved = send(client, lead["id"], good_items(coas)).json()["results"]["projectCostSheets"]["projectCostSheet"]
        r = client.get(f"/api/leads/{lead['id']}/pcs-approval-flow", params={"status": "SAVED_AS_DRAFT"},
                       headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text
        flow = r.json()["results"]
        assert flow["heading"] == "Saved on" and flow["date"] == saved["savedAt"] and flow["approvalId"] is None
        assert [(x["layerName"], x["seqNo"], x["label"], x["layerStatus"]) for x in flow["layers"]] == [
            ("Finance check", 1, "checked by", "PENDING"), ("Management approval", 2, "acknowledged by", "PENDING")]
        assert flow["layers"][0]["approvers"] == [{"username": "Hendra Gunawan", "approvedAt": None,
                                                   "actionType": None}]

    def test_a_rejected_current_revision_has_no_flow(self, client: TestClient, db: Session, coas: dict[str, int],
                                                     lead: dict[str, Any]) -> None:
        send(client, lead["id"], good_items(coas))
        set_status(db, lead["id"], "REJECTED")
        for path in ("pcs-approval-flow", "pcs-approval-flow-detail"):
            r = client.get(f"/api/leads/{lead['id']}/{path}", headers=auth(client, "sales1"))
            assert r.status_code == 404 and messages(r) == ["PCS approval status data is empty"]
        assert form(client, lead["id"])["projectCostSheets"]["projectCostSheet"]["remark"] == ""


class TestBoardCard:
    def test_the_card_shows_the_sheet_status(self, client: TestClient, coas: dict[str, int],
                                             lead: dict[str, Any]) -> None:
        def card() -> dict[str, Any]:
            r = client.get("/api/leads", params={"search": lead["projectName"]}, headers=auth(client, "sales1"))
            assert r.status_code == 200, r.text
            cards = [c for column in r.json()["results"] for c in column["leads"] if c["id"] == lead["id"]]
            assert len(cards) == 1
            return cards[0]

        assert card()["pcsStatus"] is None
        assert send(client, lead["id"], good_items(coas)).status_code == 200
        assert card()["pcsStatus"] == "SAVED_AS_DRAFT"


class TestLeadDetail:
    def test_the_detail_carries_the_current_sheet(self, client: TestClient, coas: dict[str, int],
                                                  lead: dict[str, Any]) -> None:
        def detail() -> dict[str, Any]:
            r = client.get(f"/api/leads/{lead['id']}", headers=auth(client, "sales1"))
            assert r.status_code == 200, r.text
            return r.json()["results"]["projectCostSheets"]  # type: ignore[no-any-return]

        assert detail() == {"projectCostSheet": None}
        assert send(client, lead["id"], good_items(coas)).status_code == 200
        sheet = detail()["projectCostSheet"]
        assert sheet["status"] == "SAVED_AS_DRAFT" and sheet["revisionBatch"] == 0
        assert sheet["remark"] == "First costing" and sheet["grossProfit"] == 3_600_000
        assert sheet["grossProfitMargin"] == 60
        assert [(i["type"], i["coaName"], i["grandTotal"]) for i in sheet["projectCostSheetItems"]] == [
            ("REVENUE", "Managed Service Fee", 6_000_000), ("COST", "Subcontractor Cost", 2_400_000)]
