"""Importing leads: through the lead form's own paths and the stage rules (a new lead only in a stage it may start in,
a gated move refused), the sales person within a team leader's team, dates in the company's three ways, the amounts'
messages, an existing lead updated or left unchanged, and the undo."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.leads.models import Lead, LeadServiceCategory, Stage
from api.users.models import User
from tests.conftest import auth
from tests.integration.imports.helpers import dry_run, rows, uploaded, xlsx

HEADERS = ["Client", "Project Name", "Stage", "Sales Person", "Project Type", "Source", "PIC", "Service Category",
           "Expected Close Date", "Project Start Date", "Project End Date", "Total Revenue", "Total Gross Profit"]
GATED = ("A new lead cannot start in E4 Proposal: reaching it needs approval. Create it in an earlier stage and "
         "request the move.")


def _row(**values: Any) -> list[Any]:
    return [values.get(h) for h in HEADERS]


def _client_with_contact(db: Session) -> tuple[str, str]:
    code, name = db.execute(select(Client.client_code, Contact.fullname).join(Contact, Contact.client_id == Client.id)
                            .where(Contact.deleted_at.is_(None)).order_by(Client.id, Contact.id).limit(1)).one()
    return code, name


def _qualified(code: str, pic: str, name: str, **changes: Any) -> list[Any]:
    """A row for a new lead in E3 Qualified with every field the stages up to it require."""
    return _row(**{"Client": code, "Project Name": name, "Stage": "E3 Qualified", "Sales Person": "sales1",
                   "Project Type": "New Project", "Source": "Referral", "PIC": pic,
                   "Service Category": "Cloud & Data Center / Cloud Migration", "Expected Close Date": "01/03/2027",
                   "Project Start Date": "2027-04-01", "Project End Date": "1 Mar 2028", "Total Revenue": 1_500_000,
                   "Total Gross Profit": 300_000, **changes})


def _existing(db: Session, sales: str = "sales1") -> tuple[Lead, str]:
    """An ongoing lead of `sales` in E1 or E2 (not waiting), with its client's code."""
    lead, code = db.execute(select(Lead, Client.client_code).join(Client, Client.id == Lead.client_id)
                            .join(User, User.id == Lead.sales_person_id).join(Stage, Stage.id == Lead.stage_id)
                            .where(User.username == sales, Lead.status == "NEW", Stage.stage_name.in_(("E1", "E2")))
                            .order_by(Lead.id).limit(1)).one()
    return lead, code


def _import(client: TestClient, data: bytes, user: str = "admin") -> dict[str, Any]:
    job = uploaded(client, data, kind="leads", name="leads.xlsx", user=user)
    r = dry_run(client, job, user=user)
    assert r.status_code == 200, r.text
    return job


def _messages(client: TestClient, job: dict[str, Any]) -> dict[int, tuple[str, str | None]]:
    return {n: (r["status"], r["message"]) for n, r in rows(client, job["id"]).items()}


