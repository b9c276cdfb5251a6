"""GET /leads/{id}/pcs-pdf, GET /pdf/sample and POST /mails/send-mail: the A2 cost sheet PDF read back as text."""

import email
import re
import subprocess
import time
from email import policy
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.leads.models import LeadProjectId
from api.pcs.models import ProjectCostSheetHistory
from tests.conftest import Services, auth
from tests.integration.pcs.sheets import ITEMS, make_sheet

A2 = (1190.55, 1683.78)


def pdf_text(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def page_sizes(data: bytes, tmp_path: Path) -> list[tuple[float, float]]:
    path = tmp_path / "sizes.pdf"
    path.write_bytes(data)
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", str(path)], check=True, capture_output=True,
                          text=True).stdout
    sizes = []
    for line in info.splitlines():
        if line.startswith("Page") and "size:" in line:
            width, _, height = line.split("size:")[1].split("pts")[0].strip().partition(" x ")
            sizes.append((float(width), float(height)))
    return sizes


def get_pdf(client: TestClient, lead_id: int, user: str = "sales1", **params: Any) -> Any:
    return client.get(f"/api/leads/{lead_id}/pcs-pdf", params=params, headers=auth(client, user))


class TestLeadPdf:
    def test_anonymous_is_refused(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        assert client.get(f"/api/leads/{made.lead.id}/pcs-pdf").status_code == 401

    def test_a_role_without_leads_is_refused(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        r = get_pdf(client, made.lead.id, "approver1")
        assert r.status_code == 403

    def test_a_lead_the_caller_cannot_see_is_absent(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        assert get_pdf(client, made.lead.id, "sales4").status_code == 404
        assert get_pdf(client, 987654321).status_code == 404

    def test_the_approved_sheet_with_pid_items_and_approvers(self, client: TestClient, db: Session,
                                                             tmp_path: Path) -> None:
        made = make_sheet(db, project="Branch WAN Rollout 2026")
        db.add(LeadProjectId(lead_id=made.lead.id, pid_number="NDC-2026-0042", pcs_id=made.sheet.id))
        db.flush()

        r = get_pdf(client, made.lead.id)
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == "application/pdf"
        expected_name = f"PCS_{made.client_name.replace(' ', '_')}_Branch_WAN_Rollout_2026.pdf"
        assert r.headers["content-disposition"] == f'attachment; filename="{expected_name}"'
        assert r.content.startswith(b"%PDF-")
        assert page_sizes(r.content, tmp_path)[0] == A2

        text = pdf_text(r.content, tmp_path)
        flat = " ".join(text.split())
        for expected in (made.client_name, "Branch WAN Rollout 2026", "NDC-2026-0042", "Andi Pratama",
                         "PT Nusantara Data Center", "Hendra Gunawan", "Maya Kusuma", "Budi Santoso",
                         "Checked by", "Acknowledged by", "Approved by", "Approved on 2-Mar-2026",
                         "Approved on 4-Mar-2026"):
            assert expected.lower() in flat.lower(), expected
        for _, name, description, *_ in ITEMS:
            assert name in flat and description in flat
        # unit price, total unit price (x qty 12) and grand total (x term 12), in the id-ID style
        assert "Rp 12.500.000" in flat and "Rp 150.000.000" in flat and "Rp 117.000.000" in flat
        # totals: revenue 267.000.000, cost 93.000.000, gross profit 174.000.000, margin 65,17%
        for figure in ("Rp 267.000.000", "Rp 93.000.000", "Rp 174.000.000", "65,17%"):
            assert figure in flat, figure
        # approvers in sequence order
        assert flat.index("Hendra Gunawan") < flat.index("Maya Kusuma") < flat.index("Budi Santoso")

    def test_a_waiting_sheet_shows_who_decided_and_who_is_awaited(self, client: TestClient, db: Session,
                                                                  tmp_path: Path) -> None:
        made = make_sheet(db, status="WAITING_FOR_APPROVAL", decided_layers=1)
        r = get_pdf(client, made.lead.id)
        assert r.status_code == 200, r.text
        flat = " ".join(pdf_text(r.content, tmp_path).split())
        assert "Hendra Gunawan" in flat and "Maya Kusuma" not in flat
        assert "Waiting for approval" in flat and "Not generated yet" in flat

    def test_a_rejected_current_revision_is_refused(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db, status="REJECTED", decided_layers=2)
        r = get_pdf(client, made.lead.id)
        assert r.status_code == 404
        assert r.json()["messages"] == ["PCS approval status data is empty"]

    def test_an_earlier_revision_renders_from_its_snapshot(self, client: TestClient, db: Session,
                                                           tmp_path: Path) -> None:
        made = make_sheet(db, status="SAVED_AS_DRAFT")
        made.sheet.revision_batch = 1
        db.add(ProjectCostSheetHistory(
            pcs_id=made.sheet.id, revision_batch=0, status="REJECTED", remark="First try",
            snapshot={"projectCostSheetItems": [
                {"type": "REVENUE", "coaCode": "4-OLD", "coaName": "Legacy Support", "description": "Old scope",
                 "sellingPrice": 1000000, "quantity": 2, "totalSellingPrice": 2000000, "termOfPayment": 3},
                {"type": "COST", "chartOfAccount": {"code": "5-OLD", "name": "Old Vendor"}, "description": "x",
                 "sellingPrice": 500000, "quantity": 1, "termOfPayment": 3}]}))
        db.flush()
        r = get_pdf(client, made.lead.id, revisionBatch=0)
        assert r.status_code == 200, r.text
        flat = " ".join(pdf_text(r.content, tmp_path).split())
        assert "Legacy Support" in flat and "Old Vendor" in flat and "Revision 0" in flat
        assert "Rp 6.000.000" in flat and "Rp 1.500.000" in flat and "Rp 4.500.000" in flat
        assert "Managed Network Fee" not in flat
        assert get_pdf(client, made.lead.id, revisionBatch=7).status_code == 404

    def test_a_lead_without_a_sheet(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        db.delete(made.sheet)
        db.flush()
        r = get_pdf(client, made.lead.id)
        assert r.status_code == 404 and r.json()["messages"] == ["This lead has no project cost sheet yet."]


class TestSamplePdf:
    def test_admin_gets_the_sample(self, client: TestClient, tmp_path: Path) -> None:
        r = client.get("/api/pdf/sample", headers=auth(client, "admin"))
        assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
        assert 'filename="project-cost-sheet.pdf"' in r.headers["content-disposition"]
        assert page_sizes(r.content, tmp_path)[0] == A2
        flat = " ".join(pdf_text(r.content, tmp_path).split())
        assert "Sample Client Co." in flat and "Sample data only" in flat
        # when it was made, in the business's time zone (TIME_ZONE) and the one date style
        assert re.search(r"Generated on \d{1,2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} WIB", flat), flat[-200:]
        assert "UTC" not in flat

    def test_needs_the_pdf_page(self, client: TestClient) -> None:
        assert client.get("/api/pdf/sample").status_code == 401
        assert client.get("/api/pdf/sample", headers=auth(client, "sales1")).status_code == 403


@pytest.mark.usefixtures("worker")
class TestSendMail:
    def test_the_pdf_arrives_in_the_outbox_as_an_attachment(self, client: TestClient, services: Services) -> None:
        headers = auth(client, "admin")
        sample = client.get("/api/pdf/sample", headers=headers).content
        r = client.post("/api/mails/send-mail", files={"file": ("whatever.pdf", sample, "application/pdf")},
                        data={"to": "finance@example.com"}, headers=headers)
        assert r.status_code == 200, r.text
        sent = r.json()["results"]
        assert sent["to"] == "finance@example.com"
        outbox = services.data_dir / "outbox" / f"{sent['workflowId']}.eml"
        deadline = time.monotonic() + 20
        while not outbox.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        message = email.message_from_bytes(outbox.read_bytes(), policy=policy.default)
        assert message["To"] == "finance@example.com" and message["Subject"] == "Project Cost Sheet"
        attachments = list(message.iter_attachments())
        assert [a.get_filename() for a in attachments] == ["project-cost-sheet.pdf"]
        assert attachments[0].get_content() == sample

    def test_without_to_it_goes_to_the_caller(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        r = client.post("/api/mails/send-mail", files={"file": ("a.pdf", b"%PDF-1.7 tiny", "application/pdf")},
                        headers=headers)
        assert r.status_code == 200, r.text
        assert r.json()["results"]["to"] == "admin@pipeline-crm.local"

    def test_refusals(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        not_pdf = client.post("/api/mails/send-mail", files={"file": ("a.txt", b"hello", "text/plain")},
                              headers=headers)
        assert not_pdf.status_code == 422 and not_pdf.json()["messages"] == ["Unsupported file format"]
        bad_to = client.post("/api/mails/send-mail", files={"file": ("a.pdf", b"%PDF-1.7", "application/pdf")},
                             data={"to": "not-an-address"}, headers=headers)
        assert bad_to.status_code == 422 and bad_to.json()["messages"] == ["Please enter valid email format."]
        assert client.post("/api/mails/send-mail", headers=headers).status_code == 422
        assert client.post("/api/mails/send-mail", files={"file": ("a.pdf", b"%PDF-1.7", "application/pdf")},
                           headers=auth(client, "sales1")).status_code == 403


class TestPidPdfPending:
    def test_a_pid_given_without_a_cost_sheet_waits_for_no_pdf(self, client: TestClient, db: Session) -> None:
        """Seeded closed leads carry a PID but no sheet: the screen must not wait for a PDF that never comes."""
        seeded = db.scalars(select(LeadProjectId).where(LeadProjectId.pcs_id.is_(None))).first()
        assert seeded is not None
        r = client.get(f"/api/leads/{seeded.lead_id}/project-ids", headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        pid = next(p for p in r.json()["results"]["projectIdNumbers"] if p["id"] == seeded.id)
        assert pid["pdfFile"] is None and pid["pdfPending"] is False

    def test_a_pid_of_an_approved_sheet_waits_for_its_pdf(self, client: TestClient, db: Session) -> None:
        made = make_sheet(db)
        db.add(LeadProjectId(lead_id=made.lead.id, pid_number=f"TEST-{made.lead.id}", pcs_id=made.sheet.id))
        db.commit()
        r = client.get(f"/api/leads/{made.lead.id}/project-ids", headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        [pid] = r.json()["results"]["projectIdNumbers"]
        assert pid["pdfFile"] is None and pid["pdfPending"] is True
