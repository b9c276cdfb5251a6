"""Deciding from the mail on the real stack: the approver's REQUEST_SUBMITTED mail carries signed, single-use,
expiring Approve and Reject links bound to them, the request and its layer; opening one describes it, confirming it
decides through the same decisions.decide as the Review dialog; a used, expired, changed or foreign link explains
itself and changes nothing.

These tests commit (the worker's activities use their own connections), so each one works on a lead it creates and
removes afterwards (tests/integration/approvals/conftest.py)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, update

from api.approvals import mail_links
from api.approvals.models import ApprovalDecision, ApprovalLinkUse
from api.core.config import Settings, get_settings
from api.notifications import settings as notification_settings
from api.notifications.models import NotificationMail, NotificationSetting
from api.users.models import User
from tests.conftest import auth
from tests.integration.approvals.test_approvals import queue, request_hold, wait_for
from tests.mails import delivered_text
from workflows.contracts.approval_rules import NOTE_REQUIRED

pytestmark = pytest.mark.usefixtures("worker")

LINK = re.compile(r"^(Approve|Reject): (\S+/approval/mail/(\S+))$", re.MULTILINE)


def _settings(live: TestClient) -> Settings:
    return live.app.state.settings  # type: ignore[attr-defined,no-any-return]


def _session(live: TestClient) -> Any:
    return live.app.state.session_factory()  # type: ignore[attr-defined]


def _uid(live: TestClient, username: str) -> int:
    with _session(live) as s:
        return int(s.scalars(select(User.id).where(User.username == username)).one())


def _decisions(live: TestClient, approval_id: int) -> list[tuple[int, int, str, str | None, int | None]]:
    with _session(live) as s:
        return list(s.execute(select(ApprovalDecision.layer_index, ApprovalDecision.approver_id,
                                     ApprovalDecision.action, ApprovalDecision.note, ApprovalDecision.acting_user_id)
                              .where(ApprovalDecision.request_id == approval_id)).tuples())


def _uses(live: TestClient, approval_id: int) -> int:
    with _session(live) as s:
        return len(s.scalars(select(ApprovalLinkUse.jti).where(ApprovalLinkUse.request_id == approval_id)).all())


def _lead_status(live: TestClient, lead_id: int) -> str:
    return str(live.get(f"/api/leads/{lead_id}", headers=auth(live, "sales1")).json()["results"]["status"])


def _waiting(live: TestClient, lead_id: int, user: str = "approver1") -> int:
    """A hold request on the lead, once it waits in `user`'s queue."""
    r = request_hold(live, lead_id)
    assert r.status_code == 200, r.text
    approval_id = int(r.json()["results"]["approvalId"])
    wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, user)))
    return approval_id


def _link(live: TestClient, approval_id: int, action: str, user: str = "approver1", layer: int = 0,
          now: datetime | None = None) -> str:
    return mail_links.sign(_settings(live), user_id=_uid(live, user), request_id=approval_id, layer=layer,
                           action=action, now=now)


@pytest.fixture
def mailed(live: TestClient) -> Iterator[None]:
    """REQUEST_SUBMITTED goes out by mail too (as an administrator sets it), for this test."""
    with _session(live) as s:
        before = s.scalars(select(NotificationSetting.channels)
                           .where(NotificationSetting.action == "REQUEST_SUBMITTED")).one()
        s.execute(update(NotificationSetting).where(NotificationSetting.action == "REQUEST_SUBMITTED")
                  .values(channels=["IN_APP", "EMAIL"]))
        s.commit()
    notification_settings.changed()  # as an administrator's change does: every process reads it again
    yield
    with _session(live) as s:
        s.execute(update(NotificationSetting).where(NotificationSetting.action == "REQUEST_SUBMITTED")
                  .values(channels=before))
        s.execute(delete(NotificationMail).where(NotificationMail.body.like("%Approval test lead%")))
        s.commit()
    notification_settings.changed()


def _mails(live: TestClient, approval_id: int) -> dict[str, str]:
    """The REQUEST_SUBMITTED mails of the request, by address, as delivered (their links minted then: the table
    holds none)."""
    stmt = select(NotificationMail.id, NotificationMail.address, NotificationMail.body).where(
        NotificationMail.action == "REQUEST_SUBMITTED",
        NotificationMail.body.like(f"%/system/approval?request={approval_id}\n%"))
    with _session(live) as s:
        rows = s.execute(stmt).tuples().all()
    assert all("/approval/mail/" not in body for _, _, body in rows)
    return {address: delivered_text(mail_id) for mail_id, address, _ in rows}


