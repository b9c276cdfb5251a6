"""Stored files are served with their checked type, never to be sniffed, and as downloads unless they are images
the app shows (issue 12 §4): lead files, cost sheet spreadsheets, PID PDFs and profile pictures."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.leads.models import Lead, LeadProjectId
from tests.conftest import auth
from tests.integration.uploads.payloads import HTML, PDF, XLSX, png
from tests.integration.uploads.test_content_checks import cost_sheet, lead_form

XLSX_MEDIA = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def is_download(r: Any, media_type: str, name: str) -> bool:
    return (r.status_code == 200 and r.headers["content-type"] == media_type
            and r.headers["x-content-type-options"] == "nosniff"
            and r.headers["content-disposition"].startswith("attachment;") and name in r.headers["content-disposition"])


class TestLeadFiles:
    def test_a_proposal_is_a_pdf_download(self, client: TestClient, lead: dict[str, Any]) -> None:
        assert lead_form(client, lead["id"], "proposalFile", "Proposal.pdf", PDF).status_code == 200
        r = client.get(f"/api/leads/{lead['id']}/files/proposalFile", headers=auth(client, "sales1"))
        assert is_download(r, "application/pdf", "Proposal.pdf") and r.content == PDF

    def test_an_image_lead_file_is_a_download_too(self, client: TestClient, lead: dict[str, Any]) -> None:
        data = png()
        assert lead_form(client, lead["id"], "customerConfirmationDocumentFile", "PO.png", data).status_code == 200
        r = client.get(f"/api/leads/{lead['id']}/files/customerConfirmationDocumentFile",
                       headers=auth(client, "sales1"))
        assert is_download(r, "image/png", "PO.png") and r.content == data

    def test_a_page_stored_before_the_checks_is_not_served_as_a_page(self, client: TestClient, db: Session,
                                                                     lead: dict[str, Any]) -> None:
        # what a lead could hold before uploads were checked: an HTML page under a .pdf key
        key = f"proposalFile-{uuid.uuid4().hex}.pdf"
        client.app.state.storage.save(f"leads/{lead['id']}", key, HTML)  # type: ignore[attr-defined]
        row = db.get(Lead, lead["id"])
        assert row is not None
        row.proposal_file = {"name": "page.pdf", "size": len(HTML), "key": key}
        db.commit()
        r = client.get(f"/api/leads/{lead['id']}/files/proposalFile", headers=auth(client, "sales1"))
        assert is_download(r, "application/pdf", "page.pdf")


class TestCostSheetFiles:
    def test_a_spreadsheet_is_downloaded_with_its_type(self, client: TestClient, lead: dict[str, Any],
                                                       items: list[dict[str, Any]]) -> None:
        r = cost_sheet(client, lead["id"], items, "Costing.xlsx", XLSX)
        key = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]["filename"]
        got = client.get(f"/api/leads/download/{key}", headers=auth(client, "sales1"))
        assert is_download(got, XLSX_MEDIA, "Costing.xlsx") and got.content == XLSX

    def test_a_pid_pdf_is_a_pdf_download(self, client: TestClient, db: Session, lead: dict[str, Any]) -> None:
        key = f"pid-T-{uuid.uuid4().hex[:8]}.pdf"
        client.app.state.storage.save(f"leads/{lead['id']}", key, PDF)  # type: ignore[attr-defined]
        pid = LeadProjectId(lead_id=lead["id"], pid_number=key[4:-4], pdf_file={"name": "PID.pdf", "size": 3,
                                                                                 "key": key})
        db.add(pid)
        db.commit()
        headers = auth(client, "sales1")
        r = client.get(f"/api/leads/{lead['id']}/project-ids/{pid.id}/pdf", headers=headers)
        assert is_download(r, "application/pdf", "PID.pdf") and r.content == PDF
        assert is_download(client.get(f"/api/leads/download/{key}", headers=headers), "application/pdf", "PID.pdf")


class TestProfilePictures:
    def test_a_picture_is_an_inline_image(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        name = client.post("/api/users/me/profile-picture", files={"file": ("me.png", png(), "image/png")},
                           headers=headers).json()["results"]["profilePicture"]
        r = client.get(f"/api/profile-pictures/{name}", headers=headers)
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["content-disposition"] == "inline"
