"""GET /leads/{id}/history reads as a person reads the lead (issue 11): every field has its label, ids show
the names they stand for, status codes their words, and a change no user made was made by 'System'."""

from __future__ import annotations

import itertools
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.leads.models import LeadHistory
from api.master_data import models as md
from api.users.models import User
from tests.conftest import auth
from tests.integration.leads.conftest import update
from tests.integration.pcs.test_cost_sheet import statements


def history(client: TestClient, lead_id: int, user: str = "sales1") -> list[dict[str, Any]]:
    r = client.get(f"/api/leads/{lead_id}/history", headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def by_field(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["field"]: e for e in reversed(entries)}  # the newest entry of each field


def record(db: Session, lead_id: int, field: str, old: str | None, new: str | None,
           user_id: int | None = None) -> None:
    db.add(LeadHistory(lead_id=lead_id, changed_by=user_id, field=field, old_value=old, new_value=new))
    db.commit()


class TestLabels:
    def test_fields_edited_on_the_form(self, client: TestClient, db: Session, lead: dict[str, Any]) -> None:
        r = update(client, lead["id"], {"totalRevenue": 1_500_000.5, "decisionMaker": "CIO",
                                        "subscriptionType": "ONE_TIME", "stageId": 2})
        assert r.status_code == 200, r.text
        entries = by_field(history(client, lead["id"]))
        assert {f: e["label"] for f, e in entries.items()} == {
            "created": "Created", "totalRevenue": "Total Revenue", "decisionMaker": "Decision Maker",
            "subscriptionType": "Subscription Type", "stage": "Stage"}
        revenue = entries["totalRevenue"]  # values as recorded stay; money is formatted where it is shown
        assert (revenue["oldValue"], revenue["newValue"]) == ("0.00", "1500000.50")
        assert (revenue["oldLabel"], revenue["newLabel"]) == ("0.00", "1500000.50")
        assert entries["subscriptionType"]["newLabel"] == "One Time"
        stage = entries["stage"]
        assert (stage["oldValue"], stage["newValue"]) == ("E1", "E2")
        assert (stage["oldLabel"], stage["newLabel"]) == ("E1 Found", "E2 Connected")
        assert entries["created"]["changedBy"] == "Andi Pratama"

    def test_ids_read_as_the_names_they_stand_for(self, client: TestClient, db: Session, lead: dict[str, Any],
                                                  refs: dict[str, Any]) -> None:
        entity = db.scalars(select(md.Entity).order_by(md.Entity.id.desc()).limit(1)).one()
        unit = db.get(md.Unit, refs["unit"])
        source = db.scalars(select(md.Source).where(md.Source.id != refs["source"]).limit(1)).one()
        assert unit is not None
        r = update(client, lead["id"], {"entityId": entity.id, "unitId": unit.id, "sourceId": source.id})
        assert r.status_code == 200, r.text
        sales = {u.username: u for u in db.scalars(select(User).where(User.username.in_(["sales1", "sales2"])))}
        record(db, lead["id"], "salesPersonId", str(sales["sales1"].id), str(sales["sales2"].id))
        record(db, lead["id"], "clientId", str(refs["client"]), "987654321")  # a row that is gone keeps its id
        entries = by_field(history(client, lead["id"]))
        first_source = db.get(md.Source, refs["source"])
        assert first_source is not None
        assert {f: (e["label"], e["oldValue"], e["oldLabel"], e["newValue"], e["newLabel"])
                for f, e in entries.items() if f != "created"} == {
            "entityId": ("Entity", None, None, str(entity.id), entity.entity_name),
            "unitId": ("Unit", None, None, str(unit.id), unit.unit_name),
            "sourceId": ("Source", str(first_source.id), first_source.source_name, str(source.id),
                         source.source_name),
            "salesPersonId": ("Sales Person", str(sales["sales1"].id), "Andi Pratama", str(sales["sales2"].id),
                              sales["sales2"].fullname),
            "clientId": ("Client", str(refs["client"]), "Bank Nusa Mandiri", "987654321", "987654321"),
        }

    def test_status_codes_read_as_words(self, client: TestClient, db: Session, lead: dict[str, Any]) -> None:
        record(db, lead["id"], "status", "NEW", "WAITING")
        record(db, lead["id"], "status", "WAITING", "HOLD")
        record(db, lead["id"], "pcsStatus", "WAITING_FOR_APPROVAL", "APPROVED (revision 2)")
        entries = history(client, lead["id"])
        assert [(e["label"], e["oldLabel"], e["newLabel"]) for e in entries[:3]] == [
            ("PCS Status", "Waiting For Approval", "Approved (revision 2)"),
            ("Status", "Waiting", "On Hold"),
            ("Status", "New", "Waiting"),
        ]
        assert entries[1]["oldValue"] == "WAITING" and entries[1]["newValue"] == "HOLD"

    def test_the_pid_and_its_pdf_were_given_by_the_system(self, client: TestClient, db: Session,
                                                          lead: dict[str, Any]) -> None:
        record(db, lead["id"], "project_id_number", None, "NDC-2026-0007")
        record(db, lead["id"], "pid_pdf_file", None, "PCS_Bank_Nusa_Mandiri_Zeta.pdf")
        entries = history(client, lead["id"])
        assert [(e["label"], e["newLabel"], e["changedBy"]) for e in entries[:2]] == [
            ("PID PDF", "PCS_Bank_Nusa_Mandiri_Zeta.pdf", "System"), ("PID", "NDC-2026-0007", "System")]

    def test_names_cost_the_same_statements_however_many_entries(self, client: TestClient, db: Session,
                                                                 lead: dict[str, Any], refs: dict[str, Any]) -> None:
        def count() -> int:
            r, n = statements(client, lambda: client.get(f"/api/leads/{lead['id']}/history",
                                                          headers=auth(client, "sales1")))
            assert r.status_code == 200
            return n

        units = list(db.scalars(select(md.Unit.id)))
        record(db, lead["id"], "unitId", None, str(units[0]))
        record(db, lead["id"], "stage", "E1", "E2")
        auth(client, "sales1")  # signed in before counting
        few = count()
        for old, new in itertools.pairwise(units):
            record(db, lead["id"], "unitId", str(old), str(new))
            record(db, lead["id"], "entityId", None, str(refs["entity"]))
            record(db, lead["id"], "stage", "E2", "E3")
        assert count() == few
