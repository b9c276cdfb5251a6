"""User Management (issue 19 point 1) and its audit (point 4): list, create, edit, deactivate, the hierarchy's
cycles, and the audit entries every change leaves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.users.models import Role, User
from tests.conftest import DEMO_PASSWORD, auth, login

NEW_PASSWORD = "Kopi#Susu42!aB"


def ids(db: Session) -> dict[str, int]:
    found = {u.username: u.id for u in db.scalars(select(User))}
    found.update({f"role:{r.name}": r.id for r in db.scalars(select(Role))})
    return found


def body(db: Session, **extra: Any) -> dict[str, Any]:
    n = ids(db)
    return {"username": "sales9", "fullname": "Bayu Saputra", "nickname": "Bayu", "roleId": n["role:SALES"],
            "leaderId": n["tl2"], "email": "bayu@example.id", "phoneNumber": "+62 812-3456-7890", "gender": "male",
            "dob": "1997-04-02", "isActive": True, "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD,
            **extra}


def audit_of(client: TestClient, **criteria: Any) -> list[dict[str, Any]]:
    found = [{"field": k, "value": v} for k, v in criteria.items()]
    r = client.get("/api/audit", params={"criteria": json.dumps(found), "limit": 100},
                   headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    return r.json()["results"]["data"]  # type: ignore[no-any-return]


def test_an_administrator_adds_a_sales_person_who_can_sign_in(client: TestClient, db: Session) -> None:
    admin = auth(client, "admin")
    r = client.post("/api/users", json=body(db), headers=admin)
    assert r.status_code == 200, r.text
    user = r.json()["results"]
    assert (user["username"], user["roleName"], user["leaderName"], user["isActive"]) == (
        "sales9", "SALES", "Sari Lestari", True)
    assert login(client, "sales9", NEW_PASSWORD)["token"]
    assert client.get(f"/api/users/{user['id']}", headers=admin).json()["results"]["lastSignInAt"] is not None
    # listed, searchable and sortable
    listed = client.get("/api/users", params={"search": "bayu"}, headers=admin).json()["results"]
    assert [u["username"] for u in listed["data"]] == ["sales9"] and listed["totalRows"] == 1
    by_leader = client.get("/api/users", params={"sort": "leader", "limit": 100}, headers=admin).json()["results"]
    leaders = [u["leaderName"] for u in by_leader["data"] if u["leaderName"]]
    assert leaders == sorted(leaders, key=str.lower)
    tl2 = next(u for u in by_leader["data"] if u["username"] == "tl2")
    assert tl2["reports"] == 4  # sales4-6 and the new one
    # the audit names the change in words
    [entry] = audit_of(client, subject="USER", subjectId=str(user["id"]))
    assert (entry["action"], entry["actorName"], entry["subjectLabel"]) == ("CREATE", "Adi Nugroho",
                                                                             "Bayu Saputra (sales9)")
    changes = {c["field"]: c["new"] for c in entry["changes"]}
    assert changes["leader"] == "Sari Lestari" and changes["role"] == "Sales Executive" and "password" not in changes


def test_every_rule_of_the_form_at_once(client: TestClient, db: Session) -> None:
    admin = auth(client, "admin")
    bad = body(db, username="a b", fullname=" ", email="bayu@", phoneNumber="12ab", gender="x", dob="2999-01-01",
               roleId=None, password="short", confirmPassword="other")
    r = client.post("/api/users", json=bad, headers=admin)
    assert r.status_code == 422
    assert r.json()["messages"] == [
        "Username must be 3-60 characters: letters, digits, dots, dashes or underscores.", "Please enter full name",
        "Please enter a valid e-mail address",
        "Phone number can hold digits, spaces, dashes and a leading + (at most 20).",
        "Gender must be Female or Male.", "Date of birth cannot be in the future.", "Please choose role",
        "Password must be 12-20 characters long, contain at least 2 uppercase letters, 2 lowercase letters, 2 "
        "numbers, 2 special characters, and cannot contain more than 2 repeating characters or spaces.",
        "Passwords must match"]
    taken = client.post("/api/users", json=body(db, username="SALES1"), headers=admin)
    assert taken.json()["messages"] == ["Username 'sales1' is already taken."]
    neither = client.post("/api/users", json=body(db, password=None, confirmPassword=None), headers=admin)
    assert neither.json()["messages"] == ["Set a password or send the password mail."]
    no_mail = client.post("/api/users", json=body(db, password=None, confirmPassword=None, email=None,
                                                  sendPasswordMail=True), headers=admin)
    assert no_mail.json()["messages"] == ["An e-mail address is needed to send the password mail."]
    assert not audit_of(client, subject="USER", action="CREATE")  # nothing was saved


def test_the_hierarchy_refuses_a_cycle(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    tl1 = client.get(f"/api/users/{n['tl1']}", headers=admin).json()["results"]
    edit = {**tl1, "leaderId": n["sales1"]}  # tl1 under their own sales person
    r = client.put(f"/api/users/{n['tl1']}", json=edit, headers=admin)
    assert r.status_code == 422
    assert r.json()["messages"] == ["Budi Santoso cannot report to Andi Pratama: Andi Pratama reports to "
                                    "Budi Santoso."]
    top = client.put(f"/api/users/{n['topmanager']}", json={
        **client.get(f"/api/users/{n['topmanager']}", headers=admin).json()["results"], "leaderId": n["sales4"]},
        headers=admin)
    assert top.json()["messages"] == ["Ratna Wijaya cannot report to Putri Maharani: Putri Maharani reports to "
                                      "Ratna Wijaya."]
    own = client.put(f"/api/users/{n['tl1']}", json={**tl1, "leaderId": n["tl1"]}, headers=admin)
    assert own.json()["messages"] == ["A user cannot be their own leader."]


def test_moving_a_sales_person_changes_whose_leads_a_leader_sees(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    sales4 = client.get(f"/api/users/{n['sales4']}", headers=admin).json()["results"]
    team = client.get("/api/master-data/sales-users-by-leader", headers=auth(client, "tl1")).json()["results"]
    assert "Putri Maharani" not in json.dumps(team)
    moved = client.put(f"/api/users/{n['sales4']}", json={**sales4, "leaderId": n["tl1"]}, headers=admin)
    assert moved.status_code == 200 and moved.json()["results"]["leaderName"] == "Budi Santoso"
    team = client.get("/api/master-data/sales-users-by-leader", headers=auth(client, "tl1")).json()["results"]
    assert "Putri Maharani" in json.dumps(team)
    [entry] = audit_of(client, subject="USER", subjectId=str(n["sales4"]))
    assert entry["action"] == "UPDATE"
    assert entry["changes"] == [{"field": "leader", "old": "Sari Lestari", "new": "Budi Santoso"}]


def test_a_deactivated_user_is_signed_out_at_once_and_cannot_sign_in(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    own = auth(client, "sales5")
    assert client.get("/api/auth/session", headers=own).status_code == 200
    sales5 = client.get(f"/api/users/{n['sales5']}", headers=admin).json()["results"]
    r = client.put(f"/api/users/{n['sales5']}", json={**sales5, "isActive": False}, headers=admin)
    assert r.status_code == 200 and r.json()["results"]["isActive"] is False
    assert client.get("/api/auth/session", headers=own).status_code == 401
    assert client.post("/api/auth/login", json={"username": "sales5", "password": DEMO_PASSWORD}).status_code == 400
    assert [e["action"] for e in audit_of(client, subjectId=str(n["sales5"]))] == ["DEACTIVATE"]
    # a leader with a team is not deactivated before the team moves; nor is oneself
    tl2 = client.get(f"/api/users/{n['tl2']}", headers=admin).json()["results"]
    refused = client.put(f"/api/users/{n['tl2']}", json={**tl2, "isActive": False}, headers=admin)
    assert refused.status_code == 409
    assert refused.json()["messages"] == ["2 people report to Sari Lestari: move them to another leader before "
                                          "deactivating Sari Lestari."]
    me = client.get(f"/api/users/{n['admin']}", headers=admin).json()["results"]
    assert client.put(f"/api/users/{n['admin']}", json={**me, "isActive": False}, headers=admin).json()[
        "messages"] == ["You cannot deactivate your own account."]
    # nor take away their own role, and with it this screen
    demoted = client.put(f"/api/users/{n['admin']}", json={**me, "roleId": ids(db)["role:SALES"]}, headers=admin)
    assert demoted.status_code == 403
    assert demoted.json()["messages"] == ["You cannot change your own role: ask another administrator."]
    assert client.get("/api/users", headers=admin).status_code == 200
    # back again
    again = {**r.json()["results"], "isActive": True}  # as the deactivation left them (its version)
    assert client.put(f"/api/users/{n['sales5']}", json=again, headers=admin).status_code == 200
    assert audit_of(client, subjectId=str(n["sales5"]))[0]["action"] == "ACTIVATE"
    assert login(client, "sales5")["token"]


def test_an_edit_of_a_user_someone_changed_since_is_refused(client: TestClient, db: Session) -> None:
    """Two administrators open the same user; the second save would silently undo the first: 409. A move in the
    hierarchy meanwhile counts as a change too (the form would put the old leader back)."""
    n, admin = ids(db), auth(client, "admin")
    opened = client.get(f"/api/users/{n['sales2']}", headers=admin).json()["results"]
    theirs = client.put(f"/api/users/{n['sales2']}", json={**opened, "nickname": "Dewi A."}, headers=admin)
    assert theirs.status_code == 200 and theirs.json()["results"]["version"] == opened["version"] + 1
    mine = client.put(f"/api/users/{n['sales2']}", json={**opened, "phoneNumber": "+62 811-0000-0000"}, headers=admin)
    assert mine.status_code == 409 and mine.json()["type"] == "StaleVersion"
    assert mine.json()["messages"] == ["The user Dewi Anggraini was changed by someone else since you opened it. "
                                       "Reload it to see their changes."]
    reread = client.get(f"/api/users/{n['sales2']}", headers=admin).json()["results"]
    assert reread["nickname"] == "Dewi A." and reread["phoneNumber"] == opened["phoneNumber"]
    # moved under another leader from the hierarchy while the form was open
    assert client.put(f"/api/users/{n['sales2']}/leader", json={"leaderId": n["tl2"]}, headers=admin).status_code \
        == 200
    r = client.put(f"/api/users/{n['sales2']}", json={**reread, "nickname": "Dewi"}, headers=admin)
    assert r.status_code == 409
    assert client.get(f"/api/users/{n['sales2']}", headers=admin).json()["results"]["leaderName"] == "Sari Lestari"
    unversioned = {k: v for k, v in reread.items() if k != "version"}
    r = client.put(f"/api/users/{n['sales2']}", json=unversioned, headers=admin)
    assert r.status_code == 422 and r.json()["messages"] == [
        "The user Dewi Anggraini can only be saved with the version you opened: reload it and save again."]


def test_only_user_management_may_read_or_change_users(client: TestClient, db: Session) -> None:
    n = ids(db)
    for who in ("sales1", "tl1", "topmanager"):
        headers = auth(client, who)
        assert client.get("/api/users", headers=headers).status_code == 403
        assert client.post("/api/users", json=body(db), headers=headers).status_code == 403
        assert client.put(f"/api/users/{n['sales2']}", json=body(db), headers=headers).status_code == 403
        assert client.get("/api/audit", headers=headers).status_code == 403
    assert client.get("/api/users/999999", headers=auth(client, "admin")).status_code == 404


def test_a_password_set_and_a_lifted_lock_are_audited(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    r = client.put(f"/api/users/{n['sales3']}/change-password", headers=admin,
                   json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
    assert r.status_code == 200, r.text
    assert [e["action"] for e in audit_of(client, subjectId=str(n["sales3"]))] == ["PASSWORD_SET"]
    assert "Kopi" not in json.dumps(audit_of(client, subjectId=str(n["sales3"])))  # never the password


def test_audit_entries_cannot_be_changed_or_removed(client: TestClient, db: Session) -> None:
    admin = auth(client, "admin")
    assert client.post("/api/users", json=body(db), headers=admin).status_code == 200
    entry = db.scalars(select(AuditEntry).order_by(AuditEntry.id.desc()).limit(1)).one()
    for statement in ("UPDATE audit_entries SET action = 'NOTHING' WHERE id = :id",
                      "DELETE FROM audit_entries WHERE id = :id"):
        with pytest.raises(DBAPIError, match="audit entries cannot be changed or removed"), db.begin_nested():
            db.execute(text(statement), {"id": entry.id})
    assert db.get(AuditEntry, entry.id) is not None


def test_a_leader_deactivated_meanwhile_does_not_block_other_edits(client: TestClient, db: Session) -> None:
    n, admin = ids(db), auth(client, "admin")
    made = client.post("/api/users", json=body(db, leaderId=n["sales6"]), headers=admin).json()["results"]
    sales6 = client.get(f"/api/users/{n['sales6']}", headers=admin).json()["results"]
    moved = client.put(f"/api/users/{made['id']}", json={**made, "leaderId": n["tl2"]}, headers=admin)
    assert moved.status_code == 200
    assert client.put(f"/api/users/{n['sales6']}", json={**sales6, "isActive": False}, headers=admin).status_code == 200
    back = client.put(f"/api/users/{made['id']}", json={**made, "leaderId": n["sales6"]}, headers=admin)
    assert back.json()["messages"] == ["Leader not found or not active."]  # a new leader must be active
    db.execute(text("UPDATE users SET leader_id = :l WHERE id = :u"), {"l": n["sales6"], "u": made["id"]})
    kept = client.put(f"/api/users/{made['id']}", headers=admin,
                      json={**made, "nickname": "Bay", "version": moved.json()["results"]["version"]})
    assert kept.status_code == 200 and kept.json()["results"]["leaderName"] == "Intan Permata"
