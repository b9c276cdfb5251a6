"""Request registers journey: an administrator finds a pending request in Lead Approval, opens its timeline and
withdraws it with a reason; the lead shows its previous status; the PCS Approval register's preview opens. Shots
at 1280 and 390 px into test-artifacts/registers/.

The e2e database is shared by every journey: the request withdrawn here is made by this journey's fixture."""

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

SHOTS = ARTIFACTS / "registers"
PROJECT = "Journey Register Lead"
REASON = "Raised on the wrong lead"


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


@pytest.fixture
def pending_hold(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """A new lead of sales2 with a pending hold request (its workflow running)."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales2")
        clients = http.get("/api/master-data/clients", headers=sales).json()["results"]
        lead = http.post("/api/leads", json={"clientId": clients[0]["id"], "projectName": PROJECT},
                         headers=sales).json()["results"]
        r = http.post(f"/api/leads/{lead['id']}/approval-requests",
                      json={"requestType": "HOLD_LEAD", "notes": "Budget frozen until Q3"}, headers=sales)
        assert r.status_code == 200, r.text
        yield {"lead": lead, **r.json()["results"]}


def test_administrator_withdraws_a_request_and_previews_a_cost_sheet(page: Page, live_server: LiveServer,
                                                                      pending_hold: dict[str, Any]) -> None:
    approval_id, lead_id = pending_hold["approvalId"], pending_hold["lead"]["id"]
    sign_in(page, "admin", to="/system/lead-approval")
    expect(page.get_by_role("heading", name="Lead Approval")).to_be_visible()
    page.get_by_role("searchbox").first.fill(PROJECT)
    page.get_by_role("searchbox").first.press("Enter")
    row = page.get_by_role("row", name=re.compile(f"#{approval_id} Hold"))
    expect(row).to_be_visible()
    expect(row).to_contain_text("Pending")
    shots(page, "lead-register")

    row.get_by_role("link", name=re.compile(f"#{approval_id}")).click()
    expect(page).to_have_url(re.compile(f"/system/lead-approval/{approval_id}/edit$"))
    expect(page.get_by_role("heading", name=f"Request #{approval_id}")).to_be_visible()
    expect(page.get_by_text("Budget frozen until Q3")).to_be_visible()
    expect(page.get_by_text("Hendra Gunawan").first).to_be_visible()  # the layer's approvers
    shots(page, "lead-request")

    page.get_by_role("button", name="Withdraw").click()
    dialog = page.get_by_role("dialog", name="Withdraw request")
    confirm = dialog.get_by_role("button", name="Withdraw")
    expect(confirm).to_be_disabled()
    dialog.get_by_role("textbox").fill(REASON)
    shots(page, "withdraw-dialog")
    confirm.click()
    expect(page.get_by_text("The request has been withdrawn.")).to_be_visible()
    expect(page.get_by_text(re.compile("^Withdrawn by Adi Nugroho"))).to_be_visible()
    expect(page.get_by_text(REASON)).to_be_visible()
    expect(page.get_by_role("button", name="Withdraw")).to_have_count(0)
    shots(page, "lead-request-withdrawn")

    # back to the status it had (NEW): at once when the workflow confirmed the withdrawal in time, else once the
    # approval sweep has resent it (a 202 promises it; every 20 s); then the lead's page says so
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales2")
        eventually(lambda: http.get(f"/api/leads/{lead_id}", headers=sales).json()["results"]["status"] != "WAITING",
                   "the lead is no longer WAITING", timeout=60)
    page.goto(f"/leads/{lead_id}")
    expect(page.get_by_text(PROJECT).first).to_be_visible()
    expect(page.get_by_text("Waiting", exact=True)).to_have_count(0)  # the status tag (history says "Waiting → New")

    page.goto("/system/pcs-approval")
    expect(page.get_by_role("heading", name="PCS Approval")).to_be_visible()
    first = page.locator(".ant-table-row").first
    expect(first).to_be_visible()
    shots(page, "pcs-register")
    first.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/system/pcs-approval/\d+$"))
    expect(page.get_by_text("Sheet status")).to_be_visible()
    expect(page.locator("iframe[title='Project Cost Sheet PDF']")).to_be_visible()
    shots(page, "pcs-preview")
