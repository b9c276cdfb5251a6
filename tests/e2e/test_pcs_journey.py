"""Cost sheet journey: a sales person opens the cost sheet of their lead from the lead detail, adds a revenue line
and a cost line from the chart-of-accounts slide, generates their billing, uploads a small spreadsheet and submits;
approver1 and approver2 approve it from the approval queue; the PID workflow gives the lead its PID and the sales
person downloads the cost sheet PDF. Screenshots at 1280 and 390 px go to /tmp/pcsui-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, FilePayload, Locator, Page, ViewportSize, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually, pdf_shown, settled

PROJECT = "Journey Cost Sheet Lead"
CLIENT = "Bank Nusa Mandiri"
SHOTS = ARTIFACTS / "pcs"
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def lead(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """A fresh lead of sales1 (no service category, so no sub service is missing)."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales1")
        clients = http.get("/api/master-data/clients", headers=sales).json()["results"]
        client = next(c["id"] for c in clients if c["clientName"] == CLIENT)
        people = http.get("/api/people", params={"search": "Hendro Saputra"}, headers=sales).json()["results"]["data"]
        created = http.post("/api/leads", json={"clientId": client, "projectName": PROJECT,
                                                "personInCharges": [people[0]["id"]]}, headers=sales)
        assert created.status_code == 200, created.text
        yield created.json()["results"]


def _shot(page: Page, name: str, *, full: bool = True) -> None:
    screenshot(page, SHOTS / f"pcsui-{name}.png", full_page=full)


def _add_item(page: Page, button: str, search: str, code: str, name: str) -> Locator:
    page.get_by_role("button", name=button).click()
    drawer = page.locator(".ant-drawer-open")
    expect(drawer.get_by_text(button.replace("Add Cost Item", "Add Cost of Sales Item"))).to_be_visible()
    drawer.get_by_label("Search chart of accounts").fill(search)
    drawer.get_by_role("button", name=f"Add {code} {name}").click()
    expect(drawer).to_be_hidden()
    return page.locator(".ant-collapse-item").filter(has_text=f"{code} · {name}")


def _fill_item(item: Locator, description: str, unit_price: str, term: str) -> None:
    item.get_by_label("Item description").fill(description)
    item.get_by_label("Unit price").fill(unit_price)
    item.get_by_label("Term of payment").fill(term)
    item.get_by_label("Term of payment").blur()
    expect(item.get_by_text("Billing Schedule count must match the value of Term of Payment")).to_be_visible()
    item.get_by_role("button", name="Generate Billing").click()
    expect(item.get_by_test_id("billing-row")).to_have_count(int(term))
    expect(item.get_by_text("Billing schedule matched!")).to_be_visible()


def _approve(browser: Browser, live_server: LiveServer, username: str) -> None:
    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    approver = context.new_page()
    try:
        sign_in(approver, username, to="/system/approval")
        row = approver.get_by_role("row", name=re.compile(PROJECT))
        expect(row).to_be_visible(timeout=30_000)
        expect(row).to_contain_text("Project Cost Sheet")
        row.get_by_role("button", name=re.compile("Review")).click()
        review = approver.get_by_role("dialog", name="Review Request")
        expect(review).to_be_visible()
        review.get_by_role("button", name=re.compile("Approve")).click()
        approver.get_by_role("dialog", name="Approve Request").get_by_role("button", name="Confirm").click()
        expect(approver.get_by_text("'Andi Pratama' request has been approved successfully.")).to_be_visible()
    finally:
        context.close()