class TestTheMail:
    def test_each_approver_gets_an_approve_and_a_reject_link_of_their_own(
            self, live: TestClient, lead: dict[str, Any], mailed: None) -> None:
        approval_id = _waiting(live, lead["id"])
        mails = wait_for(lambda: (found := _mails(live, approval_id)) and len(found) == 2 and found)
        assert set(mails) == {"approver1@pipeline-crm.local", "approver2@pipeline-crm.local"}
        body = mails["approver1@pipeline-crm.local"]
        assert body.startswith("Andi Pratama asks to hold 'Approval test lead'")
        links = LINK.findall(body)
        assert [kind for kind, _, _ in links] == ["Approve", "Reject"]
        assert all(url.startswith(get_settings().public_url + "/approval/mail/") for _, url, _ in links)
        assert "works once and for 72 hours" in body
        approve, reject = (token for _, _, token in links)
        seen = live.get(f"/api/approval-links/{approve}")
        assert seen.status_code == 200, seen.text
        shown = seen.json()["results"]
        assert shown["approvalId"] == approval_id and shown["action"] == "APPROVED"
        assert shown["approverName"] == "Hendra Gunawan" and shown["requestedByName"] == "Andi Pratama"
        assert shown["projectName"] == "Approval test lead" and shown["requestTypeLabel"]
        assert shown["layerName"] == "Approval" and (shown["layerNumber"], shown["layerCount"]) == (1, 1)
        assert shown["noteRequired"] is False
        assert seen.headers["cache-control"] == "no-store"
        assert live.get(f"/api/approval-links/{reject}").json()["results"]["noteRequired"] is True
        # approver2's links are theirs
        other = LINK.findall(mails["approver2@pipeline-crm.local"])[0][2]
        assert live.get(f"/api/approval-links/{other}").json()["results"]["approverName"] == "Maya Kusuma"

    def test_no_links_when_they_are_turned_off(self, live: TestClient, lead: dict[str, Any], mailed: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("APPROVAL_MAIL_LINKS", "false")  # the worker's settings (this process's)
        get_settings.cache_clear()
        try:
            approval_id = _waiting(live, lead["id"])
            mails = wait_for(lambda: (found := _mails(live, approval_id)) and len(found) == 2 and found)
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()
        assert all("/approval/mail/" not in body and "Open it in the CRM" in body for body in mails.values())

    def test_no_mail_no_links_when_the_setting_sends_none(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])  # REQUEST_SUBMITTED as seeded: in the app only
        assert _mails(live, approval_id) == {}


