"""Importing clients: the dry run's per-row outcomes (nothing written), confirm, the result workbook, the audit, the
undo and its refusal once a record changed, and who may import."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session, object_session

from api.audit.models import AuditEntry
from api.clients.models import Client
from api.master_data import models as md
from tests.conftest import auth
from tests.integration.imports.helpers import CLIENT_HEADERS, client_row, dry_run, rows, uploaded, xlsx


def _existing(db: Session) -> Client:
    client = db.scalars(select(Client).order_by(Client.id).limit(1)).one()
    return client


def _same_as(client: Client, **changes: Any) -> list[Any]:
    """The client as a row of the file (its references by name), with `changes`."""
    session = object_session(client)
    assert session is not None

    def name(model: Any, ref: int | None) -> str | None:
        found = session.get(model, ref) if ref else None
        return next((v for k, v in vars(found).items() if k.endswith("_name")), None) if found else None

    values = {"Client Code": client.client_code, "Client Name": client.client_name, "Legal Name": client.legal_name,
              "Industry": name(md.Industry, client.industry_id), "Address": client.address,
              "Country": name(md.Country, client.country_id), "Province": name(md.Province, client.province_id),
              "City": name(md.City, client.city_id), "Zip Code": client.zip_code,
              "Affiliate": name(md.Affiliate, client.affiliate_id), **changes}
    return [values[h] for h in CLIENT_HEADERS]


def _file(db: Session) -> tuple[bytes, Client]:
    known = _existing(db)
    return xlsx([CLIENT_HEADERS,
                 client_row("QI1", "Quill Imports"),  # 2: created
                 _same_as(known, **{"Address": "Jl. Gatot Subroto 99"}),  # 3: updated
                 client_row("QI2", "Quince Imports", **{"Legal Name": None}),  # 4: refused
                 client_row("qi1", "Quill Again"),  # 5: a duplicate of row 2 (codes are upper-cased)
                 client_row("QI3", "Quokka Imports", **{"Industry": "Underwater Basket Weaving"})]), known


def _unchanged_file(db: Session) -> bytes:
    known = _existing(db)
    return xlsx([CLIENT_HEADERS, _same_as(known)])


class TestDryRun:
    def test_each_row_has_its_outcome_and_nothing_is_written(self, client: TestClient, db: Session) -> None:
        data, known = _file(db)
        job = uploaded(client, data)
        assert job["totalRows"] == 5 and job["status"] == "UPLOADED"
        assert job["mapping"]["clientCode"] == "Client Code" and job["mapping"]["zipCode"] == "Zip Code"
        r = dry_run(client, job)
        assert r.status_code == 200, r.text
        checked = r.json()["results"]
        assert checked["status"] == "CHECKED"
        assert checked["dryRun"]["counts"] == {"CREATED": 1, "UPDATED": 1, "UNCHANGED": 0, "REFUSED": 3}
        found = rows(client, job["id"])
        assert [found[n]["status"] for n in (2, 3, 4, 5, 6)] == ["CREATED", "UPDATED", "REFUSED", "REFUSED", "REFUSED"]
        assert found[4]["message"] == "Please enter legal name."
        assert found[5]["message"] == "Duplicate of row 2 in this file (same match key)."
        assert found[6]["message"] == "Industry 'Underwater Basket Weaving' is not known."
        assert found[2]["values"]["Client Name"] == "Quill Imports"
        db.expire_all()
        assert db.scalar(select(Client).where(Client.client_code == "QI1")) is None
        assert db.get(Client, known.id).address != "Jl. Gatot Subroto 99"  # type: ignore[union-attr]

    def test_an_identical_row_is_unchanged(self, client: TestClient, db: Session) -> None:
        job = uploaded(client, _unchanged_file(db))
        assert dry_run(client, job).json()["results"]["dryRun"]["counts"]["UNCHANGED"] == 1

    def test_a_mapping_without_a_required_field_is_refused(self, client: TestClient, db: Session) -> None:
        job = uploaded(client, _unchanged_file(db))
        mapping = {k: v for k, v in job["mapping"].items() if k != "legalName"}
        r = dry_run(client, job, mapping=mapping)
        assert r.status_code == 422
        assert r.json()["messages"] == ["Map a column to 'Legal Name': the field is required."]

    def test_the_mapping_is_saved_for_the_next_file(self, client: TestClient, db: Session) -> None:
        job = uploaded(client, _unchanged_file(db))
        assert dry_run(client, job, saveAs="Our CRM export").status_code == 200
        r = client.get("/api/imports/mappings", params={"kind": "clients"}, headers=auth(client, "admin"))
        saved = {m["name"]: m for m in r.json()["results"]}
        assert saved["Our CRM export"]["mapping"] == job["mapping"]

    def test_matching_on_the_name_updates_the_client_of_that_name(self, client: TestClient, db: Session) -> None:
        known = _existing(db)
        job = uploaded(client, xlsx([CLIENT_HEADERS, _same_as(known, **{"Client Code": "ZZ9"})]))
        r = dry_run(client, job, matchOn="clientName")
        assert r.json()["results"]["dryRun"]["counts"]["UPDATED"] == 1


class TestConfirmAndUndo:
    def _run(self, client: TestClient, db: Session) -> tuple[dict[str, Any], Client]:
        data, known = _file(db)
        job = uploaded(client, data)
        assert dry_run(client, job).status_code == 200
        r = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        return r.json()["results"], known

    def test_confirm_writes_the_rows_and_audits_the_import(self, client: TestClient, db: Session) -> None:
        done, known = self._run(client, db)
        assert done["status"] == "DONE" and done["run"]["percent"] == 100.0
        assert done["run"]["counts"] == {"CREATED": 1, "UPDATED": 1, "UNCHANGED": 0, "REFUSED": 3}
        db.expire_all()
        created = db.scalar(select(Client).where(Client.client_code == "QI1"))
        assert created is not None and created.legal_name == "PT Quill Imports"
        assert db.get(Client, known.id).address == "Jl. Gatot Subroto 99"  # type: ignore[union-attr]
        entry = db.scalars(select(AuditEntry).where(AuditEntry.subject == "IMPORT",
                                                    AuditEntry.subject_id == str(done["id"]))).one()
        assert entry.action == "IMPORT" and {"field": "created", "old": None, "new": 1} in entry.changes
        r = client.post(f"/api/imports/{done['id']}/confirm", headers=auth(client, "admin"))
        assert r.status_code == 409 and r.json()["messages"] == ["This import was confirmed already."]

    def test_the_result_workbook_has_a_status_and_a_message_column(self, client: TestClient, db: Session) -> None:
        done, _ = self._run(client, db)
        r = client.get(f"/api/imports/{done['id']}/result", headers=auth(client, "admin"))
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/vnd.openxml")
        sheet = openpyxl.load_workbook(io.BytesIO(r.content), read_only=True).worksheets[0]
        table = [list(row) for row in sheet.iter_rows(values_only=True)]
        assert table[0][-2:] == ["Status", "Message"] and table[0][1] == "Client Code"
        assert [row[-2] for row in table[1:]] == ["Created", "Updated", "Refused", "Refused", "Refused"]
        assert table[3][-1] == "Please enter legal name."

    def test_undo_removes_what_was_created_and_restores_what_was_updated(self, client: TestClient,
                                                                          db: Session) -> None:
        done, known = self._run(client, db)
        address = known.address
        r = client.post(f"/api/imports/{done['id']}/undo", headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["status"] == "UNDONE"
        db.expire_all()
        assert db.scalar(select(Client).where(Client.client_code == "QI1")) is None
        assert db.get(Client, known.id).address == address  # type: ignore[union-attr]
        assert db.scalar(select(AuditEntry).where(AuditEntry.subject == "IMPORT", AuditEntry.action == "UNDO",
                                                  AuditEntry.subject_id == str(done["id"]))) is not None

    def test_undo_is_refused_once_a_record_changed_since(self, client: TestClient, db: Session,
                                                        new_client_body: dict[str, Any]) -> None:
        done, _ = self._run(client, db)
        created = db.scalar(select(Client).where(Client.client_code == "QI1"))
        assert created is not None
        body = {**new_client_body, "id": created.id, "clientCode": "QI1", "clientName": "Quill Imports Renamed",
                "personnel": None}
        assert client.put("/api/clients", json=body, headers=auth(client, "admin")).status_code == 200
        r = client.post(f"/api/imports/{done['id']}/undo", headers=auth(client, "admin"))
        assert r.status_code == 409
        assert r.json()["messages"] == ["The import cannot be undone: 1 of its records changed since it ran (rows 2)."]
        db.expire_all()
        assert db.scalar(select(Client).where(Client.client_code == "QI1")) is not None


class TestAccess:
    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.get("/api/imports").status_code == 401

    def test_a_sales_person_is_403(self, client: TestClient, db: Session) -> None:
        r = client.post("/api/imports", data={"kind": "clients"}, files={"file": ("c.xlsx", _unchanged_file(db))},
                        headers=auth(client, "sales1"))
        assert r.status_code == 403

    def test_a_team_leader_imports_leads_only(self, client: TestClient, db: Session) -> None:
        r = client.post("/api/imports", data={"kind": "clients"}, files={"file": ("c.xlsx", _unchanged_file(db))},
                        headers=auth(client, "tl1"))
        assert r.status_code == 403
        assert r.json()["messages"] == ["Team leaders import their team's leads only."]

    def test_another_persons_import_is_404(self, client: TestClient, db: Session) -> None:
        assert client.get("/api/imports/999999", headers=auth(client, "admin")).status_code == 404
