"""Delegates on the real stack: while approver1 (Hendra Gunawan) is out of office, approver2 (Maya Kusuma) is
offered his tasks, decides them for him, and is recorded as doing so in the timeline, the history and the
notifications; a delegate never decides their own request, and a delegation that does not hold offers nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, text
from sqlalchemy.orm import Session

from api.approvals import delegates
from api.approvals.models import ApprovalDelegation, ApprovalPipeline
from api.leads.models import LeadHistory
from api.users.models import User
from tests.conftest import auth
from tests.integration.approvals.test_approvals import queue, request_hold, wait_for

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
def session(live: TestClient) -> Iterator[Session]:
    s: Session = live.app.state.session_factory()  # type: ignore[attr-defined]
    yield s
    s.close()


def _id(session: Session, username: str) -> int:
    return int(session.scalar(select(User.id).where(User.username == username)) or 0)


@pytest.fixture
def hendras_pipeline(session: Session) -> Iterator[None]:
    """A hold pipeline for sales1 with one layer, approver1 alone (so nobody else is asked)."""
    pipeline = session.execute(text(
        "insert into approval_pipelines (name, action_type, current_version) values ('Hendra only', 'HOLD_LEAD', 1)"
        " returning id")).scalar_one()
    session.execute(text(
        "insert into approval_pipeline_versions (pipeline_id, version, layers, sales_person_ids) values "
        "(:p, 1, cast(:layers as jsonb), cast(:sales as jsonb))"),
        {"p": pipeline, "sales": json.dumps([_id(session, "sales1")]), "layers": json.dumps([
            {"name": "Check", "mode": "ANY_USER", "minApprovals": 1, "approvers": [_id(session, "approver1")]}])})
    session.execute(text("insert into approval_pipeline_sales (pipeline_id, user_id) values (:p, :u)"),
                    {"p": pipeline, "u": _id(session, "sales1")})
    session.commit()
    yield
    session.rollback()
    session.execute(delete(ApprovalPipeline).where(ApprovalPipeline.id == pipeline))
    session.commit()


def delegate(session: Session, delegator: str, to: str, *, days: int = 7, request_type: str | None = None,
             starts_in: int = 0) -> ApprovalDelegation:
    today = delegates.today()
    row = ApprovalDelegation(delegator_id=_id(session, delegator), delegate_id=_id(session, to),
                             starts_on=today + timedelta(days=starts_in), ends_on=today + timedelta(days=days),
                             request_type=request_type)
    session.add(row)
    session.commit()
    return row


@pytest.fixture
def cleanup(session: Session) -> Iterator[None]:
    yield
    session.rollback()
    session.execute(delete(ApprovalDelegation))
    session.commit()


@pytest.mark.usefixtures("hendras_pipeline", "cleanup")
class TestDelegates:
    def test_the_delegate_is_offered_the_task_decides_it_and_is_recorded(
            self, live: TestClient, session: Session, lead: dict[str, Any]) -> None:
        delegate(session, "approver1", "approver2")
        approval_id = request_hold(live, lead["id"]).json()["results"]["approvalId"]
        row = wait_for(lambda: next((q for q in queue(live, "approver2") if q["approvalId"] == approval_id), None))
        assert row["forApproverName"] == "Hendra Gunawan" and not row["escalated"]
        mine = next(q for q in queue(live, "approver1") if q["approvalId"] == approval_id)
        assert mine["forApproverName"] is None
        bell = live.get("/api/notification/limited", params={"type": "APPROVAL"},
                        headers=auth(live, "approver2")).json()["results"]["data"]
        assert any("Approval test lead" in n["message"] for n in bell)  # the delegate is asked too
        # and reads the lead it is about, as the approver would (the queue's Detail)
        assert live.get(f"/api/leads/{lead['id']}", headers=auth(live, "approver2")).status_code == 200

        decided = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED",
                                                                             "note": "For Hendra"},
                           headers=auth(live, "approver2"))
        assert decided.status_code == 200, decided.text
        approver = decided.json()["results"]["layers"][0]["approvers"][0]
        assert (approver["username"], approver["actingName"], approver["actionType"]) == \
            ("Hendra Gunawan", "Maya Kusuma", "APPROVED")
        wait_for(lambda: live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales1"))
                 .json()["results"]["status"] == "HOLD")
        info = live.get("/api/notification/limited", params={"type": "INFORMATION"},
                        headers=auth(live, "sales1")).json()["results"]["data"]
        assert any("approved by Maya Kusuma for Hendra Gunawan" in n["message"] for n in info
                   if "Approval test lead" in n["message"])
        session.expire_all()
        history = session.scalars(select(LeadHistory.new_value).where(LeadHistory.lead_id == lead["id"])).all()
        assert any("Maya Kusuma for Hendra Gunawan" in (h or "") for h in history), history
        # Hendra is back: it is decided, for him too
        late = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                        headers=auth(live, "approver1"))
        assert late.status_code == 409
        timeline = live.get(f"/api/approval/{approval_id}/timeline", headers=auth(live, "sales1")).json()["results"]
        assert timeline["layers"][0]["approvers"][0]["actingName"] == "Maya Kusuma"

    def test_a_delegation_that_does_not_hold_offers_nothing(self, live: TestClient, session: Session,
                                                           lead: dict[str, Any]) -> None:
        delegate(session, "approver1", "approver2", starts_in=2, days=9)  # from the day after tomorrow
        delegate(session, "approver1", "tl2", request_type="DROP_LEAD")  # another request type
        approval_id = request_hold(live, lead["id"]).json()["results"]["approvalId"]
        wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver1")))
        assert all(q["approvalId"] != approval_id for q in queue(live, "approver2"))
        assert all(q["approvalId"] != approval_id for q in queue(live, "tl2"))
        assert live.get(f"/api/leads/{lead['id']}", headers=auth(live, "tl2")).status_code == 404
        for user in ("approver2", "tl2"):
            refused = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                               headers=auth(live, user))
            assert refused.status_code in (403, 404), refused.text
        named = live.put(f"/api/approval/{approval_id}/handle-hold",
                         json={"approversAction": "APPROVED", "forUserId": _id(session, "approver1")},
                         headers=auth(live, "approver2"))
        assert named.status_code in (403, 404)

    def test_a_delegate_never_decides_their_own_request(self, live: TestClient, session: Session,
                                                       lead: dict[str, Any]) -> None:
        delegate(session, "approver1", "admin")
        made = live.post("/api/lead-approval", json={"leadId": lead["id"], "requestType": "HOLD_LEAD",
                                                     "notes": "Asked by the administrator"},
                         headers=auth(live, "admin"))
        assert made.status_code == 200, made.text
        approval_id = made.json()["results"]["approvalId"]
        wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver1")))
        assert all(q["approvalId"] != approval_id for q in queue(live, "admin"))
        own = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                       headers=auth(live, "admin"))
        assert own.status_code == 403
        assert own.json()["messages"] == ["You cannot decide on your own request."]
        assert live.get(f"/api/leads/{lead['id']}", headers=auth(live, "sales1")).json()["results"]["status"] \
            == "WAITING"
