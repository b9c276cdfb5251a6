"""The Call action and the call device (spec 1 §4 Call telephony, issue 21 §4): a device registers on the realtime
channel, Call rings the user's devices only, the device reports the start and end, and the call is recorded on the
lead once as a Call activity with its duration; every refusal has its message."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from api.activities.models import CALL, Activity
from api.calls import service
from api.leads.models import Lead, LeadPic
from api.users.models import User
from tests.conftest import auth, login

DOMAIN = "pbx.nusantara.example"


def user(db: Session, username: str) -> User:
    return db.scalars(select(User).where(User.username == username)).one()


@contextmanager
def device(client: TestClient, db: Session, username: str, *, device_id: str = "phone-0001",
           as_user: str | None = None) -> Iterator[WebSocketTestSession]:
    """A call device of `username` (named in the URL as `as_user`, when given), signed in."""
    named = user(db, as_user or username)
    url = (f"/api/realtime?device_id={device_id}&user_id={named.id}&username={named.username}"
           f"&domain={DOMAIN}")
    with client.websocket_connect(url) as ws:
        ws.send_json({"event": "login", "token": login(client, username)["token"], "device": True})
        assert ws.receive_json()["event"] == "ready"
        yield ws


@contextmanager
def tab(client: TestClient, username: str) -> Iterator[WebSocketTestSession]:
    with client.websocket_connect("/api/realtime") as ws:
        ws.send_json({"event": "login", "token": login(client, username)["token"]})
        assert ws.receive_json()["event"] == "ready"
        yield ws


def lead_with_pic(db: Session, owner: str) -> tuple[Lead, int]:
    """A lead of `owner` and one of its persons in charge who has a phone number."""
    from api.clients.contacts.models import Contact

    row = db.execute(select(Lead, Contact).join(LeadPic, LeadPic.lead_id == Lead.id)
                     .join(Contact, Contact.id == LeadPic.contact_id)
                     .where(Lead.sales_person_id == user(db, owner).id, Contact.phone_number.is_not(None))
                     .order_by(Lead.id).limit(1)).one()
    return row[0], row[1].id


def dial(client: TestClient, who: str, **body: Any) -> Any:
    return client.post("/api/calls", json=body, headers=auth(client, who))


def test_a_call_rings_the_device_and_is_recorded_on_the_lead_once(client: TestClient, db: Session) -> None:
    lead, contact_id = lead_with_pic(db, "sales1")
    with device(client, db, "sales1") as phone, tab(client, "sales1") as browser:
        r = dial(client, "sales1", contactId=contact_id, leadId=lead.id)
        assert r.status_code == 200, r.text
        placed = r.json()["results"]
        assert placed["devices"] == 1 and placed["phone"]
        rung = phone.receive_json()
        assert rung == {"event": "dial", "callId": placed["callId"], "phone": placed["phone"],
                        "name": rung["name"], "leadId": lead.id, "project": lead.project_name}

        phone.send_json({"event": "callStarted", "callId": placed["callId"]})
        assert phone.receive_json() == {"event": "callStarted", "callId": placed["callId"]}
        time.sleep(1.2)
        phone.send_json({"event": "callEnded", "callId": placed["callId"]})
        recorded = phone.receive_json()
        assert recorded["event"] == "callRecorded" and recorded["leadId"] == lead.id
        assert recorded["durationSeconds"] >= 1
        # the user's tab hears of it (a lead page shows the new activity), not of the dial
        assert browser.receive_json() == recorded

        # a device that reports the end again (it reconnected) records nothing more
        phone.send_json({"event": "callEnded", "callId": placed["callId"]})
        assert phone.receive_json() == recorded
        browser.receive_json()

    calls = db.scalars(select(Activity).where(Activity.call_id == placed["callId"])).all()
    assert len(calls) == 1
    call = calls[0]
    assert (call.id, call.type, call.lead_id, call.pic_contact_id) == (recorded["activityId"], CALL, lead.id,
                                                                        contact_id)
    assert call.duration_seconds == recorded["durationSeconds"] and call.created_by == user(db, "sales1").id
    assert call.notes is not None and call.notes.startswith("Call to ") and f"(+{placed['phone']})" in call.notes
    listed = client.get(f"/api/activity/{lead.id}", headers=auth(client, "sales1"))
    assert listed.status_code == 200, listed.text
    assert any(a["id"] == call.id and a["media"] == "Call" for a in listed.json()["results"])
    db.refresh(lead)
    assert lead.last_contacted_at is not None


def test_an_unanswered_call_is_recorded_with_no_duration(client: TestClient, db: Session) -> None:
    lead, contact_id = lead_with_pic(db, "sales1")
    with device(client, db, "sales1") as phone:
        placed = dial(client, "sales1", contactId=contact_id, leadId=lead.id).json()["results"]
        phone.receive_json()
        phone.send_json({"event": "callEnded", "callId": placed["callId"]})
        recorded = phone.receive_json()
    assert recorded["durationSeconds"] == 0
    call = db.get(Activity, recorded["activityId"])
    assert call is not None and call.notes is not None and call.notes.endswith("not answered.")


def test_without_a_device_the_call_says_where_to_register_one(client: TestClient, db: Session) -> None:
    lead, contact_id = lead_with_pic(db, "sales1")
    with tab(client, "sales1"):  # a tab is not a device
        r = dial(client, "sales1", contactId=contact_id, leadId=lead.id)
    assert r.status_code == 409 and r.json()["messages"] == [service.NO_DEVICE]


def test_who_may_call_whom(client: TestClient, db: Session) -> None:
    lead, contact_id = lead_with_pic(db, "sales1")
    other_lead, other_contact = lead_with_pic(db, "sales4")  # tl2's team
    with device(client, db, "sales1"):
        # another team's lead: not found, as the lead itself would be
        assert dial(client, "sales1", contactId=other_contact, leadId=other_lead.id).status_code == 404
        # a contact who is not a person in charge of the lead
        from api.clients.contacts.models import Contact

        stranger = db.scalar(select(Contact.id).where(Contact.id.not_in(
            select(LeadPic.contact_id).where(LeadPic.lead_id == lead.id))).limit(1))
        r = dial(client, "sales1", contactId=stranger, leadId=lead.id)
        assert r.status_code == 422 and r.json()["messages"] == [service.NOT_A_PIC]
        assert dial(client, "sales1", contactId=987654).status_code == 404
        assert client.post("/api/calls", json={"contactId": contact_id}).status_code == 401
    # an approver sees neither leads nor contacts
    assert dial(client, "approver1", contactId=contact_id).status_code == 403


def test_a_device_must_be_the_signed_in_users(client: TestClient, db: Session) -> None:
    url = f"/api/realtime?device_id=phone-0002&user_id={user(db, 'sales2').id}&username=sales2&domain={DOMAIN}"
    with client.websocket_connect(url) as ws:
        ws.send_json({"event": "login", "token": login(client, "sales1")["token"], "device": True})
        assert ws.receive_json() == {"event": "error", "message": "This device is registered for another user."}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401
    with client.websocket_connect("/api/realtime?device_id=x&user_id=1") as ws:
        ws.send_json({"event": "login", "token": login(client, "sales1")["token"], "device": True})
        assert ws.receive_json() == {"event": "error", "message": "A call device needs its device_id and SIP domain."}


def test_only_a_device_reports_calls_and_only_its_users(client: TestClient, db: Session) -> None:
    lead, contact_id = lead_with_pic(db, "sales1")
    with device(client, db, "sales1") as phone:
        placed = dial(client, "sales1", contactId=contact_id, leadId=lead.id).json()["results"]
        phone.receive_json()
        with tab(client, "sales1") as browser:
            browser.send_json({"event": "callEnded", "callId": placed["callId"]})
            assert browser.receive_json() == {"event": "error", "message": "Only a call device reports calls."}
        with device(client, db, "sales2", device_id="phone-0003") as stranger:
            stranger.send_json({"event": "callStarted", "callId": placed["callId"]})
            assert stranger.receive_json() == {"event": "error", "message": "Unknown call.",
                                               "callId": placed["callId"]}
    assert db.scalar(select(Activity.id).where(Activity.call_id == placed["callId"])) is None
