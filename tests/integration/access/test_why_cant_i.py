"""Why can't I? (issue 19 point 5): a refused call names the role, the action and the page, and an administrator reads
any user's effective access with the policy lines behind each flag."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.users.models import User
from tests.conftest import auth


def test_a_refusal_names_the_role_the_action_and_the_page(client: TestClient) -> None:
    r = client.put("/api/people/delete", json={"id": 1}, headers=auth(client, "sales1"))
    assert r.status_code == 403
    assert r.json() == {"messages": ["Your role Sales Executive has no delete access to Contact Management."],
                        "type": "Forbidden", "page": "system/contact-management", "action": "delete"}
    r = client.get("/api/users", headers=auth(client, "topmanager"))
    assert r.json()["messages"] == ["Your role Top Management has no read access to User Management."]


def test_an_administrator_reads_a_users_effective_access_and_its_reasons(client: TestClient, db: Session) -> None:
    sales1 = db.scalars(select(User.id).where(User.username == "sales1")).one()
    r = client.get(f"/api/access/effective/{sales1}", headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    found = r.json()["results"]
    assert (found["username"], found["roleName"], found["roleDescription"]) == ("sales1", "SALES", "Sales Executive")
    pages = {p["code"]: p for p in found["pages"]}
    contacts = pages["system/contact-management"]
    assert contacts["read"] == {"allowed": True, "grantedBy": ["p, SALES, system/contact-management, read"]}
    assert contacts["delete"] == {"allowed": False, "grantedBy": []}
    assert pages["system/user-management"]["read"]["allowed"] is False
    admin = db.scalars(select(User.id).where(User.username == "admin")).one()
    everything = client.get(f"/api/access/effective/{admin}", headers=auth(client, "admin")).json()["results"]
    assert all(p[a]["grantedBy"] == ["p, ADMIN, *, *"] for p in everything["pages"]
               for a in ("read", "write", "edit", "delete"))
    # only who administers access may ask
    refused = client.get(f"/api/access/effective/{sales1}", headers=auth(client, "sales1"))
    assert refused.status_code == 403
    assert client.get("/api/access/effective/999999", headers=auth(client, "admin")).status_code == 404