def test_cost_sheet_submitted_approved_and_its_pdf_downloaded(page: Page, browser: Browser, live_server: LiveServer,
                                                              lead: dict[str, Any]) -> None:
    lead_id = lead["id"]
    sign_in(page, "sales1", to=f"/leads/{lead_id}")
    page.get_by_role("button", name="Project Cost Sheet").click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}/project-cost-sheet$"))
    expect(page.get_by_role("heading", name="Project Cost Sheet")).to_be_visible()
    expect(page.get_by_text("No revision available")).to_be_visible()
    expect(page.get_by_test_id("pcs-status")).to_have_text("N/A")
    _shot(page, "empty-1280")

    revenue = _add_item(page, "Add Sales Item", "managed", "4-1001", "Managed Services Revenue")
    _fill_item(revenue, "NOC operations, three months", "15000000", "3")
    _shot(page, "sales-1280")

    page.get_by_role("tab", name=re.compile("Cost of Sales")).click()
    cost = _add_item(page, "Add Cost Item", "engineer", "5-1006", "Project Engineer Manpower")
    _fill_item(cost, "Two NOC engineers", "9000000", "3")

    page.get_by_label("Remark").fill("First costing")
    costing = b"item,amount\nNOC,45000000\nEngineers,27000000\n"
    upload: FilePayload = {"name": "costing.csv", "mimeType": "text/csv", "buffer": costing}
    page.locator(".pcs-upload input[type=file]").set_input_files(files=[upload])
    expect(page.get_by_text("costing.csv")).to_be_visible()
    summary = page.get_by_test_id("pcs-summary")
    expect(summary).to_contain_text("Rp 45.000.000")
    expect(summary).to_contain_text("Rp 27.000.000")
    expect(summary).to_contain_text("Rp 18.000.000")
    expect(summary).to_contain_text("40%")

    page.get_by_role("tab", name="Summary").click()
    grid = page.locator(".pcs-grid")
    expect(grid.get_by_text("Gross Profit Margin")).to_be_visible()
    grid.get_by_role("button", name=re.compile("Expand row")).first.click()
    grid.get_by_text("Managed Services Revenue - NOC operations, three months").click()
    detail = page.locator(".ant-modal").filter(has_text="Item Detail")
    expect(detail.get_by_text("Grand Total")).to_be_visible()
    _shot(page, "item-detail-1280", full=False)
    settled(page, detail)  # opened (it zooms in) before it is closed
    detail.get_by_role("button", name="Close").click()
    expect(detail).to_be_hidden()  # its mask no longer covers the page (Save as Draft waited 15 s behind it once)
    _shot(page, "summary-1280")

    # Saved as a draft, the user goes back to the lead, whose card shows the draft.
    page.get_by_role("button", name="Save as Draft").click()
    expect(page.get_by_text("Project Cost Sheet successfully saved as draft")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}$"))
    card = page.get_by_test_id("lead-pcs-card")
    expect(card.get_by_test_id("pcs-status")).to_have_text("Saved As Draft")
    expect(card).to_contain_text("Rp 18.000.000")
    _shot(page, "lead-detail-1280", full=False)

    phone = new_context(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)
    mobile = phone.new_page()
    try:
        sign_in(mobile, "sales1", to=f"/leads/{lead_id}/project-cost-sheet")
        expect(mobile.get_by_test_id("pcs-status")).to_have_text("Saved As Draft")
        _shot(mobile, "draft-390", full=False)
        mobile.locator(".ant-collapse-header").first.click()
        expect(mobile.get_by_text("Billing schedule matched!").first).to_be_visible()
        mobile.get_by_text("Billing Schedule", exact=True).first.scroll_into_view_if_needed()
        _shot(mobile, "draft-billing-390", full=False)
        _shot(mobile, "draft-full-390")
    finally:
        phone.close()

    card.get_by_role("button", name="Project Cost Sheet").click()
    expect(page.get_by_text("Revision 0 (Current)")).to_be_visible()
    expect(page.get_by_text("costing.csv")).to_be_visible()
    submit = page.get_by_role("button", name="Submit")
    expect(submit).to_be_enabled()
    submit.click()
    # before it is sent: who it will go to, on the sheet's figures
    confirm = page.get_by_role("dialog", name="Submit for Approval")
    route = confirm.get_by_test_id("route-layer")
    expect(route).to_have_count(2)
    expect(route.first).to_contain_text("Finance check")
    expect(route.first).to_contain_text("Hendra Gunawan")
    _shot(page, "submit-route-1280", full=False)
    confirm.get_by_role("button", name="Submit").click()
    expect(page.get_by_text("Project Cost Sheet successfully submitted. Please wait for approval.")).to_be_visible()
    expect(page.get_by_test_id("pcs-status")).to_have_text("Waiting For Approval")
    expect(page.get_by_role("button", name="Add Cost Item")).to_have_count(0)
    _shot(page, "waiting-1280")

    page.get_by_role("button", name="Approval status: Waiting For Approval").click()
    flow = page.locator(".ant-modal").filter(has_text="PCS Approval Status")
    expect(flow.get_by_text("Submitted on")).to_be_visible()
    expect(flow.get_by_test_id("pcs-flow-layer")).to_have_count(2)
    expect(flow.get_by_text("checked by")).to_be_visible()
    _shot(page, "status-dialog-1280", full=False)
    flow.get_by_role("button", name="Close").click()

    phone = new_context(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)
    mobile = phone.new_page()
    try:
        sign_in(mobile, "sales1", to=f"/leads/{lead_id}/project-cost-sheet")
        expect(mobile.get_by_test_id("pcs-status")).to_have_text("Waiting For Approval")
        mobile.locator(".ant-collapse-header").first.click()
        expect(mobile.get_by_text("Billing schedule matched!").first).to_be_visible()
        _shot(mobile, "waiting-390")
    finally:
        phone.close()

    _approve(browser, live_server, "approver1")
    _approve(browser, live_server, "approver2")

    # The approval starts the PID workflow (it renders the sheet's PDF, seconds of a busy machine); once the lead has
    # its PID, the sheet shows it. Asked of the API meanwhile: a reload a poll was a full load of the browser's work.
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales1")
        # the lead's PID numbers (a list: a lead may have more than one), this one's once allocated
        pids = eventually(lambda: http.get(f"/api/leads/{lead_id}", headers=sales).json()["results"]["pidNumber"],
                          "the lead has its PID", timeout=90, interval=1)
    page.goto(f"/leads/{lead_id}/project-cost-sheet")
    expect(page.get_by_test_id("pcs-status")).to_have_text("Approved")
    expect(page.locator(".pcs-lead .ant-tag")).to_have_text(pids)
    pid = pids[0]
    assert re.fullmatch(r"[A-Z]+-\d{4}-\d{4}", pid), pid
    _shot(page, "approved-1280")

    page.get_by_role("button", name="Preview PDF").click()
    preview = page.locator(".ant-modal").filter(has_text="Project Cost Sheet PDF")
    viewer = preview.locator("iframe[title='Project Cost Sheet PDF']")
    expect(viewer).to_be_visible(timeout=30_000)
    pdf_shown(viewer, "the cost sheet")
    _shot(page, "pdf-1280", full=False)
    with page.expect_download() as download:
        preview.get_by_role("button", name="Download PDF").click()
    assert download.value.suggested_filename == f"PCS_{CLIENT}_{PROJECT}.pdf"
    saved = download.value.path()
    assert saved is not None and Path(saved).read_bytes().startswith(b"%PDF-")

    page.goto(f"/leads/{lead_id}")
    expect(page.get_by_text(pid).first).to_be_visible()