class TestNewLeads:
    def test_each_row_is_checked_by_the_form_and_the_stage_rules(self, client: TestClient, db: Session) -> None:
        code, pic = _client_with_contact(db)
        data = xlsx([HEADERS,
                     _row(Client=code, **{"Project Name": "Imported Found", "Sales Person": "Andi Pratama"}),
                     _qualified(code, pic, "Imported Qualified"),
                     _qualified(code, pic, "Imported Proposal", Stage="E4"),
                     _qualified(code, pic, "Imported No Category", **{"Service Category": None}),
                     _qualified(code, pic, "Imported Decimals", **{"Total Revenue": "1500000.123"}),
                     _qualified(code, pic, "Imported Margin", **{"Total Revenue": 1, "Total Gross Profit": 5000}),
                     _qualified(code, pic, "Imported Bad Date", **{"Expected Close Date": "31/02/2027"}),
                     _qualified(code, pic, "Imported Ends Early", **{"Project End Date": "2027-01-01"}),
                     _qualified(code, pic, "Imported Nobody", **{"Sales Person": "nobody"}),
                     _qualified(code, pic, "Imported Negative", **{"Total Revenue": "-5"}),
                     _row(Client=code, **{"Project Name": "Imported Found"})])
        job = _import(client, data)
        assert job["mapping"]["personInCharges"] == "PIC" and job["mapping"]["totalGrossProfit"] == "Total Gross Profit"
        found = _messages(client, job)
        assert found[2] == ("CREATED", None) and found[3] == ("CREATED", None)
        assert found[4] == ("REFUSED", GATED)
        assert found[5] == ("REFUSED", "A new lead cannot start in E3 Qualified without: Service Category.")
        assert found[6] == ("REFUSED", "Total Revenue can have at most 2 decimals.")
        assert found[7] == ("REFUSED", "Gross profit margin must be between -99.999,99% and 99.999,99%: check Total "
                                       "Revenue and Total Gross Profit.")
        assert found[8] == ("REFUSED", "Column 'Expected Close Date': '31/02/2027' is not a date (write dates as "
                                       "2026-03-01, 01/03/2026 or 1 Mar 2026).")
        assert found[9] == ("REFUSED", "Project end date cannot be before the start date.")
        assert found[10] == ("REFUSED", "Sales Person 'nobody' is not known.")
        assert found[11] == ("REFUSED", "Total Revenue: Input should be greater than or equal to 0.")
        assert found[12] == ("REFUSED", "Duplicate of row 2 in this file (same match key).")
        assert db.scalar(select(Lead).where(Lead.project_name == "Imported Qualified")) is None  # a dry run

        r = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin"))
        assert r.json()["results"]["run"]["counts"] == {"CREATED": 2, "UPDATED": 0, "UNCHANGED": 0, "REFUSED": 9}
        db.expire_all()
        lead = db.scalars(select(Lead).where(Lead.project_name == "Imported Qualified")).one()
        assert db.get(Stage, lead.stage_id).stage_name == "E3"  # type: ignore[union-attr]
        assert (str(lead.expected_close_date), str(lead.project_start_date), str(lead.project_end_date)) == (
            "2027-03-01", "2027-04-01", "2028-03-01")
        assert float(lead.total_revenue) == 1_500_000 and float(lead.gross_profit_margin) == 20.0
        assert db.scalar(select(LeadServiceCategory.sub_service_category_id)
                         .where(LeadServiceCategory.lead_id == lead.id)) is not None
        found_lead = db.scalars(select(Lead).where(Lead.project_name == "Imported Found")).one()
        assert found_lead.sales_person_id == db.scalar(select(User.id).where(User.username == "sales1"))
        history = client.get(f"/api/leads/{lead.id}/history", headers=auth(client, "admin")).json()["results"]
        assert history  # the lead's history says what the import did, as for any edit

    def test_undo_removes_the_leads_and_restores_the_updated_one(self, client: TestClient, db: Session) -> None:
        code, pic = _client_with_contact(db)
        known, known_code = _existing(db)
        revenue = float(known.total_revenue or 0)
        data = xlsx([HEADERS, _qualified(code, pic, "Imported Then Undone"),
                     _row(Client=known_code, **{"Project Name": known.project_name,
                                                "Total Revenue": revenue + 10_000_000})])
        job = _import(client, data)
        done = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin")).json()["results"]
        assert done["run"]["counts"]["CREATED"] == 1 and done["run"]["counts"]["UPDATED"] == 1, _messages(client, job)
        db.expire_all()
        assert float(db.get(Lead, known.id).total_revenue) == revenue + 10_000_000  # type: ignore[union-attr]
        r = client.post(f"/api/imports/{job['id']}/undo", headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        db.expire_all()
        assert db.scalar(select(Lead).where(Lead.project_name == "Imported Then Undone")) is None
        assert float(db.get(Lead, known.id).total_revenue or 0) == revenue  # type: ignore[union-attr]


class TestExistingLeads:
    def test_a_lead_created_by_an_earlier_row_is_the_one_a_later_row_updates(self, client: TestClient,
                                                                             db: Session) -> None:
        # the client named by its code, then by its name: two match keys, one lead
        code, _ = _client_with_contact(db)
        name = db.scalar(select(Client.client_name).where(Client.client_code == code))
        job = _import(client, xlsx([HEADERS, _row(Client=code, **{"Project Name": "Imported Twice"}),
                                    _row(Client=name, **{"Project Name": "imported twice",
                                                         "Expected Close Date": "15 Dec 2027"})]))
        assert _messages(client, job) == {2: ("CREATED", None), 3: ("UPDATED", None)}
        client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin"))
        db.expire_all()
        leads = db.scalars(select(Lead).where(Lead.project_name.ilike("imported twice"))).all()
        assert len(leads) == 1 and str(leads[0].expected_close_date) == "2027-12-15"

    def test_a_lead_as_it_is_is_unchanged(self, client: TestClient, db: Session) -> None:
        known, code = _existing(db)
        stage = db.get(Stage, known.stage_id)
        assert stage is not None
        job = _import(client, xlsx([HEADERS, _row(Client=code, Stage=stage.stage_name,
                                                  **{"Project Name": known.project_name})]))
        assert _messages(client, job)[2] == ("UNCHANGED", None)

    def test_a_changed_field_updates_it_through_the_edit(self, client: TestClient, db: Session) -> None:
        known, code = _existing(db)
        job = _import(client, xlsx([HEADERS, _row(Client=code, **{"Project Name": known.project_name,
                                                                  "Expected Close Date": "15 Dec 2027"})]))
        assert _messages(client, job)[2] == ("UPDATED", None)

    def test_a_stage_change_the_form_refuses_is_refused(self, client: TestClient, db: Session) -> None:
        known, code = _existing(db)
        job = _import(client, xlsx([HEADERS, _row(Client=code, Stage="E5", **{"Project Name": known.project_name})]))
        assert _messages(client, job)[2] == (
            "REFUSED", "Complete these fields before moving to E5 Verification: Proposal, Project Cost Sheet File, "
                       "Entity, Unit.")

    def test_a_stage_change_that_needs_approval_is_refused(self, client: TestClient, db: Session) -> None:
        code, pic = _client_with_contact(db)
        job = _import(client, xlsx([HEADERS, _qualified(code, pic, "Imported Ready")]))
        assert client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "admin")).status_code == 200
        lead = db.scalars(select(Lead).where(Lead.project_name == "Imported Ready")).one()
        lead.proposal_file = {"name": "proposal.pdf", "size": 1, "key": "x"}  # a file comes with the form only
        db.flush()
        job = _import(client, xlsx([HEADERS, _row(Client=code, Stage="E4", **{"Project Name": "Imported Ready"})]))
        assert _messages(client, job)[2] == (
            "REFUSED", "Moving to E4 Proposal needs approval, which an import does not ask for: request the move on "
                       "the lead's page.")

    def test_its_sales_person_is_not_changed_by_an_import(self, client: TestClient, db: Session) -> None:
        known, code = _existing(db)
        job = _import(client, xlsx([HEADERS, _row(Client=code, **{"Project Name": known.project_name,
                                                                  "Sales Person": "sales2"})]))
        assert _messages(client, job)[2] == ("REFUSED", "A lead's sales person changes by reassigning the lead, not "
                                                        "by an import.")


