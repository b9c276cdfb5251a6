"""Two approvers of one layer decide at the same moment: exactly one decision counts, and the other is told the
truth, naming who decided and what (never "received", never "unavailable"): the workflow may refuse it under its
lock, or have closed already, which aborts the second update.

These tests commit (the worker writes the decisions), so they make their own leads and remove them."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, text

from api.leads.models import Lead
from api.notifications.models import Notification
from tests.conftest import auth
from tests.integration.approvals.test_approvals import queue, request_hold, wait_for
from tests.integration.approvals.test_mail_links import _link

pytestmark = pytest.mark.usefixtures("worker")

PROJECT = "Race test lead"
TRIALS = 20
NAMES = {"approver1": "Hendra Gunawan", "approver2": "Maya Kusuma"}


@pytest.fixture
def leads(live: TestClient) -> Iterator[list[int]]:
    headers = auth(live, "sales1")
    client_id = live.get("/api/master-data/clients", headers=headers).json()["results"][0]["id"]
    made = [live.post("/api/leads", json={"clientId": client_id, "projectName": f"{PROJECT} {n}"},
                      headers=headers).json()["results"]["id"] for n in range(TRIALS)]
    yield made
    session = live.app.state.session_factory()  # type: ignore[attr-defined]
    session.execute(delete(Notification).where(Notification.message.like(f"%{PROJECT}%")))
    session.execute(delete(Lead).where(Lead.id.in_(made)))
    session.commit()
    session.close()


def asked_both(live: TestClient, approval_id: int) -> None:
    """Both approvers are asked (their tasks written, the request in their queues) before they decide."""
    for user in NAMES:
        wait_for(lambda user=user: any(q["approvalId"] == approval_id for q in queue(live, user)))


def approve(live: TestClient, approval_id: int, user: str, way: str) -> Any:
    """A call that approves the request as `user` (made before the race starts): in the app's Review dialog, by
    the approval mail's link, or in a bulk decision. Its answer, as (status, type, message)."""
    if way == "link":
        url = f"/api/approval-links/{_link(live, approval_id, 'APPROVED', user=user)}"
        return lambda: live.post(url, json={})
    headers = auth(live, user)
    if way == "bulk":
        def bulk() -> Any:
            r = live.post("/api/approval/bulk", json={"approvalIds": [approval_id], "approversAction": "APPROVED"},
                          headers=headers)
            (item,) = r.json()["results"]["items"]
            return r.status_code, item
        return bulk
    return lambda: live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                            headers=headers)


def at_once(live: TestClient, approval_id: int, ways: dict[str, str] | None = None) -> dict[str, Any]:
    """approver1 and approver2 approve the request at the same moment (each in the app, or the way `ways` gives);
    each one's answer."""
    calls = {user: approve(live, approval_id, user, (ways or {}).get(user, "app")) for user in NAMES}
    start = threading.Barrier(len(NAMES))
    answers: dict[str, Any] = {}

    def decide(user: str) -> None:
        start.wait()
        answers[user] = calls[user]()

    threads = [threading.Thread(target=decide, args=(user,)) for user in NAMES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def test_the_loser_of_a_race_is_told_who_decided(live: TestClient, leads: list[int]) -> None:
    told: list[tuple[int, int]] = []
    for lead_id in leads:
        r = request_hold(live, lead_id)
        assert r.status_code == 200, r.text
        approval_id = r.json()["results"]["approvalId"]
        asked_both(live, approval_id)
        answers = at_once(live, approval_id)
        winners = [user for user, answer in answers.items() if answer.status_code == 200]
        assert len(winners) == 1, {user: (a.status_code, a.text) for user, a in answers.items()}
        (winner,) = winners
        (loser,) = set(NAMES) - {winner}
        lost = answers[loser]
        assert (lost.status_code, lost.json()["type"]) == (409, "LayerDecided"), lost.text
        assert lost.json()["messages"] == [f"Already decided: approved by {NAMES[winner]}."]
        decided = live.app.state.session_factory().execute(  # type: ignore[attr-defined]
            text("SELECT count(*) FROM approval_decisions WHERE request_id = :id"), {"id": approval_id}).scalar()
        assert decided == 1
        told.append((answers[winner].status_code, lost.status_code))
    assert told == [(200, 409)] * TRIALS


def outcome(answer: Any) -> tuple[str, str]:
    """(decided or refused, the message) of an answer from the app, a link or a bulk decision."""
    if isinstance(answer, tuple):  # bulk: each item says its own
        _, item = answer
        return ("decided" if item["outcome"] == "APPROVED" else "refused", item["message"])
    body = answer.json()
    if answer.status_code == 200:
        return "decided", ""
    return "refused", " ".join(body["messages"])


@pytest.mark.parametrize("ways", [{"approver1": "link", "approver2": "app"},
                                  {"approver1": "bulk", "approver2": "link"},
                                  {"approver1": "app", "approver2": "bulk"}], ids=["link-app", "bulk-link", "app-bulk"])
def test_a_link_the_app_and_bulk_race_alike(live: TestClient, leads: list[int], ways: dict[str, str]) -> None:
    for lead_id in leads[:TRIALS // 2]:
        approval_id = request_hold(live, lead_id).json()["results"]["approvalId"]
        asked_both(live, approval_id)
        answers = {user: outcome(answer) for user, answer in at_once(live, approval_id, ways).items()}
        winners = [user for user, (what, _) in answers.items() if what == "decided"]
        assert len(winners) == 1, answers
        (loser,) = set(NAMES) - set(winners)
        assert answers[loser][1].startswith(f"Already decided: approved by {NAMES[winners[0]]}."), answers
