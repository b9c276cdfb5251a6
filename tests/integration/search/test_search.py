"""The top bar's one search box (api/search): each kind for those whose role may read its page, leads and cost
sheets only where the reader may see the lead (another team's lead is never found), names found with a typo, codes
and PIDs exactly, and any term (one letter, a thousand, SQL, wildcards) answered without an error."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from api.leads.models import Lead
from api.users.models import User
from tests.conftest import auth
from tests.integration.approvals.test_queue_by_lead import ask
from tests.integration.leads.conftest import new_lead, refs  # noqa: F401  (the fixture)


def found(client: TestClient, user: str, q: str) -> dict[str, list[dict[str, Any]]]:
    r = client.get("/api/search", params={"q": q}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return {g["kind"]: g["hits"] for g in r.json()["results"]["groups"]}


def titles(groups: dict[str, list[dict[str, Any]]], kind: str) -> list[str]:
    return [h["title"] for h in groups.get(kind, [])]


@pytest.fixture
def leads(client: TestClient, refs: dict[str, Any]) -> dict[str, dict[str, Any]]:  # noqa: F811
    return {"mine": new_lead(client, refs, projectName="Quasar Datacenter Migration"),
            "theirs": new_lead(client, refs, user="sales4", projectName="Quasar Datacenter Expansion")}


def test_a_lead_is_found_with_a_typo_by_those_who_may_see_it(client: TestClient,
                                                            leads: dict[str, dict[str, Any]]) -> None:
    mine = found(client, "sales1", "quasar datacentre migraton")
    assert titles(mine, "leads")[:1] == ["Quasar Datacenter Migration"]
    assert "Quasar Datacenter Expansion" not in titles(found(client, "sales1", "Quasar Datacenter"), "leads")
    hit = mine["leads"][0]
    assert hit["link"] == f"/leads/{leads['mine']['id']}" and hit["subtitle"].startswith("Bank Nusa Mandiri · ")
    everyone = titles(found(client, "topmanager", "Quasar Datacenter"), "leads")
    assert {"Quasar Datacenter Migration", "Quasar Datacenter Expansion"} <= set(everyone)
    assert "Quasar Datacenter Migration" in titles(found(client, "tl1", "Quasar"), "leads")  # their team's
    assert "Quasar Datacenter Migration" not in titles(found(client, "tl2", "Quasar"), "leads")


def test_a_client_by_its_code_or_a_misspelt_name_and_its_leads(client: TestClient, db: Session,
                                                               leads: dict[str, dict[str, Any]]) -> None:
    code = db.execute(text("select client_code from clients where client_name = 'Bank Nusa Mandiri'")).scalar_one()
    by_code = found(client, "admin", code.lower())
    assert titles(by_code, "clients")[:1] == ["Bank Nusa Mandiri"]
    by_name = found(client, "admin", "bank nusa mandri")
    assert titles(by_name, "clients")[:1] == ["Bank Nusa Mandiri"]
    assert "Quasar Datacenter Migration" in titles(by_name, "leads")  # the client's leads
    # an approver may not read client management nor the leads: only what they are asked about (none here)
    assert "clients" not in found(client, "approver1", "bank nusa mandri")


def test_a_pid_exactly_and_the_lead_s_cost_sheet(client: TestClient, db: Session,
                                                 leads: dict[str, dict[str, Any]]) -> None:
    lead_id = leads["mine"]["id"]
    db.execute(text("insert into lead_project_ids (lead_id, pid_number) values (:l, 'PID-QSR-2026-0042')"),
               {"l": lead_id})
    db.execute(text("insert into project_cost_sheets (lead_id, remark, status) values (:l, 'first', 'APPROVED')"),
               {"l": lead_id})
    db.commit()
    by_pid = found(client, "sales1", "pid-qsr-2026-0042")
    assert by_pid["leads"][0]["id"] == lead_id and by_pid["leads"][0]["subtitle"].endswith("PID-QSR-2026-0042")
    assert by_pid["costSheets"][0]["link"] == f"/leads/{lead_id}/project-cost-sheet"
    assert by_pid["costSheets"][0]["subtitle"].endswith("Approved")
    assert "leads" not in found(client, "sales1", "pid-qsr-2026-004")  # a PID is matched whole
    assert "leads" not in found(client, "sales4", "pid-qsr-2026-0042")  # not their lead


def test_contacts_and_users_for_those_who_may_read_them(client: TestClient, db: Session) -> None:
    name = db.execute(text("select fullname from contacts where deleted_at is null order by id limit 1")).scalar_one()
    admin = found(client, "admin", name)
    assert name in titles(admin, "contacts")
    assert "contacts" not in found(client, "approver1", name)
    assert "Andi Pratama" in titles(found(client, "admin", "andi pratma"), "users")
    assert "users" not in found(client, "sales1", "andi pratama")


@pytest.mark.parametrize("q", ["", "a", "%", "__", "' or 1=1 --", "\\", "%%%%%%", "x" * 1000, "Bank%Nusa",
                               "é" * 50 + "漢字", "\t  \n"])
def test_any_term_is_answered_without_an_error(client: TestClient, q: str,
                                               leads: dict[str, dict[str, Any]]) -> None:
    r = client.get("/api/search", params={"q": q}, headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    answer = r.json()["results"]
    assert len(answer["term"]) <= 100
    if len(answer["term"]) < 2 or set(q) <= set("%_\\"):
        assert answer["groups"] == []  # nothing, not everything: wildcards are matched as typed
    assert all(h["title"] != "Quasar Datacenter Migration" for g in answer["groups"] for h in g["hits"]) \
        or "Bank" in q


def test_a_term_longer_than_a_thousand_is_refused_with_its_reason(client: TestClient) -> None:
    r = client.get("/api/search", params={"q": "x" * 1001}, headers=auth(client, "admin"))
    assert r.status_code == 422


def test_an_approver_finds_the_leads_they_are_asked_to_decide_on_and_no_other(
        client: TestClient, db: Session, leads: dict[str, dict[str, Any]]) -> None:
    """An approver reads leads only through their view page (leads/view): search finds those, linked there, with
    their cost sheets; another lead of the same name is not found."""
    users = {u.username: u for u in db.scalars(select(User).where(User.username.in_(["approver1", "sales1"])))}
    asked = db.get(Lead, leads["mine"]["id"])
    assert asked is not None
    assert "leads" not in found(client, "approver1", "Quasar Datacenter")  # nothing asked yet
    ask(db, asked, users["approver1"], users["sales1"])
    db.execute(text("insert into project_cost_sheets (lead_id, remark, status) "
                    "values (:l, 'first', 'WAITING_FOR_APPROVAL')"), {"l": asked.id})
    db.commit()
    hits = found(client, "approver1", "quasar datacentre")
    assert [(h["title"], h["link"]) for h in hits["leads"]] == [("Quasar Datacenter Migration",
                                                                   f"/leads/{asked.id}/view")]
    assert [h["link"] for h in hits["costSheets"]] == [f"/leads/{asked.id}/view"]
    assert "clients" not in hits and "users" not in hits  # no other page of theirs
    assert "leads" not in found(client, "approver2", "quasar datacentre")  # not asked