class TestDecidingByLink:
    def test_approve_decides_once_as_the_app_would(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])
        token = _link(live, approval_id, "APPROVED")
        for _ in range(2):  # opening the link (a mail scanner, the page) decides nothing
            assert live.get(f"/api/approval-links/{token}").status_code == 200
        assert _decisions(live, approval_id) == [] and _uses(live, approval_id) == 0

        decided = live.post(f"/api/approval-links/{token}", json={"note": "From my phone"})
        assert decided.status_code == 200, decided.text
        answer = decided.json()["results"]
        assert answer["outcome"] == "APPROVED" and answer["status"] == "APPROVED"
        assert answer["message"] == "'Andi Pratama' request has been approved successfully."
        # the decision the Review dialog would have recorded: approver1's own, on layer 0, with the note
        assert _decisions(live, approval_id) == [(0, _uid(live, "approver1"), "APPROVED", "From my phone", None)]
        wait_for(lambda: _lead_status(live, lead["id"]) == "HOLD")
        timeline = live.get(f"/api/approval/{approval_id}/timeline", headers=auth(live, "sales1")).json()["results"]
        assert [(a["username"], a["actionType"]) for a in timeline["layers"][0]["approvers"]] == [
            ("Hendra Gunawan", "APPROVED"), ("Maya Kusuma", None)]

        again = live.post(f"/api/approval-links/{token}", json={})
        assert again.status_code == 409 and again.json()["type"] == "LinkUsed"
        assert again.json()["messages"] == ["This approval link has already been used: the decision it carried was "
                                            "made. Nothing was changed."]
        assert live.get(f"/api/approval-links/{token}").json()["type"] == "LinkUsed"
        assert len(_decisions(live, approval_id)) == 1 and _uses(live, approval_id) == 1

    def test_a_rejection_needs_its_note_and_the_link_survives_the_refusal(self, live: TestClient,
                                                                          lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])
        token = _link(live, approval_id, "REJECTED")
        for body in ({}, {"note": "   "}):
            refused = live.post(f"/api/approval-links/{token}", json=body)
            assert refused.status_code == 422, refused.text
            assert refused.json()["messages"] == [NOTE_REQUIRED] and refused.json()["type"] == "NoteRequired"
        assert _uses(live, approval_id) == 0 and _decisions(live, approval_id) == []
        assert live.get(f"/api/approval-links/{token}").status_code == 200  # still usable

        rejected = live.post(f"/api/approval-links/{token}", json={"note": "Budget is not frozen"})
        assert rejected.status_code == 200, rejected.text
        assert rejected.json()["results"]["outcome"] == "REJECTED"
        assert rejected.json()["results"]["message"] == "'Andi Pratama' request has been rejected successfully."
        assert _decisions(live, approval_id) == [(0, _uid(live, "approver1"), "REJECTED", "Budget is not frozen",
                                                  None)]
        wait_for(lambda: _lead_status(live, lead["id"]) == "NEW")

    def test_a_changed_or_foreign_token_is_not_a_link(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])
        token = _link(live, approval_id, "APPROVED")
        head, payload, signature = token.split(".")
        tampered = f"{head}.{payload}.{signature[:-4]}{'AAAA' if signature[-4:] != 'AAAA' else 'BBBB'}"
        claims = jwt.decode(token, options={"verify_signature": False})
        other_key = jwt.encode({**claims, "req": approval_id}, "another-key-" + "y" * 40, algorithm="HS256")
        changed_claims = jwt.encode({**claims, "sub": str(_uid(live, "approver2"))}, "z" * 48, algorithm="HS256")
        access = auth(live, "approver1")["Authorization"].removeprefix("Bearer ")
        for bad in (tampered, other_key, changed_claims, access, "not-a-token-at-all-x"):
            for answer in (live.get(f"/api/approval-links/{bad}"),
                           live.post(f"/api/approval-links/{bad}", json={"note": "x"})):
                assert answer.status_code == 400, (bad[:20], answer.text)
                assert answer.json()["type"] == "LinkInvalid"
                assert answer.json()["messages"][0].startswith("This approval link is not valid")
        # nor is a link a sign-in token
        assert live.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"}).status_code == 401
        assert _decisions(live, approval_id) == [] and _uses(live, approval_id) == 0
        assert live.post(f"/api/approval-links/{token}", json={}).status_code == 200  # the real one still works

    def test_an_expired_link_explains_itself_and_changes_nothing(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])
        old = _link(live, approval_id, "APPROVED", now=datetime.now(UTC) - timedelta(hours=73))
        for answer in (live.get(f"/api/approval-links/{old}"), live.post(f"/api/approval-links/{old}", json={})):
            assert answer.status_code == 410 and answer.json()["type"] == "LinkExpired"
            assert answer.json()["messages"] == [
                "This approval link has expired: links in approval mails work for 72 hours. Open the approval queue "
                "in the CRM to decide on the request."]
        assert _decisions(live, approval_id) == [] and _uses(live, approval_id) == 0

    def test_links_of_people_the_request_no_longer_waits_for(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])
        # someone who never was its approver (a link made for the requester)
        theirs = _link(live, approval_id, "APPROVED", user="sales1")
        answer = live.post(f"/api/approval-links/{theirs}", json={})
        assert answer.status_code == 403 and answer.json()["type"] == "LinkStale"
        assert answer.json()["messages"][0].startswith("This request no longer waits for your decision.")
        # a layer the request is not on
        later = live.get(f"/api/approval-links/{_link(live, approval_id, 'APPROVED', layer=1)}")
        assert later.status_code == 409 and later.json()["type"] == "LinkStale"
        # approver2 decides in the app: approver1's link is for a layer approver2 settled, and says so
        mine = _link(live, approval_id, "REJECTED")
        decided = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                           headers=auth(live, "approver2"))
        assert decided.status_code == 200, decided.text
        for answer in (live.get(f"/api/approval-links/{mine}"),
                       live.post(f"/api/approval-links/{mine}", json={"note": "too late"})):
            assert answer.status_code == 409 and answer.json()["type"] == "LinkStale"
            assert answer.json()["messages"] == ["Already decided: approved by Maya Kusuma. Nothing was changed."]
        assert _decisions(live, approval_id) == [(0, _uid(live, "approver2"), "APPROVED", None, None)]
        assert _uses(live, approval_id) == 0

    def test_two_uses_at_once_decide_once(self, live: TestClient, lead: dict[str, Any]) -> None:
        approval_id = _waiting(live, lead["id"])
        token = _link(live, approval_id, "APPROVED")
        start = threading.Barrier(2)
        answers: list[int] = []

        def use() -> None:
            start.wait()
            answers.append(live.post(f"/api/approval-links/{token}", json={}).status_code)

        threads = [threading.Thread(target=use) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(answers) == [200, 409]
        assert len(_decisions(live, approval_id)) == 1 and _uses(live, approval_id) == 1

    def test_the_link_calls_are_rate_limited_per_address(self, live: TestClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(_settings(live), "approval_link_requests_per_address", 2)
        token = "x" * 30
        assert [live.get(f"/api/approval-links/{token}").status_code for _ in range(3)] == [400, 400, 429]
        limited = live.post(f"/api/approval-links/{token}", json={})
        assert limited.status_code == 429 and limited.json()["messages"][0].startswith(
            "Too many approval link requests from your address.")
