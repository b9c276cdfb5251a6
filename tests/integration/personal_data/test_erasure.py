"""Erasing a contact (issue 39 point 3, UU PDP's right to erasure): every personal field replaced, their files gone
from storage, history kept anonymised, mentions replaced, approvals and cost sheets untouched, one audit entry without
personal data; refused without the name typed back, and once done, said so."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities.models import Activity, ActivityFile, ActivitySchedule
from api.approvals.models import ApprovalDecision, ApprovalRequest
from api.assignments.models import Reassignment
from api.audit.models import AuditEntry
from api.clients.contacts import erasure
from api.clients.contacts.models import Contact, ContactHistory
from api.clients.models import Client
from api.core.db import Base
from api.core.storage import Storage
from api.imports.models import ImportJob, ImportRowOutcome, ImportSourceRow
from api.leads.models import Lead, LeadHistory, LeadPic
from api.notifications.models import Notification
from api.pcs.models import ProjectCostSheet, ProjectCostSheetItem
from api.users import repository as users_repo
from tests.conftest import auth
from tests.integration.imports.helpers import dry_run, uploaded, xlsx
from tests.integration.imports.helpers import rows as import_rows
from tests.integration.personal_data.conftest import (
    BAYU,
    BAYU_TRACES,
    NADIA,
    NADIA_EMAIL,
    NADIA_TRACES,
    archive,
    document,
    erase,
    hold,
)
from tests.integration.personal_data.test_archive import zipfile_text


def columns(model: type[Base]) -> set[str]:
    return {c.key for c in sa_inspect(model).mapper.column_attrs}


def values(row: Any) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in sa_inspect(row).mapper.column_attrs}


def erased(client: TestClient, held: dict[str, Any]) -> dict[str, Any]:
    r = erase(client, held["nadia"]["id"], "  nadia   KUSUMAWATI ")  # spacing and case do not matter
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


class TestEveryColumnIsDecided:
    """A column added to contacts or their history fails here until it is classified personal (and replaced) or
    kept (api/clients/contacts/erasure.py)."""

    @pytest.mark.parametrize(("model", "personal", "kept"), [
        (Contact, erasure.PERSONAL, erasure.KEPT), (ContactHistory, erasure.HISTORY_PERSONAL, erasure.HISTORY_KEPT)])
    def test_each_column_is_personal_or_kept(self, model: type[Base], personal: dict[str, Any],
                                             kept: frozenset[str]) -> None:
        assert not set(personal) & kept
        assert set(personal) | kept == columns(model)


class TestErase:
    def test_every_personal_field_is_replaced(self, client: TestClient, db: Session, held: dict[str, Any]) -> None:
        contact_id = held["nadia"]["id"]
        before = values(db.get(Contact, contact_id))
        answer = erased(client, held)
        db.expire_all()
        after = values(db.get(Contact, contact_id))
        for column, value in erasure.PERSONAL.items():
            assert after[column] == value(contact_id) != before[column], column
        assert after["fullname"] == answer["name"] == f"Erased contact #{contact_id}"
        assert {c: after[c] for c in ("id", "client_id", "created_by", "created_at")} == \
            {c: before[c] for c in ("id", "client_id", "created_by", "created_at")}
        assert after["deleted_at"] is not None  # it leaves every list
        assert client.get(f"/api/people/{contact_id}", headers=auth(client, "admin")).status_code == 404
        bayu = db.get(Contact, held["bayu"]["id"])
        assert bayu is not None and (bayu.fullname, bayu.email) == (BAYU["fullname"], BAYU["email"])

    def test_history_entries_are_kept_anonymised(self, client: TestClient, db: Session,
                                                 held: dict[str, Any]) -> None:
        contact_id = held["nadia"]["id"]
        answer = erased(client, held)
        db.expire_all()
        entries = db.scalars(select(ContactHistory).where(ContactHistory.contact_id == contact_id)
                             .order_by(ContactHistory.id)).all()
        assert [e.action for e in entries] == ["CREATED", "UPDATED", "ERASED"] and answer["historyEntries"] == 2
        assert {e.fullname for e in entries} == {f"Erased contact #{contact_id}"}
        assert [e.client_name for e in entries] == ["Bank Nusa Mandiri"] * 3
        email = next(c for c in entries[1].changes if c["field"] == "email")
        assert email == {"field": "email", "label": "Email", "from": "(erased)", "to": "(erased)"}
        assert not any(t in str([values(e) for e in entries]) for t in NADIA_TRACES)

    def test_her_files_leave_storage_and_others_stay(self, client: TestClient, db: Session, app_storage: Storage,
                                                     refs: dict[str, Any]) -> None:
        held = hold(client, db, refs)
        lead_id = held["lead"]["id"]
        hers = db.scalars(select(ActivityFile).where(ActivityFile.activity_id == held["with_nadia"])).all()
        keys = [f.key for f in hers]
        assert len(keys) == 2 and all(app_storage.find(f"activities/{lead_id}", k) for k in keys)
        answer = erased(client, held)
        assert answer["filesDeleted"] == 2
        for key in keys:
            assert app_storage.find(f"activities/{lead_id}", key) is None
            r = client.get(f"/api/activity/recordings/load/{lead_id}/{key}", headers=auth(client, "sales1"))
            assert r.status_code == 404
        db.expire_all()
        assert db.scalars(select(ActivityFile).where(ActivityFile.activity_id == held["with_nadia"])).all() == []
        photo = db.scalars(select(ActivityFile).where(ActivityFile.activity_id == held["naming_her"])).one()
        assert app_storage.find(f"activities/{lead_id}", photo.key) is not None  # Bayu's activity's photo stays

    def test_mentions_are_replaced_and_others_left(self, client: TestClient, db: Session,
                                                   held: dict[str, Any]) -> None:
        erased(client, held)
        db.expire_all()
        name = f"Erased contact #{held['nadia']['id']}"
        notes = {a.id: a.notes for a in db.scalars(select(Activity).where(Activity.lead_id == held["lead"]["id"]))}
        assert notes[held["with_nadia"]] == f"Met {name}; she calls back on {name}."
        assert notes[held["naming_her"]] == f"Bayu asks us to copy {name} on the proposal."
        assert notes[held["bayu_only"]] == "Bayu Wicaksono alone: pricing questions."
        plan = db.scalars(select(ActivitySchedule).where(ActivitySchedule.activity_id == held["with_nadia"])).one()
        assert plan.pic_contact_id == held["nadia"]["id"]  # kept, pointing at the placeholder
        lead = db.get(Lead, held["lead"]["id"])
        assert lead is not None and lead.decision_maker == name
        entry = db.scalars(select(LeadHistory).where(LeadHistory.lead_id == lead.id,
                                                     LeadHistory.field == "personInCharges")).one()
        assert entry.new_value == f"Bayu Wicaksono, {name}"
        messages = set(db.scalars(select(Notification.message).where(Notification.message.like("%NDA%")
                                                                     | Notification.message.like("%demo to move%"))))
        assert messages == {f"{name} asked for the demo to move.", "Bayu Wicaksono signed the NDA."}

    def test_nothing_of_her_is_left_in_her_archive(self, client: TestClient, held: dict[str, Any]) -> None:
        erased(client, held)
        zf = archive(client, held["nadia"]["id"])
        text = zipfile_text(zf)
        assert not [t for t in NADIA_TRACES if t in text]
        assert not [n for n in zf.namelist() if n.startswith("files/")]
        assert document(zf)["contact"]["fullname"] == f"Erased contact #{held['nadia']['id']}"
        assert all(t in zipfile_text(archive(client, held["bayu"]["id"])) for t in BAYU_TRACES[:2])

    def test_approvals_and_cost_sheets_keep_their_numbers(self, client: TestClient, db: Session,
                                                          held: dict[str, Any]) -> None:
        sheet = db.scalars(select(ProjectCostSheet).where(ProjectCostSheet.approval_request_id.is_not(None))
                           .order_by(ProjectCostSheet.id).limit(1)).one()
        db.add(LeadPic(lead_id=sheet.lead_id, contact_id=held["nadia"]["id"]))  # her on a lead with both
        db.commit()

        def numbers() -> list[Any]:
            db.expire_all()
            requests = db.scalars(select(ApprovalRequest).where(ApprovalRequest.lead_id == sheet.lead_id)).all()
            return [values(sheet), [values(i) for i in db.scalars(select(ProjectCostSheetItem)
                                                                  .where(ProjectCostSheetItem.pcs_id == sheet.id))],
                    [values(r) for r in requests],
                    [values(d) for d in db.scalars(select(ApprovalDecision).where(
                        ApprovalDecision.request_id.in_([r.id for r in requests])))]]

        before = numbers()
        assert before[2], "the seeded sheet's lead has approval requests"
        erased(client, held)
        assert numbers() == before

    def test_notes_on_approvals_cost_sheets_and_reassignments_are_replaced(self, client: TestClient, db: Session,
                                                                           held: dict[str, Any]) -> None:
        sheet = db.scalars(select(ProjectCostSheet).where(ProjectCostSheet.approval_request_id.is_not(None))
                           .order_by(ProjectCostSheet.id).limit(1)).one()
        request = db.get(ApprovalRequest, sheet.approval_request_id)
        users = {u: users_repo.by_username(db, u) for u in ("sales1", "sales2", "admin")}
        assert request is not None and all(users.values())
        sheet.remark = "Margins agreed with Nadia Kusumawati."
        request.notes = f"Ask {NADIA_EMAIL} before the board meets."
        moved = Reassignment(from_user_id=users["sales1"].id, to_user_id=users["sales2"].id,  # type: ignore[union-attr]
                             by_user_id=users["admin"].id, lead_count=0,  # type: ignore[union-attr]
                             reason="Nadia prefers to deal with sales2: call 0811 2233 4455.")
        untouched = Reassignment(from_user_id=users["sales2"].id, to_user_id=users["sales1"].id,  # type: ignore[union-attr]
                                 by_user_id=users["admin"].id, lead_count=0,  # type: ignore[union-attr]
                                 reason="Bayu Wicaksono asked for sales1.")
        db.add_all([moved, untouched])
        db.commit()
        held_now = client.get(f"/api/personal-data/contacts/{held['nadia']['id']}", headers=auth(client, "admin"))
        assert held_now.json()["results"]["holdings"]["otherTexts"] == 3
        quoted = {(t["table"], t["id"]) for t in document(archive(client, held["nadia"]["id"]))["otherTexts"]}
        assert quoted == {("project_cost_sheets", sheet.id), ("approval_requests", request.id),
                          ("reassignments", moved.id)}
        numbers = (sheet.total_revenue, sheet.gross_profit, request.status)

        erased(client, held)
        db.expire_all()
        name = f"Erased contact #{held['nadia']['id']}"
        assert sheet.remark == f"Margins agreed with {name}."
        assert request.notes == f"Ask {name} before the board meets."
        assert moved.reason == f"Nadia prefers to deal with sales2: call {name}."  # her first name alone is not hers
        assert untouched.reason == "Bayu Wicaksono asked for sales1."
        assert (sheet.total_revenue, sheet.gross_profit, request.status) == numbers

    def test_an_import_naming_her_keeps_no_trace(self, client: TestClient, db: Session, app_storage: Storage,
                                                 held: dict[str, Any]) -> None:
        """A workbook that brought her in: its rows, match keys and kept values name the placeholder, and the file
        it was uploaded as leaves storage."""
        code = db.scalars(select(Client.client_code).where(Client.id == held["nadia"]["clientId"])).one()
        data = xlsx([["Client", "Full Name", "Gender", "Position", "Email", "Phone"],
                     [code, NADIA["fullname"], "Female", "CIO", NADIA_EMAIL, "0811 2233 4455"],
                     [code, "Bayu Wicaksono", "Male", "Buyer", BAYU["email"], None]])
        job = uploaded(client, data, kind="contacts")
        assert dry_run(client, job).status_code == 200
        assert client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin")).status_code == 200
        upload = db.get(ImportJob, job["id"])
        assert upload is not None and upload.file_key and app_storage.exists("imports", upload.file_key)
        key = upload.file_key
        rows_held = document(archive(client, held["nadia"]["id"]))["importedRows"]
        assert [(r["importId"], r["rowNumber"]) for r in rows_held] == [(job["id"], 2)]

        erased(client, held)
        db.expire_all()
        name = f"Erased contact #{held['nadia']['id']}"
        cells = {r.row_number: r.cells for r in db.scalars(select(ImportSourceRow).where(
            ImportSourceRow.job_id == job["id"]))}
        assert cells[2] == [code, name, "Female", "CIO", name, name]
        assert cells[3][1] == "Bayu Wicaksono"  # another's row stays
        kept = " ".join(f"{o.match_key} {o.before}" for o in db.scalars(select(ImportRowOutcome).where(
            ImportRowOutcome.job_id == job["id"])))
        assert not [t for t in NADIA_TRACES if t in kept]
        assert db.get(ImportJob, job["id"]).file_key is None  # type: ignore[union-attr]
        assert not app_storage.exists("imports", key)
        text = " ".join(f"{row.get('values')} {row.get('message')}" for row in import_rows(client, job["id"]).values())
        assert not [t for t in NADIA_TRACES if t in text] and "Bayu Wicaksono" in text

    def test_one_audit_entry_without_personal_data(self, client: TestClient, db: Session,
                                                   held: dict[str, Any]) -> None:
        contact_id = held["nadia"]["id"]
        erased(client, held)
        entry = db.scalars(select(AuditEntry).where(AuditEntry.subject == "CONTACT", AuditEntry.action == "ERASE")
                           ).one()
        admin = users_repo.by_username(db, "admin")
        assert entry.subject_id == str(contact_id) and entry.subject_label == f"Contact #{contact_id}"
        assert admin is not None and entry.actor_id == admin.id and entry.at is not None
        changes = {c["field"]: c["new"] for c in entry.changes}
        # her activity's and Bayu's notes, the lead's decision maker, its history entry, the notification
        assert changes["filesDeleted"] == 2 and changes["historyEntries"] == 2 and changes["textsChanged"] == 5
        assert "email" in changes["personalFields"]
        assert not any(t in f"{values(entry)}" for t in (*NADIA_TRACES, "Nadia"))


class TestRefusals:
    @pytest.mark.parametrize("typed", [None, "", "Nadia", "Bayu Wicaksono", "Nadia Kusumawati."])
    def test_without_her_name_typed_back_nothing_changes(self, client: TestClient, db: Session,
                                                         held: dict[str, Any], typed: str | None) -> None:
        r = erase(client, held["nadia"]["id"], typed)
        assert r.status_code == 422
        if typed is not None:
            assert r.json()["messages"] == ["Type the contact's full name exactly as it is shown to confirm the "
                                            "erasure."]
        db.expire_all()
        contact = db.get(Contact, held["nadia"]["id"])
        assert contact is not None and (contact.fullname, contact.email) == (NADIA["fullname"], NADIA_EMAIL)
        assert db.scalars(select(AuditEntry).where(AuditEntry.action == "ERASE")).all() == []

    def test_a_second_erasure_says_it_was_done(self, client: TestClient, db: Session, held: dict[str, Any]) -> None:
        contact_id = held["nadia"]["id"]
        erased(client, held)
        for typed in (NADIA["fullname"], f"Erased contact #{contact_id}"):
            r = erase(client, contact_id, typed)
            assert r.status_code == 409 and r.json()["type"] == "Conflict"
            assert r.json()["messages"][0].startswith(f"Contact #{contact_id} was already erased on ")
        assert len(db.scalars(select(AuditEntry).where(AuditEntry.action == "ERASE")).all()) == 1
        summary = client.get(f"/api/personal-data/contacts/{contact_id}", headers=auth(client, "admin")).json()
        assert summary["results"]["erasedAt"] is not None and summary["results"]["erasedBy"] == "Adi Nugroho"
