"""Every kind of file through the API, with the app's files in a local directory and then in a SeaweedFS bucket
(issue 13 §3): stored, checked by content, served through the access check of its record, rolled back, replaced,
size-limited. Lead files, cost sheet spreadsheets, profile pictures, PID PDFs and mail attachments."""

from __future__ import annotations

import contextlib
from email import message_from_string
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api.account.service import PICTURES
from api.core.config import get_settings
from api.core.storage import LocalBackend, Storage
from api.core.uploads import MB, TOO_LARGE, UNSUPPORTED, UNSUPPORTED_PICTURE
from api.leads.models import LeadProjectId
from api.pcs import pid
from tests import sealed
from tests.conftest import Services, auth, run_async
from tests.integration.leads.conftest import update
from tests.integration.leads.test_file_storage import failing
from tests.integration.uploads.payloads import HTML, PDF, XLSX, png
from tests.integration.uploads.test_content_checks import cost_sheet

PDF_B = PDF.replace(b"Catalog", b"Catalog /Lang (id)")
XLSX_MEDIA = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def files(storage: Storage, namespace: str) -> dict[str, bytes]:
    """Every file in the namespace, temporary ones included, by name."""
    found = {}
    for name in storage.names(namespace):
        stored = storage.find(namespace, name) if not name.startswith(".") else None
        found[name] = stored.read_bytes() if stored else b"<temporary>"
    return found


def lead_files(storage: Storage, lead: dict[str, Any]) -> dict[str, bytes]:
    return files(storage, f"leads/{lead['id']}")


def proposal(data: bytes, name: str = "Proposal.pdf") -> dict[str, tuple[str, bytes, str]]:
    return {"proposalFile": (name, data, "application/pdf")}


def download(client: TestClient, lead: dict[str, Any], user: str | None = "sales1") -> Any:
    return client.get(f"/api/leads/{lead['id']}/files/proposalFile", headers=auth(client, user) if user else {})


def is_download(r: Any, media_type: str, name: str, content: bytes) -> bool:
    return (r.status_code == 200 and r.content == content and r.headers["content-type"] == media_type
            and r.headers["x-content-type-options"] == "nosniff"
            and r.headers["content-disposition"] == f'attachment; filename="{name}"')


class TestLeadFiles:
    def test_stored_and_served_with_its_checked_type(self, client: TestClient, app_storage: Storage,
                                                     lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {}, files=proposal(PDF))
        assert r.status_code == 200, r.text
        assert list(lead_files(app_storage, lead).values()) == [PDF]
        assert is_download(download(client, lead), "application/pdf", "Proposal.pdf", PDF)

    def test_served_only_to_who_may_read_the_lead(self, client: TestClient, app_storage: Storage,
                                                  lead: dict[str, Any]) -> None:
        assert update(client, lead["id"], {}, files=proposal(PDF)).status_code == 200
        assert download(client, lead, None).status_code == 401
        assert download(client, lead, "sales4").status_code == 404  # another team's sales person
        assert download(client, lead, "tl1").content == PDF  # sales1's team leader

    def test_checked_by_content_before_anything_is_stored(self, client: TestClient, app_storage: Storage,
                                                          lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {}, files=proposal(HTML, "page.pdf"))
        assert r.status_code == 422 and r.json()["messages"] == [UNSUPPORTED]
        assert lead_files(app_storage, lead) == {}

    def test_a_save_that_rolls_back_leaves_nothing(self, client: TestClient, app_storage: Storage,
                                                   lead: dict[str, Any]) -> None:
        with failing(client, "UPDATE leads"):
            assert update(client, lead["id"], {}, files=proposal(PDF)).status_code == 500
        assert lead_files(app_storage, lead) == {}
        assert update(client, lead["id"], {"stageId": 3}, files=proposal(PDF)).status_code == 422  # a rule refuses
        assert lead_files(app_storage, lead) == {}
        assert download(client, lead).status_code == 404

    def test_replaced_once_the_new_one_commits(self, client: TestClient, app_storage: Storage,
                                               lead: dict[str, Any]) -> None:
        assert update(client, lead["id"], {}, files=proposal(PDF)).status_code == 200
        before = lead_files(app_storage, lead)
        with failing(client, "UPDATE leads"):
            assert update(client, lead["id"], {}, files=proposal(PDF_B)).status_code == 500
        assert lead_files(app_storage, lead) == before and download(client, lead).content == PDF
        assert update(client, lead["id"], {}, files=proposal(PDF_B)).status_code == 200
        after = lead_files(app_storage, lead)
        assert list(after.values()) == [PDF_B] and not set(after) & set(before)  # a new key, the old file gone
        assert download(client, lead).content == PDF_B

    def test_over_the_size_limit_is_refused_and_not_stored(self, client: TestClient, app_storage: Storage,
                                                           lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {}, files=proposal(PDF + b"\0" * (15 * MB)))
        assert r.status_code == 413 and r.json()["messages"] == [TOO_LARGE]
        assert lead_files(app_storage, lead) == {}


class TestCostSheetFiles:
    def test_stored_served_and_access_checked(self, client: TestClient, app_storage: Storage, lead: dict[str, Any],
                                              items: list[dict[str, Any]]) -> None:
        r = cost_sheet(client, lead["id"], items, "Costing.xlsx", XLSX)
        assert r.status_code == 200, r.text
        key = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["pcsFile"]["filename"]
        assert lead_files(app_storage, lead) == {key: XLSX}
        got = client.get(f"/api/leads/download/{key}", headers=auth(client, "sales1"))
        assert is_download(got, XLSX_MEDIA, "Costing.xlsx", XLSX)
        assert client.get(f"/api/leads/download/{key}", headers=auth(client, "sales4")).status_code == 404

    def test_a_save_that_rolls_back_leaves_nothing(self, client: TestClient, app_storage: Storage,
                                                   lead: dict[str, Any], items: list[dict[str, Any]]) -> None:
        with failing(client, "INSERT INTO project_cost_sheet_files"):
            assert cost_sheet(client, lead["id"], items, "Costing.xlsx", XLSX).status_code == 500
        assert lead_files(app_storage, lead) == {}


