"""A user (Wulan, a sales person of tl1's team who left) and everything the product holds about her: her record and
audit, a session, a remembered device, a second factor, a provider link, a saved view, a pinned column, a calendar
address, notifications and a mail to her, a lead she closed, an activity she recorded (with its place) and a plan,
and texts by others that name her; beside Andi (sales1), whose data must stay out of her archive and erasure."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities.models import Activity, ActivitySchedule, CalendarFeed
from api.auth import devices
from api.auth.oidc.models import OidcIdentity
from api.auth.second_factor.models import RecoveryCode, SecondFactor
from api.leads.models import Lead, LeadHistory, LeadPin, Stage
from api.notifications.models import Notification, NotificationMail
from api.presence import store as presence
from api.users.models import Role, User
from tests.conftest import auth
from tests.integration.leads.conftest import new_lead

WULAN_PASSWORD = "Kopi#Tubruk!2026x"
WULAN = {"username": "wulan.sari", "fullname": "Wulan Kartika Sari", "nickname": "Wulan",
         "email": "wulan.sari@example.id", "phoneNumber": "+62 813-5555-0101", "gender": "F", "dob": "1995-03-08",
         "isActive": True, "password": WULAN_PASSWORD, "confirmPassword": WULAN_PASSWORD}
# what would give Wulan away anywhere: her names, username, address, number however written
WULAN_TRACES = ("Wulan Kartika", "Kartika Sari", "wulan.sari", "5555-0101", "81355550101")
ANDI = "Andi Pratama"  # sales1, whose texts stay


def ids(db: Session) -> dict[str, int]:
    found = {u.username: u.id for u in db.scalars(select(User))}
    found.update({f"role:{r.name}": r.id for r in db.scalars(select(Role))})
    return found


def add_wulan(client: TestClient, db: Session) -> dict[str, Any]:
    n = ids(db)
    r = client.post("/api/users", json={**WULAN, "roleId": n["role:SALES"], "leaderId": n["tl1"]},
                    headers=auth(client, "admin"))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def deactivate(client: TestClient, user: dict[str, Any]) -> None:
    admin = auth(client, "admin")
    current = client.get(f"/api/users/{user['id']}", headers=admin).json()["results"]
    r = client.put(f"/api/users/{user['id']}", json={**WULAN, **current, "isActive": False, "password": None,
                                                      "confirmPassword": None}, headers=admin)
    assert r.status_code == 200, r.text


def hold(client: TestClient, db: Session, refs: dict[str, Any]) -> dict[str, Any]:
    """Wulan with everything above; her lead is closed and she is deactivated (ready to be erased), unless the
    test reopens them."""
    wulan = add_wulan(client, db)
    uid, n = wulan["id"], ids(db)
    headers = auth(client, "wulan.sari")  # a session of hers, in Redis
    lead = new_lead(client, refs, user="wulan.sari", projectName="Wulan's Core Banking Upgrade")
    andi_lead = new_lead(client, refs, user="sales1", projectName="Andi's Data Center Move")
    r = client.post("/api/saved-views", json={"list": "/leads", "name": "My banks", "query": "q=bank"},
                    headers=headers)
    assert r.status_code == 200, r.text
    now = datetime.now(UTC)
    mine = Activity(lead_id=lead["id"], type=1, notes="Demo for the bank's IT team.", latitude=-6.2,
                    longitude=106.8, place_name="Menara Nusa", place_address="Jl. Sudirman 1", created_by=uid)
    handover = Activity(lead_id=andi_lead["id"], type=1, created_by=n["sales1"],
                        notes="Handover from Wulan Kartika Sari: call her on 0813 5555 0101 if stuck.")
    db.add_all([mine, handover])
    db.flush()
    db.add_all([
        ActivitySchedule(lead_id=lead["id"], activity_type=2, schedule_time=now + timedelta(days=3), owner_id=uid,
                         notes="Presentation to the board."),
        Notification(user_id=uid, notification_type="INFORMATION", kind="INFO", message="Your lead was approved."),
        NotificationMail(user_id=uid, address=WULAN["email"], subject="Welcome, Wulan Kartika Sari",
                         body="Hello Wulan Kartika Sari, your account is ready.", action="ACCOUNT",
                         handed_at=now - timedelta(days=30)),  # sent
        NotificationMail(user_id=uid, address=WULAN["email"], subject="A lead waits for you",
                         body="Hello Wulan Kartika Sari, a lead waits for you.", action="LEAD"),  # not sent yet
        Notification(user_id=n["sales1"], notification_type="INFORMATION", kind="INFO",
                     message="Wulan Kartika Sari handed you her bank leads."),
        Notification(user_id=n["sales1"], notification_type="INFORMATION", kind="INFO",
                     message=f"{ANDI} moved a lead."),
        LeadHistory(lead_id=andi_lead["id"], field="salesPerson", old_value="Wulan Kartika Sari", new_value=ANDI),
        SecondFactor(user_id=uid, sealed_secret="sealed-not-a-real-secret", last_step=1),
        OidcIdentity(provider="corp", subject="wulan-subject-42", user_id=uid, linked_by="EMAIL",
                     email=WULAN["email"]),
        CalendarFeed(user_id=uid, token_digest="d" * 64),
    ])
    db.flush()
    db.add(RecoveryCode(user_id=uid, code_digest="c" * 64))
    stage = db.scalars(select(Stage).order_by(Stage.id).limit(1)).one()
    db.add(LeadPin(user_id=uid, stage_id=stage.id))
    row = db.get(Lead, lead["id"])
    assert row is not None
    row.status, row.closed_at, row.total_gross_profit = "CLOSED", now, Decimal("150000000")
    db.commit()
    r_ = client.app.state.redis  # type: ignore[attr-defined]
    devices.remember(r_, client.app.state.settings, user_id=uid, device="d" * 40,  # type: ignore[attr-defined]
                     address="10.1.2.3")
    r_.set(presence.LAST_SEEN.format(uid), str(time.time()))
    deactivate(client, wulan)  # which ends her sessions
    stale = auth(client, "wulan.sari")  # a session opened meanwhile (a sign-in racing the deactivation)
    return {"wulan": wulan, "lead": lead, "andi_lead": andi_lead, "mine": mine.id, "handover": handover.id,
            "headers": stale}