class TestTeamLeader:
    def test_a_team_leader_imports_their_teams_leads_only(self, client: TestClient, db: Session) -> None:
        code, _ = _client_with_contact(db)
        theirs, their_code = _existing(db, "sales1")
        data = xlsx([HEADERS,
                     _row(Client=code, **{"Project Name": "Team Import", "Sales Person": "sales2"}),
                     _row(Client=code, **{"Project Name": "Other Team Import", "Sales Person": "sales4"}),
                     _row(Client=their_code, **{"Project Name": theirs.project_name,
                                                "Expected Close Date": "2027-06-30"})])
        job = _import(client, data, user="tl1")
        found = _messages(client, job)
        assert found[2] == ("CREATED", None) and found[3] == ("REFUSED", "Please choose a sales person from your team")
        assert found[4] == ("UPDATED", None)
        r = client.post(f"/api/imports/{job['id']}/confirm", headers=auth(client, "tl1"))
        assert r.status_code == 200 and r.json()["results"]["run"]["counts"]["CREATED"] == 1

    def test_a_sales_person_may_not_import(self, client: TestClient, db: Session) -> None:
        code, _ = _client_with_contact(db)
        r = client.post("/api/imports", data={"kind": "leads"},
                        files={"file": ("l.xlsx", xlsx([HEADERS, _row(Client=code, **{"Project Name": "X"})]))},
                        headers=auth(client, "sales1"))
        assert r.status_code == 403