class TestProfilePictures:
    def upload(self, client: TestClient, data: bytes, name: str = "me.png") -> Any:
        return client.post("/api/users/me/profile-picture", files={"file": (name, data, "image/png")},
                           headers=auth(client, "sales2"))

    def test_stored_served_inline_and_replaced(self, client: TestClient, app_storage: Storage) -> None:
        before = set(app_storage.names(PICTURES))
        first, second = png((16, 16)), png((24, 24))
        name = self.upload(client, first).json()["results"]["profilePicture"]
        r = client.get(f"/api/profile-pictures/{name}", headers=auth(client, "sales1"))
        assert r.status_code == 200 and r.content == first and r.headers["content-type"] == "image/png"
        assert r.headers["content-disposition"] == "inline" and r.headers["x-content-type-options"] == "nosniff"
        assert client.get(f"/api/profile-pictures/{name}").status_code == 401
        newer = self.upload(client, second).json()["results"]["profilePicture"]
        assert set(app_storage.names(PICTURES)) - before == {newer}  # the first picture went with the change
        assert client.get(f"/api/profile-pictures/{name}", headers=auth(client, "sales1")).status_code == 404
        app_storage.delete(PICTURES, newer)

    def test_refused_by_content_and_size_without_storing(self, client: TestClient, app_storage: Storage) -> None:
        before = app_storage.names(PICTURES)
        r = self.upload(client, HTML, "me.png")
        assert r.status_code == 422 and r.json()["messages"] == [UNSUPPORTED_PICTURE]
        assert self.upload(client, png() + b"\0" * (5 * MB)).status_code == 413
        assert app_storage.names(PICTURES) == before


class TestPidPdfs:
    def test_rendered_once_stored_and_served_to_readers(self, client: TestClient, db: Session, app_storage: Storage,
                                                        lead: dict[str, Any], items: list[dict[str, Any]]) -> None:
        assert cost_sheet(client, lead["id"], items, "Costing.xlsx", XLSX).status_code == 200
        row = LeadProjectId(lead_id=lead["id"], pid_number=f"TST-2026-{lead['id'] % 10000:04d}")
        db.add(row)
        db.commit()
        file = pid.attach_pdf(db, app_storage, pid_id=row.id)  # what the worker's activity does
        assert pid.attach_pdf(db, app_storage, pid_id=row.id) == file  # a retry finds it stored
        stored = app_storage.find(f"leads/{lead['id']}", file["key"])
        assert stored is not None and stored.size == file["size"]
        url = f"/api/leads/{lead['id']}/project-ids/{row.id}/pdf"
        r = client.get(url, headers=auth(client, "sales1"))
        assert r.status_code == 200 and r.content.startswith(b"%PDF-") and len(r.content) == file["size"]
        assert r.headers["content-type"] == "application/pdf" and r.headers["x-content-type-options"] == "nosniff"
        assert client.get(url, headers=auth(client, "sales4")).status_code == 404


class TestMailAttachments:
    def test_the_worker_attaches_the_pdf_the_api_stored(self, client: TestClient, app_storage: Storage,
                                                        services: Services, monkeypatch: pytest.MonkeyPatch,
                                                        request: pytest.FixtureRequest) -> None:
        from temporalio.service import RPCError

        from workflows.activities.mail import deliver_mail
        from workflows.contracts.mail import DeliverMail, MailAttachment

        before = set(app_storage.names("mail"))
        r = client.post("/api/mails/send-mail", files={"file": ("cost.pdf", PDF, "application/pdf")},
                        data={"to": "someone@example.com"}, headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        workflow_id = r.json()["results"]["workflowId"]

        async def stop() -> None:  # this test delivers the mail itself, below
            handle = (await sealed.connect(services.temporal_address)).get_workflow_handle(workflow_id)
            with contextlib.suppress(RPCError):  # a worker of another test may have ended it already
                await handle.terminate()

        run_async(stop())
        (key,) = set(app_storage.names("mail")) - before
        assert app_storage.find("mail", key).read_bytes() == PDF  # type: ignore[union-attr]
        # the worker opens the storage STORAGE_URL names: the same directory or bucket as the API
        local = isinstance(app_storage.backend, LocalBackend)
        monkeypatch.setenv("STORAGE_URL", app_storage.root.as_uri() if local else request.getfixturevalue("s3_url"))
        get_settings.cache_clear()
        try:
            out = deliver_mail(DeliverMail(raw="From: a@b.c\nTo: someone@example.com\nSubject: x\n\nHello\n",
                                           key=f"storage-test-{key}",
                                           attachment=MailAttachment(namespace="mail", key=key, filename="cost.pdf",
                                                                     content_type="application/pdf")))
        finally:
            monkeypatch.delenv("STORAGE_URL")
            get_settings.cache_clear()
        with open(out) as fh:
            message = message_from_string(fh.read())
        parts = [p for p in message.walk() if p.get_filename() == "cost.pdf"]
        assert len(parts) == 1 and parts[0].get_payload(decode=True) == PDF
        app_storage.delete("mail", key)

