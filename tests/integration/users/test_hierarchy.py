"""The reporting tree (issue 19 point 2): who sees which part of it, moving a person, refusing cycles, the audit, and
the move showing at once in whose leads a leader sees."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.users.models import User
from tests.conftest import auth


def ids(db: Session) -> dict[str, int]:
    return {u.username: u.id for u in db.scalars(select(User))}


def tree(client: TestClient, who: str) -> dict[str, str | None]:
    r = client.get("/api/users/hierarchy", headers=auth(client, who))
    assert r.status_code == 200, r.text
    nodes = r.json()["results"]
    names = {n["id"]: n["username"] for n in nodes}
    return {n["username"]: names.get(n["leaderId"]) for n in nodes}


def test_each_sees_the_tree_they_lead(client: TestClient) -> None:
    everyone = tree(client, "admin")
    assert everyone["sales1"] == "tl1" and everyone["tl2"] == "topmanager" and everyone["topmanager"] is None
    assert tree(client, "tl1") == {"tl1": None, "sales1": "tl1", "sales2": "tl1", "sales3": "tl1"}
    assert client.get("/api/users/hierarchy", headers=auth(client, "sales1")).status_code == 403


def test_moving_a_person_shows_at_once_in_whose_leads_a_leader_sees(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    def leaderboard() -> set[str]:  # the people whose leads tl1's dashboard counts
        r = client.get("/api/dashboard/sales-performance", headers=auth(client, "tl1"))
        return {row["fullname"] for row in r.json()["results"]["salesLeaderboard"]}

    assert "Putri Maharani" not in leaderboard()
    r = client.put(f"/api/users/{n['sales4']}/leader", json={"leaderId": n["tl1"]}, headers=admin)
    assert r.status_code == 200, r.text
    assert tree(client, "tl1")["sales4"] == "tl1"
    team = client.get("/api/master-data/sales-users-by-leader", headers=auth(client, "tl1")).json()["results"]
    assert n["sales4"] in {p["id"] for p in team}
    assert "Putri Maharani" in leaderboard()
    entries = client.get("/api/audit", params={"criteria": '[{"field": "subject", "value": "HIERARCHY"}]'},
                         headers=admin).json()["results"]["data"]
    assert [(e["action"], e["subjectLabel"], e["changes"]) for e in entries] == [
        ("MOVE", "Putri Maharani (sales4)", [{"field": "leader", "old": "Sari Lestari", "new": "Budi Santoso"}])]


def test_a_cycle_is_refused_and_nothing_changes(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    r = client.put(f"/api/users/{n['topmanager']}/leader", json={"leaderId": n["sales2"]}, headers=admin)
    assert r.status_code == 422
    assert r.json()["messages"] == ["Ratna Wijaya cannot report to Dewi Anggraini: Dewi Anggraini reports to "
                                    "Ratna Wijaya."]
    assert tree(client, "admin")["topmanager"] is None
    top = client.put(f"/api/users/{n['tl1']}/leader", json={"leaderId": None}, headers=admin)
    assert top.status_code == 200 and tree(client, "admin")["tl1"] is None
    # a team leader reads their tree but may not change it
    refused = client.put(f"/api/users/{n['sales1']}/leader", json={"leaderId": n["tl2"]}, headers=auth(client, "tl1"))
    assert refused.status_code == 403
