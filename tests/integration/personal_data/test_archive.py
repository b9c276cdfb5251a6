"""A contact's archive (issue 39 point 3, UU PDP's right of access): who may ask, and everything held about them in
one ZIP, nothing of another person's."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from tests.conftest import auth
from tests.integration.activities.conftest import PDF, WEBM
from tests.integration.personal_data.conftest import (
    BAYU_TRACES,
    NADIA,
    NADIA_EMAIL,
    NADIA_TRACES,
    archive,
    document,
    erase,
)

PATHS = ["/api/personal-data/contacts/{id}", "/api/personal-data/contacts/{id}/archive"]


class TestAccess:
    @pytest.mark.parametrize("path", PATHS)
    def test_anonymous_is_401(self, client: TestClient, held: dict[str, Any], path: str) -> None:
        assert client.get(path.format(id=held["nadia"]["id"])).status_code == 401

    @pytest.mark.parametrize("user", ["sales1", "tl1", "topmanager", "approver1"])
    def test_only_administrators(self, client: TestClient, held: dict[str, Any], user: str) -> None:
        contact = held["nadia"]["id"]
        for path in PATHS:
            r = client.get(path.format(id=contact), headers=auth(client, user))
            assert r.status_code == 403 and r.json()["type"] == "Forbidden"
        r = erase(client, contact, NADIA["fullname"], user=user)
        assert r.status_code == 403
        assert client.get(f"/api/people/{contact}", headers=auth(client, "admin")).json()["results"]["fullname"] \
            == NADIA["fullname"]

    def test_an_unknown_contact_is_404(self, client: TestClient) -> None:
        for path in PATHS:
            r = client.get(path.format(id=99_999_999), headers=auth(client, "admin"))
            assert r.status_code == 404 and r.json()["messages"] == ["Contact not found."]
        assert erase(client, 99_999_999, "anyone").status_code == 404


class TestSummary:
    def test_counts_each_kind(self, client: TestClient, held: dict[str, Any]) -> None:
        r = client.get(f"/api/personal-data/contacts/{held['nadia']['id']}", headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        found = r.json()["results"]
        assert found["name"] == NADIA["fullname"] and found["erasedAt"] is None and found["erasedBy"] is None
        # two history entries (added, edited); her activity and the one naming her, with her activity's plan; the
        # recording and the minutes; the lead (person in charge and decision maker); the lead history entry; the
        # notification about her
        assert found["holdings"] == {"historyEntries": 2, "activities": 2, "schedules": 1, "files": 2, "leads": 1,
                                     "leadHistoryEntries": 1, "notifications": 1, "otherTexts": 0}


class TestArchive:
    def test_holds_every_kind_of_data(self, client: TestClient, held: dict[str, Any]) -> None:
        zf = archive(client, held["nadia"]["id"])
        doc = document(zf)
        contact = doc["contact"]
        assert (contact["fullname"], contact["email"], contact["phoneNumber"], contact["linkedin"]) == (
            NADIA["fullname"], NADIA_EMAIL, "6281122334455", NADIA["linkedin"])
        assert contact["clientName"] == "Bank Nusa Mandiri" and doc["about"]["exportedBy"] == "admin"
        assert [h["action"] for h in doc["history"]] == ["CREATED", "UPDATED"]
        assert {"field": "email", "label": "Email", "from": NADIA["email"], "to": NADIA_EMAIL} \
            in doc["history"][1]["changes"]
        by_id = {a["id"]: a for a in doc["activities"]}
        assert set(by_id) == {held["with_nadia"], held["naming_her"]}
        assert by_id[held["with_nadia"]]["role"] == "personInCharge"
        assert by_id[held["naming_her"]]["role"] == "mentionedInNotes"
        assert by_id[held["naming_her"]]["files"] == []  # Bayu's activity's photo is not hers
        assert [p["role"] for p in doc["schedules"]] == ["personInCharge"]
        assert [lead["leadId"] for lead in doc["leadsAsPersonInCharge"]] == [held["lead"]["id"]]
        assert [lead["decisionMaker"] for lead in doc["leadsMentioning"]] == [NADIA["fullname"]]
        assert [e["newValue"] for e in doc["leadHistory"]] == ["Bayu Wicaksono, Nadia Kusumawati"]
        assert [n["message"] for n in doc["notifications"]] == ["Nadia Kusumawati asked for the demo to move."]

    def test_carries_her_files_byte_for_byte(self, client: TestClient, held: dict[str, Any]) -> None:
        zf = archive(client, held["nadia"]["id"])
        files = {f["name"]: f for f in document(zf)["activities"][0]["files"]}
        assert set(files) == {"Voice Note-1.webm", "Minutes.pdf"}
        assert zf.read(files["Minutes.pdf"]["path"]) == PDF
        assert zf.read(files["Voice Note-1.webm"]["path"]) == WEBM
        assert sorted(n for n in zf.namelist() if n.startswith("files/")) == sorted(f["path"] for f in files.values())
        assert "README.txt" in zf.namelist()

    def test_holds_nothing_of_another_person(self, client: TestClient, held: dict[str, Any]) -> None:
        zf = archive(client, held["nadia"]["id"])
        text = zipfile_text(zf)
        assert held["bayu_only"] not in {a["id"] for a in document(zf)["activities"]}
        for trace in ("bayu.wicaksono@", "9988-7766", "81299887766", "signed the NDA", "pricing questions",
                      "site.png"):
            assert trace not in text, trace
        bayu = zipfile_text(archive(client, held["bayu"]["id"]))
        assert "Kusumawati asked for the demo" not in bayu and "calls back" not in bayu

    def test_the_export_is_audited_without_personal_data(self, client: TestClient, db: Session,
                                                         held: dict[str, Any]) -> None:
        archive(client, held["nadia"]["id"])
        entry = db.scalars(select(AuditEntry).where(AuditEntry.subject == "CONTACT", AuditEntry.action == "EXPORT",
                                                    AuditEntry.subject_id == str(held["nadia"]["id"]))).one()
        assert entry.subject_label == f"Contact #{held['nadia']['id']}"
        assert str(entry.changes) and not any(t in f"{entry.subject_label}{entry.changes}"
                                              for t in NADIA_TRACES + BAYU_TRACES)


def zipfile_text(zf: Any) -> str:
    return "\n".join(zf.read(name).decode("utf-8", "replace") for name in zf.namelist())
