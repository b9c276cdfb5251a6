"""Erasing a user (UU PDP's right to erasure, an ex-employee's request): only a deactivated user with no open work,
never oneself; every personal field replaced, sign-in data, saved views and their notifications deleted, sessions
ended, mentions and the audit rewritten; their leads and figures kept by id; one ERASE entry naming them by id only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select
from sqlalchemy.orm import Session

import api.models  # noqa: F401 (every table, for the references to users)
from api.activities.models import Activity, CalendarFeed
from api.approvals.models import ApprovalRequest
from api.audit.models import AuditEntry
from api.auth import devices, sessions
from api.auth.oidc.models import OidcIdentity
from api.auth.second_factor.models import RecoveryCode, SecondFactor
from api.core.db import Base
from api.leads.models import Lead, LeadHistory, LeadPin
from api.notifications import erasure as notifications_erasure
from api.notifications.models import Notification, NotificationMail
from api.personal_data.user_references import DELETED, KEPT
from api.presence import store as presence
from api.saved_views.models import SavedView
from api.users import erasure
from api.users import repository as users_repo
from api.users.models import User
from tests.conftest import auth
from tests.integration.approvals.test_queue_by_lead import ask
from tests.integration.personal_data.conftest import erase_user, user_archive, user_summary
from tests.integration.personal_data.test_archive import zipfile_text
from tests.integration.personal_data.user_holdings import ANDI, WULAN, WULAN_PASSWORD, WULAN_TRACES, add_wulan


def columns(model: type[Base]) -> set[str]:
    return {c.key for c in sa_inspect(model).mapper.column_attrs}


def values(row: Any) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in sa_inspect(row).mapper.column_attrs}


def erased(client: TestClient, wulan: dict[str, Any]) -> dict[str, Any]:
    r = erase_user(client, wulan["wulan"]["id"], "  wulan kartika   SARI ")  # spacing and case do not matter
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def placeholder(wulan: dict[str, Any]) -> str:
    return f"Erased user #{wulan['wulan']['id']}"


class TestEveryColumnIsDecided:
    """A column added to users or notification_mails, or a new reference to a user, fails here until it is
    classified (api/users/erasure.py, api/notifications/erasure.py, api/personal_data/user_references.py)."""

    @pytest.mark.parametrize(("model", "personal", "kept"), [
        (User, set(erasure.PERSONAL), erasure.KEPT),
        (NotificationMail, notifications_erasure.MAIL_PERSONAL, notifications_erasure.MAIL_KEPT)])
    def test_each_column_is_personal_or_kept(self, model: type[Base], personal: set[str],
                                             kept: frozenset[str]) -> None:
        assert not personal & kept
        assert personal | kept == columns(model)

    def test_each_reference_to_a_user_is_deleted_or_kept(self) -> None:
        references = {f"{table.name}.{fk.parent.name}" for table in Base.metadata.tables.values()
                      for fk in table.foreign_keys if fk.column.table.name == "users"}
        assert {r for r in references if r.split(".")[0] not in DELETED} == set(KEPT)
        assert not {r.split(".")[0] for r in KEPT} & DELETED


class TestErase:
    def test_every_personal_field_is_replaced(self, client: TestClient, db: Session, wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        before = values(db.get(User, uid))
        answer = erased(client, wulan)
        db.expire_all()
        after = values(db.get(User, uid))
        for column in ("username", "fullname", "nickname", "email", "phone_number", "gender", "dob",
                       "password_hash", "last_sign_in_at"):
            assert after[column] == erasure.PERSONAL[column](uid) != before[column], column
        assert (after["fullname"], after["username"]) == (answer["name"], f"erased-{uid}") == (
            placeholder(wulan), f"erased-{uid}")
        assert {c: after[c] for c in ("id", "role_id", "leader_id", "is_active", "created_at")} == \
            {c: before[c] for c in ("id", "role_id", "leader_id", "is_active", "created_at")}
        andi = users_repo.by_username(db, "sales1")
        assert andi is not None and andi.fullname == ANDI and andi.username == "sales1"

    def test_no_one_signs_in_as_her_and_her_sessions_are_gone(self, client: TestClient, db: Session,
                                                              wulan: dict[str, Any]) -> None:
        uid, r = wulan["wulan"]["id"], client.app.state.redis  # type: ignore[attr-defined]
        assert sessions.open_count(r, uid) == 1 and devices.known_count(r, uid) == 2
        erased(client, wulan)
        assert sessions.open_count(r, uid) == 0 and devices.known_count(r, uid) == 0
        assert presence.last_seen_of(r, uid) is None
        for username in ("wulan.sari", f"erased-{uid}"):
            r_ = client.post("/api/auth/login", json={"username": username, "password": WULAN_PASSWORD})
            assert r_.status_code in (400, 401), r_.text

    def test_her_account_is_never_edited_or_activated_again(self, client: TestClient, db: Session,
                                                             wulan: dict[str, Any]) -> None:
        uid, admin = wulan["wulan"]["id"], auth(client, "admin")
        assert client.get(f"/api/users/{uid}", headers=admin).json()["results"]["erased"] is False
        erased(client, wulan)
        current = client.get(f"/api/users/{uid}", headers=admin).json()["results"]
        assert current["erased"] is True  # the form shows it read only, with the reason below
        r = client.put(f"/api/users/{uid}", json={**current, "isActive": True, "fullname": "Wulan Kartika Sari"},
                       headers=admin)
        assert r.status_code == 409 and r.json()["messages"] == [erasure.ERASED_ACCOUNT]
        r = client.put(f"/api/users/{uid}/change-password", json={"newPassword": WULAN_PASSWORD,
                                                                   "confirmationNewPassword": WULAN_PASSWORD},
                       headers=admin)
        assert r.status_code == 409 and r.json()["messages"] == [erasure.ERASED_ACCOUNT]

    def test_her_own_data_is_deleted(self, client: TestClient, db: Session, wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        answer = erased(client, wulan)
        db.expire_all()
        for model, column in ((SavedView, SavedView.owner_id), (Notification, Notification.user_id),
                              (SecondFactor, SecondFactor.user_id), (RecoveryCode, RecoveryCode.user_id),
                              (OidcIdentity, OidcIdentity.user_id), (CalendarFeed, CalendarFeed.user_id),
                              (LeadPin, LeadPin.user_id)):
            assert db.scalars(select(model).where(column == uid)).all() == [], model.__tablename__
        # the view, her notification, the mail not sent yet (to an address that is no more), the factor, its code,
        # the link, the pin (the calendar address is not counted)
        assert answer["rowsDeleted"] == 7
        (mail,) = db.scalars(select(NotificationMail).where(NotificationMail.user_id == uid)).all()
        assert (mail.address, mail.subject, mail.body) == (
            f"erased-{uid}@erased.invalid", f"Welcome, {placeholder(wulan)}",
            f"Hello {placeholder(wulan)}, your account is ready.")

    def test_mentions_are_replaced_and_others_left(self, client: TestClient, db: Session,
                                                   wulan: dict[str, Any]) -> None:
        erased(client, wulan)
        db.expire_all()
        name = placeholder(wulan)
        handover = db.get(Activity, wulan["handover"])
        assert handover is not None and handover.notes == f"Handover from {name}: call her on {name} if stuck."
        entry = db.scalars(select(LeadHistory).where(LeadHistory.lead_id == wulan["andi_lead"]["id"],
                                                     LeadHistory.field == "salesPerson")).one()
        assert (entry.old_value, entry.new_value) == (name, ANDI)
        messages = set(db.scalars(select(Notification.message).where(Notification.message.like("%lead%"))))
        assert f"{name} handed you her bank leads." in messages and f"{ANDI} moved a lead." in messages

    def test_approvals_name_the_placeholder_and_keep_their_ids(self, client: TestClient, db: Session,
                                                               wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        andi, lead = users_repo.by_username(db, "sales1"), db.get(Lead, wulan["andi_lead"]["id"])
        tl1 = users_repo.by_username(db, "tl1")
        assert andi is not None and lead is not None and tl1 is not None
        request = db.get(ApprovalRequest, ask(db, lead, tl1, andi))
        assert request is not None
        request.status, request.notes = "APPROVED", "Taken over from Wulan Kartika Sari."
        request.clocks = {"0": {"dueAt": "2026-11-01T00:00:00Z", "escalatedTo": uid,
                                "escalatedToName": WULAN["fullname"], "escalatedToUsername": "wulan.sari"}}
        db.commit()
        answer = erased(client, wulan)
        db.expire_all()
        request = db.get(ApprovalRequest, request.id)
        assert request is not None and request.notes == f"Taken over from {placeholder(wulan)}."
        assert request.clocks["0"] == {"dueAt": "2026-11-01T00:00:00Z", "escalatedTo": uid,
                                       "escalatedToName": placeholder(wulan), "escalatedToUsername": f"erased-{uid}"}
        assert answer["textsChanged"] == 5  # the four texts of the fixture and this request
        assert request.requested_by == andi.id and request.status == "APPROVED"

    def test_the_audit_is_rewritten_and_one_entry_says_so(self, client: TestClient, db: Session,
                                                          wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        answer = erased(client, wulan)
        db.expire_all()
        about = db.scalars(select(AuditEntry).where(AuditEntry.subject == "USER", AuditEntry.subject_id == str(uid))
                           .order_by(AuditEntry.id)).all()
        assert [e.action for e in about] == ["CREATE", "DEACTIVATE", "ERASE"]
        assert [e.subject_label for e in about] == [placeholder(wulan)] * 2 + [f"User #{uid}"]
        created = {c["field"]: c for c in about[0].changes}
        assert created["fullname"]["new"] == created["email"]["new"] == "(erased)"
        assert created["leader"]["new"] == "Budi Santoso"  # not hers: kept
        assert answer["auditEntriesRewritten"] == 2
        admin = users_repo.by_username(db, "admin")
        assert admin is not None and about[2].actor_id == admin.id
        changes = {c["field"]: c["new"] for c in about[2].changes}
        assert "email" in changes["personalFields"] and changes["auditEntriesRewritten"] == 2
        assert changes["rowsDeleted"] == 7 and changes["textsChanged"] == answer["textsChanged"] == 4
        every = json.dumps([values(e) for e in db.scalars(select(AuditEntry))], default=str)
        assert not [t for t in WULAN_TRACES if t in every]

    def test_nothing_of_her_is_left_in_her_archive(self, client: TestClient, wulan: dict[str, Any]) -> None:
        erased(client, wulan)
        text = zipfile_text(user_archive(client, wulan["wulan"]["id"]))
        assert not [t for t in WULAN_TRACES if t in text]
        assert placeholder(wulan) in text and "Wulan's Core Banking Upgrade" in text  # her lead, listed

    def test_her_leads_keep_their_numbers_and_count_for_the_team(self, client: TestClient, db: Session,
                                                                 wulan: dict[str, Any]) -> None:
        lead_id, uid = wulan["lead"]["id"], wulan["wulan"]["id"]

        def figures() -> tuple[dict[str, Any], str]:
            db.expire_all()
            r = client.get("/api/dashboard/sales-performance", headers=auth(client, "tl1"))
            assert r.status_code == 200, r.text
            return values(db.get(Lead, lead_id)), json.dumps(r.json()["results"], sort_keys=True)

        lead_before, team_before = figures()
        assert lead_before["closed_by_id"] == uid and str(lead_before["total_gross_profit"]) == "150000000.00"
        erased(client, wulan)
        lead_after, team_after = figures()
        assert lead_after == lead_before
        assert team_after == team_before.replace(WULAN["fullname"], placeholder(wulan))


class TestRefusals:
    def test_an_active_user_is_refused(self, client: TestClient, db: Session) -> None:
        active = add_wulan(client, db)
        r = erase_user(client, active["id"], WULAN["fullname"])
        assert r.status_code == 409 and r.json()["messages"] == ["Deactivate the user before erasing their data."]

    def test_open_work_is_refused_with_its_counts(self, client: TestClient, db: Session,
                                                  wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        lead = db.get(Lead, wulan["lead"]["id"])
        her = db.get(User, uid)
        andi, sales2 = users_repo.by_username(db, "sales1"), users_repo.by_username(db, "sales2")
        assert lead is not None and her is not None and andi is not None and sales2 is not None
        lead.status, lead.closed_at = "NEW", None
        andi_lead = db.get(Lead, wulan["andi_lead"]["id"])
        assert andi_lead is not None
        ask(db, andi_lead, her, andi)  # a request still waiting on her
        sales2.leader_id = uid
        db.commit()
        expected = "Reassign their 1 ongoing lead, 1 pending request and 1 active report first."
        r = erase_user(client, uid, WULAN["fullname"])
        assert r.status_code == 409 and r.json()["messages"] == [expected]
        assert user_summary(client, uid).json()["results"]["refusals"] == [expected]

    def test_an_administrator_cannot_erase_themself(self, client: TestClient, db: Session) -> None:
        admin = users_repo.by_username(db, "admin")
        assert admin is not None
        r = erase_user(client, admin.id, admin.fullname)
        assert r.status_code == 403 and r.json()["messages"] == [
            "You cannot erase your own data: ask another administrator."]

    @pytest.mark.parametrize("typed", [None, "", "Wulan", "wulan.sari", "Wulan Kartika Sari."])
    def test_without_her_name_typed_back_nothing_changes(self, client: TestClient, db: Session,
                                                         wulan: dict[str, Any], typed: str | None) -> None:
        r = erase_user(client, wulan["wulan"]["id"], typed)
        assert r.status_code == 422
        if typed is not None:
            assert r.json()["messages"] == ["Type the user's full name exactly as it is shown to confirm the "
                                            "erasure."]
        db.expire_all()
        user = db.get(User, wulan["wulan"]["id"])
        assert user is not None and (user.fullname, user.email) == (WULAN["fullname"], WULAN["email"])
        assert db.scalars(select(AuditEntry).where(AuditEntry.action == "ERASE")).all() == []

    def test_a_second_erasure_says_it_was_done(self, client: TestClient, db: Session,
                                               wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        erased(client, wulan)
        for typed in (WULAN["fullname"], placeholder(wulan)):
            r = erase_user(client, uid, typed)
            assert r.status_code == 409 and r.json()["type"] == "Conflict"
            assert r.json()["messages"][0].startswith(f"User #{uid} was already erased on ")
        assert len(db.scalars(select(AuditEntry).where(AuditEntry.action == "ERASE")).all()) == 1
        found = user_summary(client, uid).json()["results"]
        assert found["erasedAt"] is not None and found["erasedBy"] == "Adi Nugroho" and found["refusals"] == []
