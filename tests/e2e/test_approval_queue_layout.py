"""The approval queue fits the screen: at 1280 px with the system sidebar open it shows the stages, the request
time and the notes without scrolling sideways (long texts wrap), and on a 390 px phone every request is one block
that neither the page nor the table scrolls sideways to read."""

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
from tests.e2e.waits import settled

PROJECTS = ["Queue layout core banking migration for the regional branch network, phase two", "Queue layout CRM"]
NOTES = ("The client froze every budget until the board meets again next quarter; hold the lead until then. "
         "Their procurement team asked us to resubmit the proposal with the revised scope, the new payment terms "
         "and the hardware list once the board has approved next year's plan. THE-END-OF-THE-NOTE")


@pytest.fixture
def queued(live_server: LiveServer) -> Iterator[list[int]]:
    """Two hold requests of sales1 waiting for approver1; decided afterwards so the queue is empty again."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales, approver = token(http, "sales1"), token(http, "approver1")
        client_id = http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
        ids = []
        for name in PROJECTS:
            lead = http.post("/api/leads", json={"clientId": client_id, "projectName": name}, headers=sales)
            assert lead.status_code == 200, lead.text
            r = http.post(f"/api/leads/{lead.json()['results']['id']}/approval-requests",
                          json={"requestType": "HOLD_LEAD", "notes": NOTES}, headers=sales)
            assert r.status_code == 200, r.text
            ids.append(r.json()["results"]["approvalId"])
        try:
            yield ids
        finally:
            for approval_id in ids:
                http.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                         headers=approver)


def open_queue(page: Page, name: str) -> dict[str, Any]:
    """Open the queue, screenshot it, and measure the page and the table's scroll box."""
    page.goto("/system/approval")
    row = page.get_by_role("row", name=PROJECTS[0][:30])
    expect(row).to_be_visible(timeout=20_000)
    expect(page.locator(".ant-spin-spinning")).to_have_count(0)
    settled(page)  # the table's loading veil has faded out: the rows as they are
    screenshot(page, ARTIFACTS / f"approval-queue-{name}.png", full_page=True)
    sizes: dict[str, Any] = page.evaluate("""() => {
        const box = document.querySelector('.approval-queue .ant-table-content')
            || document.querySelector('.approval-queue .ant-table-body');
        return {
            pageWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth,
            tableScrollWidth: box.scrollWidth, tableBoxWidth: box.clientWidth,
            boxRight: box.getBoundingClientRect().right,
        };
    }""")
    assert sizes["pageWidth"] <= sizes["windowWidth"], sizes  # the page never scrolls sideways
    assert sizes["boxRight"] <= sizes["windowWidth"], sizes
    assert sizes["tableScrollWidth"] <= sizes["tableBoxWidth"], sizes  # and neither does the table
    # the stages, the request time and the start of the notes are on screen as they are, once the row is scrolled
    # to (down only: the page header and its trail may push a second row under a phone's fold)
    row.scroll_into_view_if_needed()
    expect(row.get_by_text("E1 Found", exact=False).first).to_be_in_viewport()
    expect(row.get_by_text(NOTES[:20])).to_be_in_viewport()
    expect(row.get_by_role("button", name="Review request")).to_be_in_viewport()
    return sizes


def expand_notes(page: Page) -> None:
    """A long note is cut after a few lines; "Expand" shows all of it, wrapped within the cell."""
    row = page.get_by_role("row", name=PROJECTS[0][:30])
    notes = row.locator(".queue-cell__notes")
    assert notes.evaluate("el => el.getBoundingClientRect().height") < 90  # clamped to three lines
    row.get_by_role("button", name="Expand").click()
    expect(notes).to_contain_text("THE-END-OF-THE-NOTE")
    expect(row.get_by_role("button", name="Collapse")).to_be_visible()
    # a refetch (Refresh, or a live notification) keeps it open
    page.get_by_role("button", name="Refresh").click()
    expect(page.get_by_role("button", name="Refresh")).not_to_have_class(re.compile("ant-btn-loading"))
    expect(row.get_by_role("button", name="Collapse")).to_be_visible()
    expect(row.get_by_text("THE-END-OF-THE-NOTE", exact=False)).to_be_in_viewport()


def test_the_queue_fits_1280_with_the_sidebar(page: Page, queued: list[int]) -> None:
    sign_in(page, "approver1")
    open_queue(page, "1280")
    expect(page.locator(".app-sider")).to_be_visible()
    for title in ("Request", "Lead", "Stages", "Requested At", "Notes"):
        expect(page.get_by_role("columnheader", name=title, exact=True)).to_be_in_viewport()
    expand_notes(page)
    screenshot(page, ARTIFACTS / "approval-queue-1280-notes-open.png", full_page=True)


def test_the_queue_fits_a_phone(browser: Browser, live_server: LiveServer, queued: list[int]) -> None:
    context = new_context(browser, live_server, viewport={"width": 390, "height": 844},
                          is_mobile=True, has_touch=True)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        sign_in(phone, "approver1")
        open_queue(phone, "390")
        expect(phone.locator(".app-sider")).to_have_count(0)
        expand_notes(phone)
        screenshot(phone, ARTIFACTS / "approval-queue-390-notes-open.png", full_page=True)
    finally:
        context.close()
    assert not errors, errors
