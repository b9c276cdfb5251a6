"""Notifications that lead somewhere, and lists that keep their view: a requester clicks the approved
notification in the bell and lands on the lead, the notification now read; the COA list's page and search
survive a reload and the back button; the bell and a money input at 1280 and 390 px wide."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually, until

PROJECT = "Journey Notification Lead"


def _shot(page: Page, name: str) -> None:
    screenshot(page, ARTIFACTS / f"{name}.png")


@pytest.fixture
def approved_hold(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """A lead of sales1 whose hold request approver1 approved: sales1 has an unread APPROVED notification."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales, approver = token(http, "sales1"), token(http, "approver1")
        http.put("/api/notification/read-all", json={"type": "ALL"}, headers=sales)
        client_id = http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
        lead = http.post("/api/leads", json={"clientId": client_id, "projectName": PROJECT}, headers=sales)
        assert lead.status_code == 200, lead.text
        lead_id = lead.json()["results"]["id"]
        r = http.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": "HOLD_LEAD", "notes": "Budget"},
                      headers=sales)
        assert r.status_code == 200, r.text
        assert r.json()["results"]["message"].startswith(f"Your request to hold '{PROJECT}' (")
        approval_id = r.json()["results"]["approvalId"]
        def decide() -> httpx.Response | None:  # the workflow queues the approver, then the decision can be taken
            r = http.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                         headers=approver)
            return r if r.status_code == 200 else None

        eventually(decide, "approver1 can approve the hold")

        def outcome() -> dict[str, Any] | None:
            data = http.get("/api/notification/limited", params={"type": "INFORMATION"},
                            headers=sales).json()["results"]["data"]
            return next((n for n in data if PROJECT in n["message"] and "approved" in n["message"]), None)

        found = eventually(outcome, "sales1 has the approved notification")
        assert found["kind"] == "APPROVED" and found["target"] == f"/leads/{lead_id}"
        yield {"lead_id": lead_id, "notification": found, "read": outcome}


def test_the_requester_clicks_the_approved_notification_and_lands_on_the_lead(
        page: Page, browser: Browser, live_server: LiveServer, approved_hold: dict[str, Any]) -> None:
    lead_id = approved_hold["lead_id"]
    sign_in(page, "sales1")
    page.get_by_role("button", name=re.compile(r"Notifications, \d+ unread")).click()
    item = page.locator(".notification-panel .notification-item", has_text=PROJECT).first
    expect(item).to_be_visible()
    expect(item.get_by_role("img", name="Approved")).to_be_visible()
    expect(item).to_have_class(re.compile("is-unread"))
    _shot(page, "notifications-bell-1280")
    item.click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}$"), timeout=10_000)
    expect(page.get_by_text(PROJECT).first).to_be_visible()
    # read now: on the server, and in the bell
    assert approved_hold["read"]()["isRead"] is True
    page.get_by_role("button", name=re.compile("^Notifications")).click()
    expect(page.locator(".notification-panel .notification-item", has_text=PROJECT).first) \
        .to_have_class(re.compile("is-read"))

    # a phone: the panel fits the screen, and the count sits on the bell's corner
    phone = new_context(browser, live_server, viewport={"width": 390, "height": 844}, is_mobile=True,
                        has_touch=True)
    try:
        small = phone.new_page()
        sign_in(small, "approver1")
        small.get_by_role("button", name=re.compile("^Notifications")).click()
        panel = small.locator(".notification-panel")
        expect(panel).to_be_visible()
        # the panel zooms in from nothing (and is drawn again as its list arrives): measured once it has opened
        box = until(small, "() => { const r = document.querySelector('.notification-panel')?.getBoundingClientRect();"
                    " return r && r.width >= 390 - 24 ? {x: r.x, width: r.width} : null; }")
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["width"] >= 390 - 24, box
        _shot(small, "notifications-bell-390")
    finally:
        phone.close()


def test_the_coa_list_keeps_its_page_and_search_through_reload_and_back(page: Page) -> None:
    sign_in(page, "admin", to="/system/coa-management")
    expect(page.get_by_role("row").nth(1)).to_be_visible()
    page.get_by_role("combobox", name="Rows per page").click()
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=re.compile("^5$")).click()
    expect(page).to_have_url(re.compile(r"size=5"))
    first_cell = page.get_by_role("row").nth(1).get_by_role("cell").first
    expect(first_cell).to_have_text("4-1001")
    page.locator(".ant-pagination-item-2").click()
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(first_cell).not_to_have_text("4-1001")  # the second page's rows have come
    second_page = first_cell.inner_text().strip()
    search = page.get_by_label("Search here...")
    search.fill("Software")
    search.press("Enter")
    expect(page).to_have_url(re.compile(r"q=software"))
    expect(page).not_to_have_url(re.compile(r"page=2"))

    page.reload()
    expect(page.get_by_label("Search here...")).to_have_value("software")
    expect(page.get_by_role("row").nth(1)).to_contain_text(re.compile("software", re.I))

    page.go_back()
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(page.get_by_label("Search here...")).to_have_value("")
    expect(page.locator(".ant-pagination-item-active")).to_have_text("2")
    expect(page.get_by_role("row").nth(1).get_by_role("cell").first).to_have_text(second_page)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_money_input_groups_as_typed(browser: Browser, live_server: LiveServer, width: int) -> None:
    context = new_context(browser, live_server, viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        sign_in(page, "admin", to="/sample")
        amount = page.locator(".ant-form-item", has_text="Amount").locator("input")
        amount.select_text()
        amount.press("Delete")
        amount.press_sequentially("1250000")
        expect(amount).to_have_value("1.250.000")
        # in the middle: after "1.2", type 9; the groups move and the cursor stays after the 9
        # the input puts the cursor back after each key on a timer of its own too; let the last one run (timers run
        # in order) before moving the cursor, as a user's click comes after it
        amount.evaluate("() => new Promise((done) => setTimeout(done, 0))")
        amount.evaluate("(el) => el.setSelectionRange(3, 3)")
        amount.press_sequentially("9")
        expect(amount).to_have_value("12.950.000")
        assert amount.evaluate("(el) => el.selectionStart") == 4
        amount.evaluate("() => new Promise((done) => setTimeout(done, 0))")  # its timer again, as above
        amount.press("End")
        amount.press_sequentially(",755")
        expect(amount).to_have_value("12.950.000,75")
        expect(page.get_by_text("Value: 12950000.75")).to_be_visible()
        page.locator(".ant-form-item", has_text="Margin").locator("input").fill("17,5")
        amount.scroll_into_view_if_needed()
        _shot(page, f"money-input-{width}")
    finally:
        context.close()
