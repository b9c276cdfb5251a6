"""Assignment Monitoring on the real stack: who may call, each refusal's message, and a move of a whole book (rolled
back) and of a lead with a pending approval request and an upcoming schedule (committed: the worker decides the
request and rings the reminder, so that test makes its own lead and removes everything it made)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.activities.models import ActivitySchedule
from api.approvals.models import ApprovalRequest
from api.assignments.models import Reassignment
from api.core.config import get_settings
from api.leads.models import Lead
from api.notifications.catalogue import ACTIONS
from api.notifications.models import Notification
from api.users.models import User
from tests import sealed
from tests.conftest import Services, auth, run_async
from tests.integration.leads.conftest import lead_refs, new_lead

URL = "/api/assignment-monitoring"
REASON = "Sales 3 moves to the enterprise desk."


def uid(db: Session, username: str) -> int:
    return db.scalars(select(User.id).where(User.username == username)).one()


def board_ids(client: TestClient, user: str) -> set[int]:
    """Every lead the user sees (all statuses), as the per-status lists page them."""
    found: set[int] = set()
    offset = 0
    while True:
        r = client.get("/api/leads/list", params={"status": "ALL", "offset": offset, "limit": 100},
                       headers=auth(client, user))
        assert r.status_code == 200, r.text
        page = r.json()["results"]
        found |= {card["id"] for card in page["data"]}
        offset += 100
        if offset >= page["totalRows"]:
            return found


def book_ids(db: Session, username: str) -> set[int]:
    return set(db.scalars(select(Lead.id).where(Lead.sales_person_id == uid(db, username))))


def messages(r: Any) -> list[str]:
    return r.json()["messages"]  # type: ignore[no-any-return]


def bell(client: TestClient, user: str) -> list[str]:
    rows = client.get("/api/notification/limited", params={"type": "ALL"},
                      headers=auth(client, user)).json()["results"]["data"]
    return [r["message"] for r in rows]


def wait_for(check: Callable[[], Any], seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.5)
    raise AssertionError("timed out")


class TestAccess:
    def test_anonymous_401_no_page_403_absent_404(self, client: TestClient) -> None:
        assert client.get(URL).status_code == 401
        assert client.post(URL, json={}).status_code == 401
        for path in (URL, f"{URL}/people", f"{URL}/1", f"{URL}/leads?salesPersonId=1"):
            assert client.get(path, headers=auth(client, "sales1")).status_code == 403, path
        assert client.post(URL, json={}, headers=auth(client, "sales1")).status_code == 403
        # the team leader reads the page and moves their own team's leads (test_owner_changes.py); top management
        # neither
        assert client.get(URL, headers=auth(client, "tl1")).status_code == 200
        assert client.post(URL, json={}, headers=auth(client, "tl1")).status_code == 422
        assert client.post(URL, json={}, headers=auth(client, "topmanager")).status_code == 403
        r = client.get(f"{URL}/999999", headers=auth(client, "admin"))
        assert r.status_code == 404 and messages(r) == ["Reassignment not found."]

    def test_a_team_leader_sees_only_their_teams_people_and_books(self, client: TestClient, db: Session) -> None:
        people = client.get(f"{URL}/people", headers=auth(client, "tl2")).json()["results"]
        names = {p["username"] for p in people}
        assert {"sales4", "sales5", "sales6"} <= names and not names & {"sales1", "sales2", "sales3"}
        r = client.get(f"{URL}/leads", params={"salesPersonId": uid(db, "sales1")}, headers=auth(client, "tl2"))
        assert r.status_code == 404 and messages(r) == ["Sales person not found."]
        everyone = {p["username"]: p for p in client.get(f"{URL}/people", headers=auth(client, "admin"))
                    .json()["results"]}
        assert everyone["sales3"]["canReceive"] and "tl1" not in everyone  # no leads, not a sales person
        assert everyone["sales3"]["leadCount"] == len(book_ids(db, "sales3"))


class TestRefusals:
    def post(self, client: TestClient, **body: Any) -> Any:
        return client.post(URL, json=body, headers=auth(client, "admin"))

    def test_each_rule_has_its_message(self, client: TestClient, db: Session) -> None:
        s3, s4 = uid(db, "sales3"), uid(db, "sales4")
        r = self.post(client)
        assert r.status_code == 422 and messages(r) == [
            "Please choose the sales person to move leads from.",
            "Please choose the sales person to move the leads to.",
            "Please enter the reason for the reassignment.", "Choose at least one lead to move, or the whole book."]
        name3 = db.get(User, s3).fullname  # type: ignore[union-attr]
        r = self.post(client, fromUserId=s3, toUserId=s3, allLeads=True, reason="  ")
        assert r.status_code == 422 and messages(r) == [
            f"The leads already belong to {name3}: choose another sales person to move them to.",
            "Please enter the reason for the reassignment."]
        tl1 = db.get(User, uid(db, "tl1"))
        assert tl1 is not None
        r = self.post(client, fromUserId=s3, toUserId=tl1.id, allLeads=True, reason=REASON)
        assert messages(r) == [f"{tl1.fullname} is not a sales person: leads can only move to a sales person."]
        sales4 = db.get(User, s4)
        assert sales4 is not None
        sales4.is_active = False
        db.commit()
        r = self.post(client, fromUserId=s3, toUserId=s4, allLeads=True, reason=REASON)
        assert messages(r) == [f"{sales4.fullname} is not active: leads can only move to an active sales person."]
        not_theirs = sorted(book_ids(db, "sales1"))[:2]
        r = self.post(client, fromUserId=s3, toUserId=uid(db, "sales2"), leadIds=not_theirs, reason=REASON)
        listed = ", ".join(f"#{i}" for i in not_theirs)
        assert messages(r) == [f"These leads are not {name3}'s, or you may not see them: {listed}."]
        r = self.post(client, fromUserId=s3, toUserId=uid(db, "sales2"), leadIds=[], reason=REASON)
        assert messages(r) == ["Choose at least one lead to move, or the whole book."]
        r = self.post(client, fromUserId=s3, toUserId=uid(db, "sales2"), allLeads=True, reason="x" * 1001)
        assert messages(r) == ["The reason must be at most 1000 characters."]
        assert self.post(client, fromUserId=999999, toUserId=s4, allLeads=True, reason=REASON).status_code == 404
        r = self.post(client, fromUserId=s3, toUserId=999999, allLeads=True, reason=REASON)
        assert r.status_code == 404 and messages(r) == ["The sales person to move the leads to was not found."]
        # nothing moved
        assert client.get(URL, headers=auth(client, "admin")).json()["results"]["totalRows"] == 0

    def test_an_empty_book(self, client: TestClient, db: Session) -> None:
        s2 = uid(db, "sales2")
        empty = db.scalars(select(User).where(User.username == "sales6")).one()
        db.execute(delete(Lead).where(Lead.sales_person_id == empty.id))
        db.commit()
        r = self.post(client, fromUserId=empty.id, toUserId=s2, allLeads=True, reason=REASON)
        assert r.status_code == 422 and messages(r) == [f"{empty.fullname} has no leads to move."]


class TestWholeBook:
    def test_a_book_moves_between_teams_with_history_and_notifications(self, client: TestClient,
                                                                       db: Session) -> None:
        s3, s4 = uid(db, "sales3"), uid(db, "sales4")
        book = book_ids(db, "sales3")
        assert book, "the demo gives sales3 leads"
        listed = client.get(f"{URL}/leads", params={"salesPersonId": s3, "limit": 100},
                            headers=auth(client, "admin")).json()["results"]
        assert listed["totalRows"] == len(book) and {r["id"] for r in listed["data"]} == book
        assert book <= board_ids(client, "sales3") and book <= board_ids(client, "tl1")
        assert not book & board_ids(client, "sales4") and not book & board_ids(client, "tl2")

        r = client.post(URL, json={"fromUserId": s3, "toUserId": s4, "allLeads": True, "reason": REASON},
                        headers=auth(client, "admin"))
        assert r.status_code == 200, r.text
        moved = r.json()["results"]
        name3, name4 = (db.get(User, s3).fullname, db.get(User, s4).fullname)  # type: ignore[union-attr]
        count = len(book)
        assert moved["message"] == f"{count} leads moved from {name3} to {name4}."
        assert (moved["fromName"], moved["toName"], moved["leadCount"]) == (name3, name4, count)
        assert moved["reason"] == REASON
        assert {m["leadId"] for m in moved["leads"]} == book and all(m["stageName"] for m in moved["leads"])

        # the leads leave sales3's board and tl1's team and appear on sales4's and tl2's
        assert not book & board_ids(client, "sales3") and not book & board_ids(client, "tl1")
        assert book <= board_ids(client, "sales4") and book <= board_ids(client, "tl2")

        lead_id = sorted(book)[0]
        history = client.get(f"/api/leads/{lead_id}/history", headers=auth(client, "sales4")).json()["results"]
        by_field = {h["field"]: h for h in history}
        admin_name = db.get(User, uid(db, "admin")).fullname  # type: ignore[union-attr]
        assert (by_field["salesPersonId"]["oldLabel"], by_field["salesPersonId"]["newLabel"]) == (name3, name4)
        assert by_field["salesPersonId"]["changedBy"] == admin_name
        assert by_field["reassignReason"]["label"] == "Reassignment Reason"
        assert by_field["reassignReason"]["newValue"] == REASON

        told = f"{admin_name} moved {count} leads of {name3} to {name4}: {REASON}"
        for user in ("sales3", "sales4", "tl1", "tl2"):
            assert told in bell(client, user), user
        assert told not in bell(client, "sales1")

        # the list and the detail, for the administrator and for both team leaders
        rows = client.get(URL, params={"search": "enterprise desk"}, headers=auth(client, "admin")).json()["results"]
        assert rows["totalRows"] == 1 and rows["data"][0]["id"] == moved["id"]
        for leader in ("tl1", "tl2"):
            assert client.get(f"{URL}/{moved['id']}", headers=auth(client, leader)).status_code == 200
        assert client.get(URL, headers=auth(client, "tl1")).json()["results"]["totalRows"] == 1


PROJECT = "Reassignment test lead"


@pytest.fixture
def waiting_lead(live: TestClient) -> Iterator[dict[str, Any]]:
    """A lead of sales1 with a hold request waiting for its approvers and a plan about to start (committed)."""
    lead = new_lead(live, lead_refs(live), projectName=PROJECT)
    made: dict[str, Any] = {"lead": lead}
    yield made
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    session.execute(delete(Notification).where(Notification.lead_id == lead["id"]))
    session.execute(delete(Notification).where(Notification.message.like(f"%{PROJECT}%")))
    if "reassignment" in made:
        session.execute(delete(Notification).where(Notification.message.like(f"%{made['reason']}%")))
        session.execute(delete(Reassignment).where(Reassignment.id == made["reassignment"]))
    session.execute(delete(Lead).where(Lead.id == lead["id"]))
    session.commit()
    session.close()


def requested_by(services: Services, lead_id: int, new: str, old: str) -> tuple[list[str], list[str]]:
    """The lead's approval workflows an operator finds in the Temporal UI (its list query) by `RequestedBy = new`
    once the visibility store has caught up, and then by `RequestedBy = old`."""
    lead = f"TaskQueue = '{get_settings().temporal_task_queue}' AND CrmLeadId = {lead_id}"

    async def ask() -> tuple[list[str], list[str]]:
        client = await sealed.connect(services.temporal_address)
        deadline = time.monotonic() + 15
        while True:
            found = [w.id async for w in client.list_workflows(f"{lead} AND RequestedBy = '{new}'")]
            if found or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.3)
        return found, [w.id async for w in client.list_workflows(f"{lead} AND RequestedBy = '{old}'")]

    return run_async(ask())  # type: ignore[no-any-return]


@pytest.mark.usefixtures("worker")
def test_a_waiting_request_and_a_plan_follow_the_new_owner(live: TestClient, services: Services,
                                                           waiting_lead: dict[str, Any]) -> None:
    lead = waiting_lead["lead"]
    headers = auth(live, "sales1")
    r = live.post(f"/api/leads/{lead['id']}/approval-requests", json={"requestType": "HOLD_LEAD", "notes": "Frozen"},
                  headers=headers)
    assert r.status_code == 200, r.text
    approval_id = r.json()["results"]["approvalId"]
    wait_for(lambda: any(q["approvalId"] == approval_id for q in live.get(
        "/api/approval", headers=auth(live, "approver1")).json()["results"]["data"]))
    pic = live.get(f"/api/activity/pic/{lead['id']}", headers=headers).json()["results"][0]
    minutes = ACTIONS["SCHEDULE_STARTING"].default_lead_minutes or 0
    at = datetime.now(UTC) + timedelta(minutes=minutes, seconds=15)
    plan = live.post("/api/activity/schedule", headers=headers, json={
        "client": {"value": lead["clientId"], "label": "Bank Nusa Mandiri"},
        "projectName": {"value": lead["id"], "label": PROJECT},
        "personInCharge": {"value": pic["picId"], "label": pic["picName"]},
        "activity": {"value": 2, "label": "Presentation"}, "dateAndTime": at.isoformat(), "remark": "Moves"})
    assert plan.status_code == 200, plan.text
    plan_id = plan.json()["results"]["id"]

    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    s1 = session.scalars(select(User.id).where(User.username == "sales1")).one()
    s5 = session.scalars(select(User.id).where(User.username == "sales5")).one()
    session.close()
    reason = f"Reassignment wiring {lead['id']}"
    waiting_lead["reason"] = reason
    r = live.post(URL, json={"fromUserId": s1, "toUserId": s5, "leadIds": [lead["id"]], "reason": reason},
                  headers=auth(live, "admin"))
    assert r.status_code == 200, r.text
    moved = r.json()["results"]
    waiting_lead["reassignment"] = moved["id"]
    assert moved["leads"][0]["requestMoved"] and moved["leads"][0]["schedulesMoved"] == 1

    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    request = session.get(ApprovalRequest, approval_id)
    schedule = session.get(ActivitySchedule, plan_id)
    assert request is not None and schedule is not None
    assert (request.status, request.requested_by, schedule.owner_id) == ("PENDING", s5, s5)
    assert request.owner_changed_at is None  # its workflow was told at once
    workflow_id = request.workflow_id
    session.close()
    # an operator searching the Temporal UI by the new owner finds the waiting request, by the old one no longer
    assert requested_by(services, lead["id"], new="sales5", old="sales1") == ([workflow_id], [])
    # the lead still waits for the same approver, now on sales5's board
    detail = live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales5")).json()["results"]
    assert detail["status"] == "WAITING"
    assert live.get(f"/api/leads/{lead['id']}", headers=headers).status_code == 404
    assert any(q["approvalId"] == approval_id for q in live.get(
        "/api/approval", headers=auth(live, "approver1")).json()["results"]["data"])

    # the plan's reminder rings the new owner, not the old one
    reminder = wait_for(lambda: [m for m in bell(live, "sales5") if m.startswith("Reminder:") and PROJECT in m], 60)
    assert len(reminder) == 1
    assert not [m for m in bell(live, "sales1") if m.startswith("Reminder:") and PROJECT in m]

    # the approver can still decide it; the outcome reaches the new owner as the requester
    r = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED", "note": "ok"},
                 headers=auth(live, "approver1"))
    assert r.status_code == 200, r.text
    wait_for(lambda: live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales5"))
             .json()["results"]["status"] == "HOLD")
    approved = wait_for(lambda: [m for m in bell(live, "sales5") if m.startswith("Your request") and PROJECT in m])
    assert "approved" in approved[0]


def test_a_request_a_leader_made_for_the_old_owner_is_now_for_the_new_one(client: TestClient, db: Session) -> None:
    """The team leader's request on the lead stays theirs; whom it was made for follows the lead."""
    from api.approvals.schemas import RequestIn
    from api.assignments import service
    from api.assignments.schemas import ReassignIn
    from api.leads import requests as lead_requests

    made = new_lead(client, lead_refs(client))
    lead = db.get(Lead, made["id"])
    tl1, s1, s2 = (db.scalars(select(User).where(User.username == u)).one() for u in ("tl1", "sales1", "sales2"))
    assert lead is not None
    request, _ = lead_requests.open_request(db, actor=tl1, lead=lead, data=RequestIn(request_type="HOLD_LEAD"),
                                            task_queue="crm")
    assert (request.requested_by, request.on_behalf_of) == (tl1.id, s1.id)
    admin = db.scalars(select(User).where(User.username == "admin")).one()
    service.reassign(session=db, actor=admin, data=ReassignIn(from_user_id=s1.id, to_user_id=s2.id,
                                                              lead_ids=[lead.id], reason="Team change"))
    db.refresh(request)
    assert (request.requested_by, request.on_behalf_of) == (tl1.id, s2.id)
