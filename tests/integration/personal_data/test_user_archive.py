"""A user's data on request (UU PDP's right of access, an ex-employee's request): who may ask, what the summary counts
and why an erasure would be refused, and everything held about them in one ZIP, nothing of another person's and
never a secret."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.audit.models import AuditEntry
from api.users import repository as users_repo
from tests.conftest import auth
from tests.integration.personal_data.conftest import erase_user, user_archive, user_summary
from tests.integration.personal_data.test_archive import zipfile_text
from tests.integration.personal_data.user_holdings import WULAN, WULAN_TRACES

PATHS = ["/api/personal-data/users/{id}", "/api/personal-data/users/{id}/archive"]


class TestAccess:
    @pytest.mark.parametrize("path", PATHS)
    def test_anonymous_is_401(self, client: TestClient, wulan: dict[str, Any], path: str) -> None:
        assert client.get(path.format(id=wulan["wulan"]["id"])).status_code == 401

    @pytest.mark.parametrize("user", ["sales1", "tl1", "topmanager", "approver1"])
    def test_only_administrators(self, client: TestClient, wulan: dict[str, Any], user: str) -> None:
        uid = wulan["wulan"]["id"]
        for path in PATHS:
            r = client.get(path.format(id=uid), headers=auth(client, user))
            assert r.status_code == 403 and r.json()["type"] == "Forbidden"
        assert erase_user(client, uid, WULAN["fullname"], user=user).status_code == 403
        assert user_summary(client, uid).json()["results"]["name"] == WULAN["fullname"]

    def test_an_unknown_user_is_404(self, client: TestClient) -> None:
        for path in PATHS:
            r = client.get(path.format(id=99_999_999), headers=auth(client, "admin"))
            assert r.status_code == 404 and r.json()["messages"] == ["User not found."]
        assert erase_user(client, 99_999_999, "anyone").status_code == 404


class TestSummary:
    def test_counts_each_kind(self, client: TestClient, wulan: dict[str, Any]) -> None:
        r = user_summary(client, wulan["wulan"]["id"])
        assert r.status_code == 200, r.text
        found = r.json()["results"]
        assert (found["name"], found["username"], found["isActive"]) == (WULAN["fullname"], "wulan.sari", False)
        assert found["erasedAt"] is None and found["erasedBy"] is None and found["refusals"] == []
        # created and deactivated (audit); the session opened after; the device and address; her view, her
        # notification and two mails (one sent, one not yet); her activity and plan; her lead; Andi's notes, his
        # notification and the lead history entry naming her
        assert found["holdings"] == {"auditEntries": 2, "openSessions": 1, "knownDevices": 2, "secondFactor": True,
                                     "providerLinks": 1, "savedViews": 1, "notifications": 3, "activities": 1,
                                     "schedules": 1, "leads": 1, "textsMentioning": 3}

    def test_says_why_an_active_user_cannot_be_erased(self, client: TestClient, db: Session) -> None:
        found = user_summary(client, _id(db, "sales1")).json()["results"]
        assert found["refusals"][0] == "Deactivate the user before erasing their data."
        assert found["refusals"][1].startswith("Reassign their ") and found["refusals"][1].endswith(" first.")
        mine = user_summary(client, _id(db, "admin")).json()["results"]
        assert mine["refusals"] == ["You cannot erase your own data: ask another administrator."]


class TestArchive:
    def test_holds_every_kind_of_data(self, client: TestClient, wulan: dict[str, Any]) -> None:
        zf = user_archive(client, wulan["wulan"]["id"])
        doc = json.loads(zf.read("user.json"))
        user = doc["user"]
        assert (user["fullname"], user["username"], user["email"], user["role"], user["leader"]) == (
            WULAN["fullname"], "wulan.sari", WULAN["email"], "Sales Executive", "Budi Santoso")
        assert [e["action"] for e in doc["audit"]] == ["CREATE", "DEACTIVATE"]
        assert doc["signIn"]["openSessions"] == 1 and doc["signIn"]["lastSeenOnline"] is not None
        assert doc["secondFactor"] == {"enrolled": True, "enabledAt": doc["secondFactor"]["enabledAt"],
                                       "recoveryCodesLeft": 1}
        assert [(p["provider"], p["subject"]) for p in doc["providerLinks"]] == [("corp", "wulan-subject-42")]
        assert [v["name"] for v in doc["savedViews"]] == ["My banks"]
        assert doc["calendarFeed"]["includeTeam"] is False
        assert [n["message"] for n in doc["notifications"]] == ["Your lead was approved."]
        assert [m["address"] for m in doc["notificationMails"]] == [WULAN["email"]] * 2
        (activity,) = doc["activitiesRecorded"]
        assert (activity["latitude"], activity["longitude"], activity["placeName"]) == (-6.2, 106.8, "Menara Nusa")
        assert [p["notes"] for p in doc["schedulesOwned"]] == ["Presentation to the board."]
        assert [(lead["leadId"], lead["status"]) for lead in doc["leadsAsSalesPerson"]] == [
            (wulan["lead"]["id"], "CLOSED")]
        assert [e["oldValue"] for e in doc["leadHistoryMentioning"]] == [WULAN["fullname"]]
        assert [n["id"] for n in doc["notesMentioning"]] == [wulan["handover"]]
        assert [n["text"] for n in doc["notificationsMentioning"]] == ["Wulan Kartika Sari handed you her bank leads."]
        assert "README.txt" in zf.namelist()

    def test_never_a_secret_and_nothing_of_another_person(self, client: TestClient, wulan: dict[str, Any]) -> None:
        text = zipfile_text(user_archive(client, wulan["wulan"]["id"]))
        for secret in ("passwordHash", "argon2", "sealed-not-a-real-secret", "c" * 64, "d" * 64, "sealedSecret",
                       "codeDigest", "tokenDigest"):
            assert secret not in text, secret
        assert "moved a lead" not in text and "Data Center Move" not in text

    def test_the_export_is_audited_without_personal_data(self, client: TestClient, db: Session,
                                                         wulan: dict[str, Any]) -> None:
        uid = wulan["wulan"]["id"]
        user_archive(client, uid)
        entry = db.scalars(select(AuditEntry).where(AuditEntry.subject == "USER", AuditEntry.action == "EXPORT",
                                                    AuditEntry.subject_id == str(uid))).one()
        assert entry.subject_label == f"User #{uid}"
        assert {c["field"]: c["new"] for c in entry.changes}["savedViews"] == 1
        assert not any(t in f"{entry.subject_label}{entry.changes}" for t in WULAN_TRACES)


def _id(db: Session, username: str) -> int:
    user = users_repo.by_username(db, username)
    assert user is not None
    return user.id
