"""Deciding on the lead's own page (issue 33, point 1): an approver opens a lead from the queue's Detail, reads what
waits for their decision there and approves it, with the queue's call and message; the lead goes on hold and
nothing waits for them any more. The lead's view is shot at 1280 and 390 px into test-artifacts/lead-decision/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually

SHOTS = ARTIFACTS / "lead-decision"
PROJECT = "Lead Page Decision Lead"
NOTES = "The customer paused every project until their budget review."


def queued(http: httpx.Client, approver: str, approval_id: int) -> bool:
    rows = http.get("/api/approval", params={"limit": 100}, headers=token(http, approver)).json()["results"]["data"]
    return approval_id in {r["approvalId"] for r in rows}


@pytest.fixture
def hold_request(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """sales1's new lead with a hold request waiting for approver1; withdrawn afterwards if still waiting."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales1")
        clients = http.get("/api/master-data/clients", headers=sales).json()["results"]
        bank = next(c["id"] for c in clients if c["clientName"] == "Bank Nusa Mandiri")
        lead = http.post("/api/leads", json={"clientId": bank, "projectName": PROJECT}, headers=sales)
        assert lead.status_code == 200, lead.text
        lead_id = lead.json()["results"]["id"]
        r = http.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD", "notes": NOTES},
                      headers=sales)
        assert r.status_code == 200, r.text
        approval_id = r.json()["results"]["approvalId"]
        eventually(lambda: queued(http, "approver1", approval_id), "the request waits in approver1's queue")
        yield {"leadId": lead_id, "approvalId": approval_id}
        if queued(http, "approver1", approval_id):
            http.post(f"/api/lead-approval/{approval_id}/withdraw", headers=token(http, "admin"),
                      json={"reason": "The journey is over."})


def test_approver_approves_on_the_lead_page(page: Page, hold_request: dict[str, Any]) -> None:
    lead_id = hold_request["leadId"]
    sign_in(page, "approver1", to="/system/approval")
    page.get_by_role("button", name=f"Detail of request {hold_request['approvalId']}").click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}/view$"))

    waiting = page.get_by_role("region", name="Waiting for your decision")
    expect(waiting).to_contain_text("Hold")
    expect(waiting).to_contain_text("Requested by Andi Pratama")
    expect(waiting).to_contain_text(NOTES)
    shots = desk_and_phone
    shots(page, SHOTS, "lead-view")
    waiting.get_by_role("button", name="Approve").click()
    dialog = page.locator(".description-dialog")
    expect(dialog).to_contain_text("Approve the hold lead request of 'Andi Pratama'?")
    dialog.get_by_role("button", name="Confirm").click()

    expect(page.locator(".ant-notification-notice",
                        has_text="'Andi Pratama' request has been approved successfully.")).to_be_visible()
    expect(waiting).to_have_count(0)
    # the lead's page is refetched every 10 seconds: it reads On Hold once the workflow has applied the decision
    expect(page.locator(".lead-detail__meta").get_by_text("On Hold")).to_be_visible(timeout=30_000)
    shots(page, SHOTS, "lead-view-decided")
