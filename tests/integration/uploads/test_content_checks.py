"""Every upload is checked by its content, not its name (issue 12 §4): on each upload route an HTML page or an
executable named as an accepted type is refused with the spec's message, and a real file of the type is kept."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.core.uploads import UNSUPPORTED, UNSUPPORTED_PICTURE, UNSUPPORTED_SHEET
from tests.conftest import auth
from tests.integration.uploads.payloads import ELF, HTML, PDF, XLSX, png

LIARS = [("page.pdf", HTML), ("tool.pdf", ELF), ("photo.png", HTML), ("voice.mp3", ELF), ("scan.jpg", PDF)]


def lead_form(client: TestClient, lead_id: int, kind: str, name: str, data: bytes) -> Any:
    return client.put(f"/api/leads/{lead_id}/update/v2", data={"data": json.dumps({})},
                      files={kind: (name, data, "application/octet-stream")}, headers=auth(client, "sales1"))


def cost_sheet(client: TestClient, lead_id: int, items: list[dict[str, Any]], name: str, data: bytes) -> Any:
    return client.put("/api/project-cost-sheet/save-as-draft",
                      data={"leadsId": str(lead_id), "remark": "Costing", "projectCostSheetItems": json.dumps(items)},
                      files={"uploadedFile": (name, data, "application/octet-stream")}, headers=auth(client, "sales1"))


def refused(r: Any, message: str) -> bool:
    return r.status_code == 422 and r.json()["messages"] == [message]


class TestLeadFiles:
    @pytest.mark.parametrize(("name", "data"), LIARS)
    @pytest.mark.parametrize("kind", ["proposalFile", "customerConfirmationDocumentFile"])
    def test_a_file_that_is_not_what_its_name_says_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                              kind: str, name: str, data: bytes) -> None:
        assert refused(lead_form(client, lead["id"], kind, name, data), UNSUPPORTED)

    @pytest.mark.parametrize(("name", "data"), [("costing.xlsx", HTML), ("costing.xls", ELF), ("costing.csv", HTML),
                                                ("costing.csv", ELF), ("costing.ods", XLSX)])
    def test_the_pcs_file_is_a_spreadsheet(self, client: TestClient, lead: dict[str, Any], name: str,
                                           data: bytes) -> None:
        assert refused(lead_form(client, lead["id"], "projectCostSheetFile", name, data), UNSUPPORTED_SHEET)

    @pytest.mark.parametrize(("kind", "name", "data"), [("proposalFile", "Proposal.pdf", PDF),
                                                        ("customerConfirmationDocumentFile", "PO.png", png()),
                                                        ("projectCostSheetFile", "Costing.xlsx", XLSX)])
    def test_real_files_are_kept(self, client: TestClient, lead: dict[str, Any], kind: str, name: str,
                                 data: bytes) -> None:
        r = lead_form(client, lead["id"], kind, name, data)
        assert r.status_code == 200, r.text
        assert r.json()["results"]["lead"][kind] == {"name": name, "size": len(data)}


class TestCostSheetFile:
    @pytest.mark.parametrize(("name", "data"), [("costing.xlsx", HTML), ("costing.xls", ELF), ("costing.csv", HTML),
                                                ("costing.xlsm", XLSX)])
    def test_what_is_not_the_named_spreadsheet_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                          items: list[dict[str, Any]], name: str,
                                                          data: bytes) -> None:
        assert refused(cost_sheet(client, lead["id"], items, name, data), UNSUPPORTED_SHEET)

    def test_a_workbook_is_kept(self, client: TestClient, lead: dict[str, Any], items: list[dict[str, Any]]) -> None:
        r = cost_sheet(client, lead["id"], items, "Costing.xlsx", XLSX)
        assert r.status_code == 200, r.text
        assert r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]["displayName"] == "Costing.xlsx"


class TestProfilePicture:
    @pytest.mark.parametrize(("name", "data"), [("me.png", HTML), ("me.png", ELF), ("me.gif", PDF)])
    def test_what_is_not_an_image_is_refused(self, client: TestClient, name: str, data: bytes) -> None:
        r = client.post("/api/users/me/profile-picture", files={"file": (name, data, "image/png")},
                        headers=auth(client, "sales1"))
        assert refused(r, UNSUPPORTED_PICTURE)

    def test_an_image_is_kept_under_the_extension_of_its_content(self, client: TestClient) -> None:
        r = client.post("/api/users/me/profile-picture", files={"file": ("me.gif", png(), "image/gif")},
                        headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["profilePicture"].endswith(".png")


class TestMailedPdf:
    @pytest.mark.parametrize("data", [HTML, ELF, png()])
    def test_what_is_not_a_pdf_is_refused(self, client: TestClient, data: bytes) -> None:
        r = client.post("/api/mails/send-mail", files={"file": ("cost-sheet.pdf", data, "application/pdf")},
                        headers=auth(client, "admin"))
        assert refused(r, UNSUPPORTED)

    def test_a_pdf_is_sent(self, client: TestClient) -> None:
        r = client.post("/api/mails/send-mail", files={"file": ("cost-sheet.pdf", PDF, "application/pdf")},
                        headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
