"""A lead: visibility (files and totals included), create, update with files, history, stage moves."""

import io
from typing import Any

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from tests.conftest import auth
from tests.integration.leads.conftest import new_lead, update
from tests.integration.pcs.cost_sheet_api import xlsx_bytes

PDF = b"%PDF-1.4\n% demo proposal\n"


def _jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 30, 30)).save(buffer, format="JPEG")
    return buffer.getvalue()


JPEG = _jpeg()


class TestVisibility:
    """A lead of sales1 (team tl1): who may see it and its files."""

    @pytest.mark.parametrize(
        ("user", "status"),
        [("sales1", 200), ("sales2", 404), ("tl1", 200), ("tl2", 404), ("sales4", 404), ("topmanager", 200),
         ("admin", 200)],
    )
    def test_matrix_on_every_lead_call(self, client: TestClient, lead: dict[str, Any], user: str,
                                       status: int) -> None:
        r = update(client, lead["id"], {}, files={"proposalFile": ("proposal.pdf", PDF, "application/pdf")})
        assert r.status_code == 200, r.text
        headers = auth(client, user)
        lead_id = lead["id"]
        for path in (f"/api/leads/{lead_id}", f"/api/leads/{lead_id}/form", f"/api/leads/{lead_id}/form/v2",
                     f"/api/leads/{lead_id}/stageDurations", f"/api/leads/{lead_id}/finalDocuments",
                     f"/api/leads/{lead_id}/paymentDetail", f"/api/leads/pic/{lead_id}",
                     f"/api/leads/{lead_id}/history", f"/api/leads/{lead_id}/E2/requirementFields",
                     f"/api/leads/{lead_id}/files/proposalFile"):
            assert client.get(path, headers=headers).status_code == status, f"{user} {path}"
        r = client.post("/api/leads/check-need-approval", json={"leadId": lead_id, "stageId": 2}, headers=headers)
        assert r.status_code == status

    def test_others_cannot_edit_a_lead_they_cannot_see(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {"projectName": "Hijacked"}, user="tl2")
        assert r.status_code == 404
        assert client.get(f"/api/leads/{lead['id']}", headers=auth(client, "sales1")).json()["results"][
            "projectName"] == "Zeta Network Refresh"

    def test_the_file_comes_back_with_its_name(self, client: TestClient, lead: dict[str, Any]) -> None:
        update(client, lead["id"], {}, files={"proposalFile": ("Proposal Zeta.pdf", PDF, "application/pdf")})
        r = client.get(f"/api/leads/{lead['id']}/files/proposalFile", headers=auth(client, "tl1"))
        assert r.content == PDF
        assert "Proposal%20Zeta.pdf" in r.headers["content-disposition"]
        docs = client.get(f"/api/leads/{lead['id']}/finalDocuments", headers=auth(client, "sales1")).json()["results"]
        assert docs == [{"kind": "proposalFile", "name": "Proposal Zeta.pdf", "size": len(PDF),
                         "url": f"/api/leads/{lead['id']}/files/proposalFile"}]

    def test_role_permissions(self, client: TestClient, refs: dict[str, Any], lead: dict[str, Any]) -> None:
        body = {"clientId": refs["client"], "projectName": "Nope"}
        assert client.post("/api/leads", json=body, headers=auth(client, "topmanager")).status_code == 403
        # an approver reads only the leads they are asked to decide on: this one is not among them
        assert client.get(f"/api/leads/{lead['id']}", headers=auth(client, "approver1")).status_code == 404
        assert client.get("/api/leads", headers=auth(client, "approver1")).status_code == 403  # no board
        assert client.get(f"/api/leads/{lead['id']}").status_code == 401


class TestCreate:
    def test_created_in_e1_as_new_with_its_pic_and_history(self, client: TestClient, lead: dict[str, Any],
                                                           refs: dict[str, Any]) -> None:
        assert lead["stageName"] == "E1" and lead["status"] == "NEW"
        assert lead["salesFullname"] == "Andi Pratama" and lead["clientName"] == "Bank Nusa Mandiri"
        assert [p["picId"] for p in lead["personInCharges"]] == refs["pics"][:1]
        history = client.get(f"/api/leads/{lead['id']}/history", headers=auth(client, "sales1")).json()["results"]
        assert [(h["field"], h["newValue"]) for h in history] == [("created", "E1 Found")]

    def test_required_fields(self, client: TestClient) -> None:
        r = client.post("/api/leads", json={}, headers=auth(client, "sales1"))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please choose client", "Please enter project name"]

    def test_a_sales_person_cannot_create_for_someone_else(self, client: TestClient, refs: dict[str, Any],
                                                          db: Any) -> None:
        from api.users.models import User

        other = db.query(User).filter_by(username="sales4").one().id
        r = client.post("/api/leads", json={"clientId": refs["client"], "projectName": "X", "salesId": other},
                        headers=auth(client, "sales1"))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please choose a sales person from your team"]
        ok = new_lead(client, refs, user="tl2", salesId=other)
        assert ok["salesPersonId"] == other

    def test_pics_must_belong_to_the_client(self, client: TestClient, refs: dict[str, Any]) -> None:
        people = client.get("/api/people", params={"search": "Agus Wibowo"}, headers=auth(client, "admin"))
        foreign = people.json()["results"]["data"][0]["id"]
        r = client.post("/api/leads", json={"clientId": refs["client"], "projectName": "X",
                                            "personInCharges": [foreign]}, headers=auth(client, "sales1"))
        assert r.status_code == 422


