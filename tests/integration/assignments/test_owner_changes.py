"""Changing leads' owner from a lead's page or Leads Management (POST /assignment-monitoring/owner-changes), and a team
leader reassigning on Assignment Monitoring: the same rules and history as a reassignment; a team leader moves only
their own team's leads, and only to members of their team."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.leads.models import Lead
from api.users.models import User
from tests.conftest import auth

URL = "/api/assignment-monitoring"
CHANGE = f"{URL}/owner-changes"
REASON = "Dewi takes over the bank accounts."
TARGET_NOT_FOUND = "The sales person to move the leads to was not found."


def user(db: Session, username: str) -> User:
    return db.scalars(select(User).where(User.username == username)).one()


def leads_of(db: Session, username: str) -> list[int]:
    return list(db.scalars(select(Lead.id).where(Lead.sales_person_id == user(db, username).id).order_by(Lead.id)))


def owner(db: Session, lead_id: int) -> str:
    db.expire_all()
    lead = db.get(Lead, lead_id)
    assert lead is not None
    return db.get(User, lead.sales_person_id).username  # type: ignore[union-attr]


def change(client: TestClient, who: str, **body: Any) -> Any:
    return client.post(CHANGE, json=body, headers=auth(client, who))


class TestAccess:
    def test_anonymous_401_no_page_403_absent_404(self, client: TestClient, db: Session) -> None:
        assert client.post(CHANGE, json={}).status_code == 401
        lead = leads_of(db, "sales3")[0]
        body = {"leadIds": [lead], "toUserId": user(db, "sales2").id, "reason": REASON}
        for who in ("sales1", "topmanager", "approver1"):  # top management reads every lead but moves none
            assert change(client, who, **body).status_code == 403, who
        r = change(client, "admin", **{**body, "leadIds": [999999]})
        assert r.status_code == 404 and r.json()["messages"] == ["Lead not found."]
        assert owner(db, lead) == "sales3"


class TestTeamLeader:
    def test_moves_a_lead_of_their_team_to_someone_of_their_team(self, client: TestClient, db: Session) -> None:
        lead = leads_of(db, "sales3")[0]
        s3, s2, tl1 = user(db, "sales3"), user(db, "sales2"), user(db, "tl1")
        r = change(client, "tl1", leadIds=[lead], toUserId=s2.id, reason=REASON)
        assert r.status_code == 200, r.text
        done = r.json()["results"]
        assert done["message"] == f"1 lead moved from {s3.fullname} to {s2.fullname}."
        assert done["leadCount"] == 1 and len(done["reassignments"]) == 1
        assert done["reassignments"][0]["byName"] == tl1.fullname
        assert owner(db, lead) == "sales2"
        # the same history as Reassign Leads: the owner's change and its reason, by the team leader
        history = {h["field"]: h for h in client.get(f"/api/leads/{lead}/history", headers=auth(client, "tl1"))
                   .json()["results"]}
        assert (history["salesPersonId"]["oldLabel"], history["salesPersonId"]["newLabel"]) == (s3.fullname,
                                                                                              s2.fullname)
        assert history["salesPersonId"]["changedBy"] == tl1.fullname
        assert history["reassignReason"]["newValue"] == REASON
        listed = client.get(URL, headers=auth(client, "tl1")).json()["results"]
        assert [row["id"] for row in listed["data"]] == [done["reassignments"][0]["id"]]

    def test_never_another_teams_lead_nor_to_another_team(self, client: TestClient, db: Session) -> None:
        mine, theirs = leads_of(db, "sales3")[0], leads_of(db, "sales4")[:2]
        s2, s4 = user(db, "sales2"), user(db, "sales4")
        r = change(client, "tl1", leadIds=[theirs[0]], toUserId=s2.id, reason=REASON)
        assert r.status_code == 404 and r.json()["messages"] == ["Lead not found."]
        r = change(client, "tl1", leadIds=[mine, *theirs], toUserId=s2.id, reason=REASON)
        assert r.status_code == 404 and r.json()["messages"] == [
            f"These leads were not found, or you may not see them: #{theirs[0]}, #{theirs[1]}."]
        r = change(client, "tl1", leadIds=[mine], toUserId=s4.id, reason=REASON)
        assert r.status_code == 404 and r.json()["messages"] == [TARGET_NOT_FOUND]
        # the Reassign Leads form holds the same: to someone of the team only, from someone of the team only
        s3 = user(db, "sales3")
        r = client.post(URL, json={"fromUserId": s3.id, "toUserId": s4.id, "allLeads": True, "reason": REASON},
                        headers=auth(client, "tl1"))
        assert r.status_code == 404 and r.json()["messages"] == [TARGET_NOT_FOUND]
        r = client.post(URL, json={"fromUserId": s4.id, "toUserId": s2.id, "allLeads": True, "reason": REASON},
                        headers=auth(client, "tl1"))
        assert r.status_code == 404 and r.json()["messages"] == ["Sales person not found."]
        assert (owner(db, mine), owner(db, theirs[0])) == ("sales3", "sales4")

    def test_reassigns_a_whole_book_within_the_team(self, client: TestClient, db: Session) -> None:
        book = leads_of(db, "sales3")
        s3, s1 = user(db, "sales3"), user(db, "sales1")
        r = client.post(URL, json={"fromUserId": s3.id, "toUserId": s1.id, "allLeads": True, "reason": REASON},
                        headers=auth(client, "tl1"))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["leadCount"] == len(book)
        assert {owner(db, lead) for lead in book} == {"sales1"}


class TestSeveralOwners:
    def test_each_owners_leads_are_a_reassignment(self, client: TestClient, db: Session) -> None:
        a, b = leads_of(db, "sales1")[:2], leads_of(db, "sales3")[:1]
        s1, s3, s2 = user(db, "sales1"), user(db, "sales3"), user(db, "sales2")
        r = change(client, "admin", leadIds=[*a, *b, a[0]], toUserId=s2.id, reason=REASON)
        assert r.status_code == 200, r.text
        done = r.json()["results"]
        assert done["leadCount"] == 3
        assert [(x["fromName"], x["leadCount"]) for x in done["reassignments"]] == [(s1.fullname, 2),
                                                                                   (s3.fullname, 1)]
        assert done["message"] == (f"2 leads moved from {s1.fullname} to {s2.fullname}. "
                                   f"1 lead moved from {s3.fullname} to {s2.fullname}.")
        assert {owner(db, lead) for lead in [*a, *b]} == {"sales2"}

    def test_refusals_have_the_reassignments_messages_and_move_nothing(self, client: TestClient,
                                                                      db: Session) -> None:
        s2 = user(db, "sales2")
        r = change(client, "admin", leadIds=[], toUserId=s2.id, reason=REASON)
        assert r.status_code == 422 and r.json()["messages"] == ["Choose at least one lead to move."]
        first, already = leads_of(db, "sales1")[0], leads_of(db, "sales2")[0]
        r = change(client, "admin", leadIds=[first], reason=" ")
        assert r.status_code == 422 and r.json()["messages"] == [
            "Please choose the sales person to move the leads to.", "Please enter the reason for the reassignment."]
        # the second owner's leads already are the target's: nothing moves, not even the first owner's
        r = change(client, "admin", leadIds=[first, already], toUserId=s2.id, reason=REASON)
        assert r.status_code == 422 and r.json()["messages"] == [
            f"The leads already belong to {s2.fullname}: choose another sales person to move them to."]
        assert owner(db, first) == "sales1"
        assert client.get(URL, headers=auth(client, "admin")).json()["results"]["totalRows"] == 0
