"""A closed lead's GP stays credited to who closed it when Reassign Leads moves a leaver's whole book: the
dashboard's figures and leaderboard (targets and what is left of them), its closed GP by service and the closed
leads report, read from the leads and from the rollups, before and after; the lead's history says who owns it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.leads.models import Lead, LeadServiceCategory, Stage
from api.master_data.models import ProjectType, ServiceCategory
from api.users.models import User
from tests.conftest import auth

WIB = timezone(timedelta(hours=7))
YEAR = 2031


def at(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(hour=10, tzinfo=WIB).astimezone(UTC)


@pytest.fixture
def book(client: TestClient, db: Session) -> dict[str, Any]:
    """sales3 closed one lead in 2031 and works on another; sales4 closed one; sales3 has a target."""
    users = {u.username: u for u in db.scalars(select(User))}
    stages = {s.stage_name: s.id for s in db.scalars(select(Stage))}
    kind, category = ProjectType(project_type_name="Credit test"), ServiceCategory(service_category_name="Credit A")
    db.add_all([kind, category])
    db.flush()
    client_id = db.scalars(select(Client.id)).first()
    leads = {}
    for name, (owner, stage, status, gp, closed) in {
        "won": ("sales3", "E7", "CLOSED", 100, "2031-05-20"), "open": ("sales3", "E4", "NEW", 200, None),
        "theirs": ("sales4", "E7", "CLOSED", 300, "2031-06-10"),
    }.items():
        lead = Lead(project_name=f"Credit {name}", client_id=client_id, sales_person_id=users[owner].id,
                    stage_id=stages[stage], status=status, project_type_id=kind.id, total_gross_profit=Decimal(gp),
                    total_revenue=Decimal(gp * 4), created_at=at("2031-02-01"),
                    closed_at=at(closed) if closed else None)
        db.add(lead)
        db.flush()
        db.add(LeadServiceCategory(lead_id=lead.id, service_category_id=category.id))
        leads[name] = lead.id
    db.commit()
    target = {"salesPersonId": users["sales3"].id, "year": YEAR, "amount": 1000}
    assert client.put("/api/sales-targets", json=target, headers=auth(client, "topmanager")).status_code == 200
    return {"kind": kind.id, "leads": leads, "users": users}


def get(client: TestClient, user: str, path: str, **filters: Any) -> Any:
    whole_year = {"date": {"dateRange": {"start": f"{YEAR}-01-01", "end": f"{YEAR}-12-31"}, "value": "year",
                           "label": str(YEAR)}}
    r = client.get(path, params={"filters": json.dumps(whole_year | filters)}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]


def figures(client: TestClient, book: dict[str, Any]) -> dict[str, Any]:
    """What each of the two sales people is credited with: from the leads (narrowed to the test's project type) and
    from the rollups (every lead of the year: whole months)."""
    s3, s4 = book["users"]["sales3"].id, book["users"]["sales4"].id
    only = {"projectIds": [book["kind"]]}
    found: dict[str, Any] = {}
    for who, person in (("sales3", s3), ("sales4", s4)):
        p = get(client, "topmanager", "/api/dashboard/sales-performance", salesPersonIds=[person], **only)
        found[who] = {"closed": (p["closeLeads"], p["closeLeadsAmount"]), "ongoing": p["totalOngoingLeadsAmount"],
                      "achieved": p["achievedLeadsAmount"],
                      "byService": [(g["serviceCategoryName"], g["gpTotal"]) for g in get(
                          client, "topmanager", "/api/dashboard/gp-type", salesPersonIds=[person],
                          **only)["closedLeadGpByService"]]}
    board = {r["salesId"]: r for r in get(client, "topmanager", "/api/dashboard/sales-performance",
                                          **only)["salesLeaderboard"]}
    rolled = {r["salesId"]: r for r in get(client, "topmanager", "/api/dashboard/sales-performance")
              ["salesLeaderboard"]}
    for who, person in (("sales3", s3), ("sales4", s4)):
        row = board[person]
        found[who]["leaderboard"] = (row["totalLeads"], row["achievedGpInCurrentYear"], row["targetAmount"],
                                     row["remainingTarget"], row["achievedPercent"])
        found[who]["rollup"] = (rolled[person]["totalLeads"], rolled[person]["achievedGpInCurrentYear"])
    report = get(client, "topmanager", "/api/report/closed-leads", **only)
    found["report"] = [(r["project"], r["salesPerson"]) for r in report["rows"]]
    return found


def test_a_reassigned_book_keeps_its_closed_gp_with_who_closed_it(client: TestClient, db: Session,
                                                                   book: dict[str, Any]) -> None:
    s3, s4 = book["users"]["sales3"], book["users"]["sales4"]
    before = figures(client, book)
    assert before["sales3"] == {"closed": (1, 100), "ongoing": 200, "achieved": 100,
                                "byService": [("Credit A", 100)], "leaderboard": (1, 100, 1000, 900, 10.0),
                                "rollup": before["sales3"]["rollup"]}
    assert before["sales4"]["closed"] == (1, 300) and before["sales4"]["ongoing"] == 0
    assert before["report"] == [("Credit won", s3.fullname), ("Credit theirs", s4.fullname)]

    r = client.post("/api/assignment-monitoring", json={"fromUserId": s3.id, "toUserId": s4.id, "allLeads": True,
                                                        "reason": "Sales 3 leaves the company."},
                    headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    assert {book["leads"]["won"], book["leads"]["open"]} <= {m["leadId"] for m in r.json()["results"]["leads"]}

    after = figures(client, book)
    # the open lead's GP moves with the lead; the closed one stays with sales3, who closed it
    assert after["sales3"] == before["sales3"] | {"ongoing": 0}
    assert after["sales4"] == before["sales4"] | {"ongoing": 200}
    assert after["report"] == before["report"]
    # the lead itself is sales4's now, and its history says so
    won = book["leads"]["won"]
    detail = client.get(f"/api/leads/{won}", headers=auth(client, "sales4")).json()["results"]
    assert detail["salesPersonId"] == s4.id
    history = client.get(f"/api/leads/{won}/history", headers=auth(client, "sales4")).json()["results"]
    moved = next(h for h in history if h["field"] == "salesPersonId")
    assert (moved["oldLabel"], moved["newLabel"]) == (s3.fullname, s4.fullname)
    db.expire_all()
    assert db.get(Lead, won).closed_by_id == s3.id  # type: ignore[union-attr]


def test_a_lead_is_credited_to_whom_it_belongs_when_it_closes(client: TestClient, db: Session,
                                                               book: dict[str, Any]) -> None:
    """Moved before it closes, the lead's GP goes to the owner who closes it."""
    s3, s4 = book["users"]["sales3"], book["users"]["sales4"]
    lead = db.get(Lead, book["leads"]["open"])
    assert lead is not None and lead.closed_by_id is None
    lead.sales_person_id = s4.id
    db.flush()
    lead.status, lead.closed_at = "CLOSED", at("2031-07-01")
    db.commit()
    db.refresh(lead)
    assert lead.closed_by_id == s4.id
    lead.sales_person_id = s3.id  # and moved back: the credit stays
    db.commit()
    db.refresh(lead)
    assert lead.closed_by_id == s4.id
