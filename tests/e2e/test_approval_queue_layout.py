"""The approval queue fits the screen: at 1280 px with the system sidebar open, and on a 390 px phone, the table
scrolls sideways inside its card while the page itself never gets wider than the window."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.test_approval_journey import _token
from tests.e2e.test_journeys import sign_in

PROJECTS = ["Queue layout core banking migration for the regional branch network, phase two", "Queue layout CRM"]
NOTES = "The client froze every budget until the board meets again next quarter; hold the lead until then."


@pytest.fixture
def queued(live_server: LiveServer) -> Iterator[list[int]]:
    """Two hold requests of sales1 waiting for approver1; decided afterwards so the queue is empty again."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales, approver = _token(http, "sales1"), _token(http, "approver1")
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


def check_layout(page: Page, name: str) -> dict[str, Any]:
    """Open the queue, screenshot it, and measure the page and the table's scroll box."""
    page.goto("/system/approval")
    expect(page.get_by_role("row", name=PROJECTS[0][:30])).to_be_visible(timeout=20_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"approval-queue-{name}.png"), full_page=True)
    sizes: dict[str, Any] = page.evaluate("""() => {
        const box = document.querySelector('.ant-table-content');
        const header = (title) => [...document.querySelectorAll('th')].find((th) => th.textContent.trim() === title);
        return {
            pageWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth,
            tableScrollWidth: box.scrollWidth, tableBoxWidth: box.clientWidth,
            project: header('Project').getBoundingClientRect().width,
            notes: header('Notes').getBoundingClientRect().width,
            boxRight: box.getBoundingClientRect().right,
        };
    }""")
    assert sizes["pageWidth"] <= sizes["windowWidth"], sizes  # the page never scrolls sideways
    assert sizes["boxRight"] <= sizes["windowWidth"], sizes
    assert sizes["tableScrollWidth"] > sizes["tableBoxWidth"], sizes  # the table does, inside its card
    assert sizes["project"] >= 180 and sizes["notes"] >= 180, sizes  # columns keep a readable width
    # scrolled to its end, the last columns come into view beside the pinned actions
    page.locator(".ant-table-content").evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    expect(page.get_by_role("columnheader", name="Notes")).to_be_in_viewport()
    expect(page.get_by_role("row", name=PROJECTS[0][:30]).get_by_text(NOTES[:20])).to_be_in_viewport()
    page.screenshot(path=str(ARTIFACTS / f"approval-queue-{name}-scrolled.png"), full_page=True)
    return sizes


def test_the_queue_scrolls_sideways_at_1280_with_the_sidebar(page: Page, queued: list[int]) -> None:
    sign_in(page, "approver1")
    sizes = check_layout(page, "1280")
    expect(page.locator(".app-sider")).to_be_visible()
    # the Review button stays at hand at the right edge while the columns scroll under it
    review = page.get_by_role("button", name=f"Review request {queued[0]}")
    expect(review).to_be_in_viewport()
    assert review.bounding_box()["x"] < sizes["windowWidth"]  # type: ignore[index]


def test_the_queue_scrolls_sideways_on_a_phone(browser: Browser, live_server: LiveServer,
                                               queued: list[int]) -> None:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        sign_in(phone, "approver1")
        check_layout(phone, "390")
        expect(phone.locator(".app-sider")).to_have_count(0)
    finally:
        context.close()
    assert not errors, errors