class TestUpdateAndHistory:
    def test_fields_lists_and_margin_are_saved_and_each_change_recorded(self, client: TestClient,
                                                                        lead: dict[str, Any],
                                                                        refs: dict[str, Any]) -> None:
        data = {"projectName": "Zeta Network Refresh 2027", "totalRevenue": 2_500_000_000,
                "totalGrossProfit": 500_000_000, "expectedCloseDate": "2027-03-31",
                "serviceCategories": [{"serviceCategoryId": refs["category"]}],
                "payments": [{"serviceCategoryId": refs["category"], "billingDate": "2027-04-30",
                              "amount": 2_500_000_000}],
                "personInCharges": refs["pics"]}
        r = update(client, lead["id"], data)
        assert r.status_code == 200, r.text
        saved = r.json()["results"]["lead"]
        assert saved["grossProfitMargin"] == 20.0
        assert saved["totalRevenue"] == 2_500_000_000 and saved["projectName"] == "Zeta Network Refresh 2027"
        assert len(saved["serviceCategories"]) == 1 and len(saved["payments"]) == 1
        history = client.get(f"/api/leads/{lead['id']}/history", headers=auth(client, "sales1")).json()["results"]
        changes = {h["field"]: (h["oldValue"], h["newValue"]) for h in history}
        assert changes["projectName"] == ("Zeta Network Refresh", "Zeta Network Refresh 2027")
        assert changes["totalRevenue"] == ("0.00", "2500000000.00")
        assert changes["expectedCloseDate"] == (None, "2027-03-31")
        assert changes["serviceCategories"][0] is None and changes["serviceCategories"][1]
        assert changes["payments"] == (None, "2027-04-30 2500000000.00")
        assert changes["personInCharges"][1].count(",") == len(refs["pics"]) - 1
        assert all(h["changedBy"] == "Andi Pratama" for h in history)

    def test_an_unchanged_save_records_nothing(self, client: TestClient, lead: dict[str, Any]) -> None:
        update(client, lead["id"], {"projectName": lead["projectName"]})
        history = client.get(f"/api/leads/{lead['id']}/history", headers=auth(client, "sales1")).json()["results"]
        assert len(history) == 1

    def test_end_before_start_is_refused(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {"projectStartDate": "2027-05-01", "projectEndDate": "2027-01-01"})
        assert r.status_code == 422
        assert r.json()["messages"] == ["Project end date cannot be before the start date."]

    def test_bad_json_in_data_is_422(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = client.put(f"/api/leads/{lead['id']}/update/v2", data={"data": "{not json"},
                       headers=auth(client, "sales1"))
        assert r.status_code == 422


class TestUploads:
    def test_over_15_mb_is_refused(self, client: TestClient, lead: dict[str, Any]) -> None:
        big = b"%PDF" + b"0" * (15 * 1024 * 1024)
        r = update(client, lead["id"], {}, files={"proposalFile": ("big.pdf", big, "application/pdf")})
        assert r.status_code == 413
        assert r.json()["messages"] == ["File is too large"]

    @pytest.mark.parametrize(
        ("kind", "name", "message"),
        [("proposalFile", "tool.exe", "Unsupported file format"),
         ("customerConfirmationDocumentFile", "notes.docx", "Unsupported file format"),
         ("projectCostSheetFile", "pcs.pdf", "Unsupported file format. Accepts only .xls kind file.")],
    )
    def test_other_types_are_refused(self, client: TestClient, lead: dict[str, Any], kind: str, name: str,
                                     message: str) -> None:
        r = update(client, lead["id"], {}, files={kind: (name, b"data", "application/octet-stream")})
        assert r.status_code == 422
        assert r.json()["messages"] == [message]

    @pytest.mark.parametrize(("kind", "name", "content"), [("projectCostSheetFile", "pcs.xlsx", xlsx_bytes()),
                                                           ("customerConfirmationDocumentFile", "po.jpg", JPEG)])
    def test_allowed_types_are_kept(self, client: TestClient, lead: dict[str, Any], kind: str, name: str,
                                    content: bytes) -> None:
        r = update(client, lead["id"], {}, files={kind: (name, content, "application/octet-stream")})
        assert r.status_code == 200, r.text
        assert r.json()["results"]["lead"][kind] == {"name": name, "size": len(content)}


class TestStageMoves:
    def test_a_move_that_needs_no_approval_moves_and_is_timed(self, client: TestClient,
                                                              lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {"stageId": 2})
        assert r.status_code == 200, r.text
        result = r.json()["results"]
        assert result["stageMoved"] is True and result["approvalRequired"] is False
        assert result["lead"]["stageName"] == "E2"
        durations = client.get(f"/api/leads/{lead['id']}/stageDurations",
                               headers=auth(client, "sales1")).json()["results"]
        assert [(d["stageName"], d["leftAt"] is None) for d in durations] == [("E1", False), ("E2", True)]
        assert all(d["days"] >= 0 for d in durations)

    def test_requirements_must_be_met_before_moving_forward(self, client: TestClient,
                                                            lead: dict[str, Any]) -> None:
        update(client, lead["id"], {"stageId": 2})
        r = update(client, lead["id"], {"stageId": 3})
        assert r.status_code == 422
        assert r.json()["messages"] == [
            "Complete these fields before moving to E3 Qualified: Service Category, Expected Close Date."]
        fields = client.get(f"/api/leads/{lead['id']}/E3/requirementFields",
                            headers=auth(client, "sales1")).json()["results"]
        assert [(f["field"], f["filled"]) for f in fields] == [
            ("projectType", True), ("sourceId", True), ("serviceCategories", False), ("expectedCloseDate", False)]

    def test_a_move_that_needs_approval_is_not_applied(self, client: TestClient, lead: dict[str, Any],
                                                       refs: dict[str, Any]) -> None:
        update(client, lead["id"], {"stageId": 2})
        update(client, lead["id"], {"stageId": 3, "expectedCloseDate": "2027-06-30",
                                    "serviceCategories": [{"serviceCategoryId": refs["category"]}]})
        need = client.post("/api/leads/check-need-approval", json={"leadId": lead["id"], "stageId": 4},
                           headers=auth(client, "sales1")).json()["results"]
        assert need["needsApproval"] is True and need["stageName"] == "E4"
        assert "Proposal" in need["missingFields"]
        r = update(client, lead["id"], {"stageId": 4, "totalRevenue": 1e9, "totalGrossProfit": 2e8,
                                        "projectStartDate": "2027-07-01", "projectEndDate": "2028-06-30"},
                   files={"proposalFile": ("p.pdf", PDF, "application/pdf")})
        result = r.json()["results"]
        assert r.status_code == 200
        assert result["stageMoved"] is False and result["approvalRequired"] is True
        assert result["message"].startswith("Moving to E4 Proposal needs approval")
        assert result["lead"]["stageName"] == "E3" and result["lead"]["totalRevenue"] == 1e9

    def test_no_approval_needed_for_e2(self, client: TestClient, lead: dict[str, Any]) -> None:
        need = client.post("/api/leads/check-need-approval", json={"leadId": lead["id"], "stageId": 2},
                           headers=auth(client, "sales1")).json()["results"]
        assert need == {"needsApproval": False, "stageId": 2, "stageName": "E2", "missingFields": [], "allowed": True,
                        "reason": None}


class TestReadCost:
    def test_the_detail_costs_the_same_statements_however_many_names_it_shows(self, client: TestClient,
                                                                              refs: dict[str, Any]) -> None:
        """Project type, source, entity and unit names come with the stage, client and sales person in one
        statement (the detail page reads the lead every 10 s), not one lookup each."""
        from sqlalchemy import event

        bare = new_lead(client, refs, sourceId=None, projectType=None)
        named = new_lead(client, refs)
        assert update(client, named["id"], {"entityId": refs["entity"], "unitId": refs["unit"]}).status_code == 200
        headers = auth(client, "sales1")
        engine = client.app.state.engine  # type: ignore[attr-defined]
        statements: list[str] = []

        def count(*args: Any) -> None:
            statements.append(args[2])

        def counted(lead_id: int) -> tuple[dict[str, Any], int]:
            client.get(f"/api/leads/{lead_id}", headers=headers)  # the first call may also reload the policy
            statements.clear()
            event.listen(engine, "before_cursor_execute", count)
            try:
                r = client.get(f"/api/leads/{lead_id}", headers=headers)
            finally:
                event.remove(engine, "before_cursor_execute", count)
            assert r.status_code == 200, r.text
            return r.json()["results"], len(statements)

        bare_lead, bare_statements = counted(bare["id"])
        named_lead, named_statements = counted(named["id"])
        assert bare_lead["sourceName"] is None and bare_lead["entityName"] is None
        assert all(named_lead[k] for k in ("projectTypeName", "sourceName", "entityName", "unitName",
                                            "stageName", "clientName", "salesFullname"))
        assert named_statements == bare_statements
