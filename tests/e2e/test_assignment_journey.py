"""Assignment Monitoring journey (issue 20): the administrator moves Rizky Hidayat's (sales3) whole book to Dewi
Anggraini (sales2) with a reason, confirms, reads the reassignment's page and finds it in the list; Dewi sees those
leads on her board, one with its request still waiting for its approver (in the approver's queue, and in the Lead
Approval register under Dewi). The list, the form and the reassignment are shot at 1280 and 390 px into
test-artifacts/assignment/. Afterwards the leads go back to Rizky by the same call, so later journeys meet the demo."""

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
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually

SHOTS = ARTIFACTS / "assignment"
FROM, TO = "Rizky Hidayat", "Dewi Anggraini"
REASON = "Rizky leaves the company at the end of the month."
URL = "/api/assignment-monitoring"


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


def people(http: httpx.Client, admin: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {p["username"]: p for p in http.get(f"{URL}/people", headers=admin).json()["results"]}


def book(http: httpx.Client, admin: dict[str, str], person_id: int) -> list[dict[str, Any]]:
    r = http.get(f"{URL}/leads", params={"salesPersonId": person_id, "limit": 100}, headers=admin)
    assert r.status_code == 200, r.text
    return r.json()["results"]["data"]  # type: ignore[no-any-return]


@pytest.fixture
def rizkys_book(live_server: LiveServer) -> Iterator[list[dict[str, Any]]]:
    """Rizky's leads before the journey; afterwards those Dewi holds go back to Rizky by the same call."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin = token(http, "admin")
        found = people(http, admin)
        sales2, sales3 = found["sales2"]["id"], found["sales3"]["id"]
        before = book(http, admin, sales3)
        assert before, "the demo gives sales3 leads"
        yield before
        ids = {lead["id"] for lead in before}
        back = [lead["id"] for lead in book(http, admin, sales2) if lead["id"] in ids]
        if back:
            r = http.post(URL, headers=admin, json={"fromUserId": sales2, "toUserId": sales3, "leadIds": back,
                                                    "reason": "Back to the demo's owner after the journey."})
            assert r.status_code == 200, r.text
        assert {lead["id"] for lead in book(http, admin, sales3)} == ids


@pytest.fixture
def held_lead(live_server: LiveServer, rizkys_book: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """One of Rizky's new leads with a hold request of his waiting for its approvers; withdrawn afterwards, so the
    lead is as the demo had it."""
    lead = next(lead for lead in rizkys_book if lead["status"] == "NEW" and not lead["pendingRequest"])
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        r = http.post(f"/api/leads/{lead['id']}/approval-requests", headers=token(http, "sales3"),
                      json={"requestType": "HOLD_LEAD", "notes": "The customer paused for their budget."})
        assert r.status_code == 200, r.text
        approval = r.json()["results"]["approvalId"]
        yield {**lead, "approvalId": approval}
        r = http.post(f"/api/lead-approval/{approval}/withdraw", headers=token(http, "admin"),
                      json={"reason": "The journey is over."})
        assert r.status_code in (200, 202), r.text


def queued_for(http: httpx.Client, approver: str, lead_id: int) -> bool:
    """Whether the lead waits in the approver's queue now."""
    queue = http.get("/api/approval", params={"limit": 100}, headers=token(http, approver))
    return lead_id in {row["leadId"] for row in queue.json()["results"]["data"]}


def test_admin_moves_a_leaving_sales_persons_book(page: Page, live_server: LiveServer,
                                                  rizkys_book: list[dict[str, Any]],
                                                  held_lead: dict[str, Any]) -> None:
    count = len(rizkys_book)
    sign_in(page, "admin", to="/system/assignment-monitoring")
    expect(page.get_by_role("heading", name="Assignment Monitoring")).to_be_visible()
    page.get_by_role("button", name="Reassign Leads").click()
    expect(page.get_by_role("heading", name="Reassign Leads")).to_be_visible()

    choose(page, "From", FROM)
    expect(page.get_by_text(f"Move the whole book ({count} lead")).to_be_visible()
    page.get_by_text(f"Move the whole book ({count} lead").click()
    choose(page, "To", TO)
    page.get_by_label("Reason", exact=True).fill(REASON)
    shots(page, "reassign-form")
    page.get_by_role("button", name=f"Move {count} leads to {TO}").click()
    dialog = page.locator(".ant-modal-confirm")
    expect(dialog).to_contain_text(f"Move all {count} leads of {FROM} to {TO}?")
    shots(page, "reassign-confirm")
    dialog.get_by_role("button", name="Reassign").click()

    expect(page.locator(".ant-notification-notice", has_text=f"{count} leads moved from {FROM} to {TO}."))\
        .to_be_visible()
    expect(page).to_have_url(re.compile(r"/system/assignment-monitoring/\d+$"))
    expect(page.get_by_role("heading", name=f"{FROM} → {TO}")).to_be_visible()
    expect(page.get_by_text(REASON)).to_be_visible()
    expect(page.get_by_text(f"{count} leads moved on")).to_be_visible()
    expect(page.locator(".ant-table-tbody tr.ant-table-row")).to_have_count(min(count, 20))  # 20 a page
    shots(page, "reassignment")

    page.get_by_role("button", name="Back to Assignment Monitoring").click()
    row = page.locator(".ant-table-tbody tr.ant-table-row").first
    expect(row).to_contain_text(FROM)
    expect(row).to_contain_text(TO)
    expect(row).to_contain_text(REASON)
    shots(page, "list")

    # Dewi sees Rizky's ongoing leads on her board
    page.context.clear_cookies()
    page.goto("/signin")
    page.evaluate("() => window.localStorage.clear()")
    ongoing = [lead for lead in rizkys_book if lead["status"] in ("NEW", "WAITING")]
    assert ongoing, "the demo gives sales3 ongoing leads"
    sign_in(page, "sales2", to="/leads")
    for lead in ongoing[:3]:
        search = page.get_by_placeholder("Search client or project")
        search.fill(lead["projectName"])
        expect(page.locator(f"[data-lead-id='{lead['id']}']").first).to_be_visible()

    # the lead whose request waits: on Dewi's board, still in the approver's queue, in the register under Dewi
    search = page.get_by_placeholder("Search client or project")
    search.fill(held_lead["projectName"])
    expect(page.locator(f"[data-lead-id='{held_lead['id']}']").first).to_be_visible()
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        # asked until the request's workflow has made its tasks
        eventually(lambda: queued_for(http, "approver1", held_lead["id"]),
                   "the approver still has the moved lead's request")
    page.context.clear_cookies()
    page.goto("/signin")
    page.evaluate("() => window.localStorage.clear()")
    sign_in(page, "admin", to=f"/system/lead-approval/{held_lead['approvalId']}/edit")
    expect(page.get_by_role("heading", name=f"Request #{held_lead['approvalId']}")).to_be_visible()
    expect(page.get_by_text("Pending").first).to_be_visible()
    expect(page.get_by_text(TO).first).to_be_visible()  # the sales person now
