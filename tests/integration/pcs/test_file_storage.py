"""The cost sheet's spreadsheet follows its save (issue 11): a save that fails after writing it leaves no file,
and the lead's own PCS file it replaces goes once the save commits (a revision's spreadsheet always stays)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.conftest import auth
from tests.integration.leads.conftest import update
from tests.integration.leads.test_file_storage import failing, stored
from tests.integration.pcs.cost_sheet_api import CSV, XLSX, form, item, make_coa, new_lead, send

LEAD_SHEET = ("Costing from the lead form.csv", b"item;amount\nSwitch;2.000.000\n", "text/csv")


@pytest.fixture
def coa(db: Session) -> int:
    return make_coa(db, "Managed Service Fee", "REVENUE")


@pytest.fixture
def lead(client: TestClient) -> dict[str, Any]:
    return new_lead(client)


def lead_file(client: TestClient, lead_id: int) -> Any:
    return client.get(f"/api/leads/{lead_id}/files/projectCostSheetFile", headers=auth(client, "sales1"))


class TestAFailedSave:
    def test_a_database_error_after_the_write_leaves_no_file(self, client: TestClient, coa: int,
                                                             lead: dict[str, Any]) -> None:
        with failing(client, "INSERT INTO project_cost_sheet_files"):
            r = send(client, lead["id"], [item(coa)], file=XLSX)
        assert r.status_code == 500
        assert stored(client, lead["id"]) == {}
        assert form(client, lead["id"])["projectCostSheets"]["projectCostSheet"] is None

    def test_a_retry_keeps_one_file(self, client: TestClient, coa: int, lead: dict[str, Any]) -> None:
        with failing(client, "INSERT INTO project_cost_sheet_files"):
            assert send(client, lead["id"], [item(coa)], file=XLSX).status_code == 500
        r = send(client, lead["id"], [item(coa)], file=XLSX)
        assert r.status_code == 200, r.text
        pcs_file = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]
        assert stored(client, lead["id"]) == {pcs_file["filename"]: XLSX[1]}


class TestTheLeadsPcsFile:
    def test_a_spreadsheet_replaces_the_lead_form_file_once_committed(self, client: TestClient, coa: int,
                                                                      lead: dict[str, Any]) -> None:
        assert update(client, lead["id"], {}, files={"projectCostSheetFile": LEAD_SHEET}).status_code == 200
        before = stored(client, lead["id"])
        with failing(client, "INSERT INTO project_cost_sheet_files"):
            assert send(client, lead["id"], [item(coa)], file=XLSX).status_code == 500
        assert stored(client, lead["id"]) == before and lead_file(client, lead["id"]).content == LEAD_SHEET[1]
        r = send(client, lead["id"], [item(coa)], file=XLSX)
        assert r.status_code == 200, r.text
        pcs_file = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]
        assert stored(client, lead["id"]) == {pcs_file["filename"]: XLSX[1]}
        assert lead_file(client, lead["id"]).content == XLSX[1]

    def test_the_lead_form_never_removes_a_revisions_spreadsheet(self, client: TestClient, coa: int,
                                                                 lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coa)], file=CSV)
        pcs_file = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]
        assert update(client, lead["id"], {}, files={"projectCostSheetFile": LEAD_SHEET}).status_code == 200
        assert update(client, lead["id"], {"removeFiles": ["projectCostSheetFile"]}).status_code == 200
        assert stored(client, lead["id"]) == {pcs_file["filename"]: CSV[1]}
        got = client.get(pcs_file["url"], headers=auth(client, "sales1"))
        assert got.status_code == 200 and got.content == CSV[1]
