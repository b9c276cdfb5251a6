"""Issue 22's administration screens in the browser: the holiday list, an approver's out of office drawer, a layer's
deadline in the pipeline designer, and an administrator's out of office tab, each at a desk's width and on a phone
(test-artifacts/deadline-admin/). The queue's Due column, on the real engine's deadlines, is in
test_delegation_escalation_journey.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import shots
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import settled

SHOTS = ARTIFACTS / "deadline-admin"
HOLIDAY_YEAR = date.today().year


@pytest.fixture
def http(live_server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        yield client


def type_date(box: Locator, text: str) -> None:
    """Type a day into an antd date picker's box and take it."""
    box.click()
    box.fill(text)
    box.press("Enter")


def test_admin_keeps_the_holidays(page: Page, http: httpx.Client) -> None:
    admin = token(http, "admin")
    day = date(HOLIDAY_YEAR, 11, 30)
    try:
        sign_in(page, "admin", to="/system/holidays")
        expect(page.get_by_role("cell", name="Independence Day", exact=True)).to_be_visible()
        page.get_by_role("button", name="Add Holiday").click()
        dialog = page.get_by_role("dialog", name="Add Holiday")
        type_date(dialog.get_by_label("Day", exact=True), f"{date(HOLIDAY_YEAR, 8, 17):%a}, 17-Aug-{HOLIDAY_YEAR}")
        dialog.get_by_label("Holiday name").fill("Independence")
        dialog.get_by_role("button", name="Add").click()
        expect(dialog.get_by_text(f"17-Aug-{HOLIDAY_YEAR} is already a holiday (Independence Day).")).to_be_visible()
        type_date(dialog.get_by_label("Day", exact=True), f"{day:%a}, {day.day}-{day:%b-%Y}")
        dialog.get_by_label("Holiday name").fill("Company retreat")
        dialog.get_by_role("button", name="Add").click()
        expect(page.get_by_role("cell", name="Company retreat", exact=True)).to_be_visible()
        shots(page, SHOTS, "holidays")
    finally:
        for found in http.get("/api/holidays", params={"year": HOLIDAY_YEAR}, headers=admin).json()["results"]:
            if found["name"] == "Company retreat":
                http.delete(f"/api/holidays/{found['id']}", headers=admin)


def test_an_approver_sets_their_out_of_office(page: Page, http: httpx.Client) -> None:
    approver = token(http, "approver1")
    first, last = date.today() + timedelta(days=40), date.today() + timedelta(days=44)
    try:
        sign_in(page, "approver1", to="/system/approval")
        page.get_by_role("button", name="Out of office").click()
        drawer = page.get_by_role("dialog", name="Out of office")
        expect(drawer.get_by_text("No delegations.")).to_be_visible()
        drawer.get_by_role("button", name="Add Delegation").click()
        dialog = page.get_by_role("dialog", name="Add Delegation")
        choose(page, "Delegate", "Maya Kusuma", dialog)
        for placeholder, value in (("Start date", first), ("End date", last)):
            type_date(dialog.get_by_placeholder(placeholder), f"{value.day} {value:%b %Y}")
        choose(page, "Request type", "Hold Lead only", dialog)
        dialog.get_by_label("Note").fill("Annual leave in Bali")
        dialog.get_by_role("button", name="Add").click()
        expect(drawer.get_by_text("Maya Kusuma stands in for you", exact=True)).to_be_visible()
        expect(drawer.get_by_text("Upcoming")).to_be_visible()
        shots(page, SHOTS, "out-of-office")
    finally:
        for found in http.get("/api/approval-delegations", params={"limit": 100},
                              headers=approver).json()["results"]["data"]:
            if found["note"] == "Annual leave in Bali":
                http.delete(f"/api/approval-delegations/{found['id']}", headers=approver)


def test_a_layer_carries_a_deadline_in_the_designer(page: Page, http: httpx.Client) -> None:
    admin = token(http, "admin")
    name = "Journey deadline drop"
    try:
        sign_in(page, "admin", to="/system/approval-pipeline/add")
        page.get_by_label("Pipeline name").fill(name)
        choose(page, "Action type", "Drop Lead")
        people = page.get_by_label("Sales people", exact=True)
        people.click()
        people.fill("Intan")
        page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="Intan Permata").first.click()
        page.keyboard.press("Escape")
        page.get_by_label("Layer name").fill("Team leader check")
        approvers = page.get_by_label("Approvers", exact=True)
        approvers.click()
        approvers.fill("Budi")
        page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="Budi Santoso").first.click()
        page.keyboard.press("Escape")
        page.get_by_label("Layer has a deadline").click()
        choose(page, "Escalate to", "A user")
        choose(page, "Escalation user", "Ratna Wijaya")
        expect(page.get_by_text("Due in 2 working days · then Ratna Wijaya 1 working day later")).to_be_visible()
        page.get_by_role("button", name="Add layer").click()
        page.get_by_label("Layer name").fill("Management")
        page.get_by_label("Layer has a deadline").click()
        choose(page, "Deadline unit", "Hours")
        page.get_by_label("Deadline amount").fill("8")
        choose(page, "Escalate to", "Nobody (a reminder only)")
        approvers.click()
        approvers.fill("Hendra")
        page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="Hendra Gunawan").first.click()
        page.keyboard.press("Escape")
        expect(page.get_by_text("Due in 8 hours · a reminder")).to_be_visible()

        def on_phone(phone: Page) -> None:  # the list of layers, each with its deadline, once the sheet is closed
            # the layer's sheet opens on a phone; Escape closes it once it has opened (and holds the focus)
            expect(phone.locator(".pipeline-layer-sheet")).to_be_visible()
            settled(phone)
            phone.keyboard.press("Escape")
            expect(phone.locator(".pipeline-layer-sheet")).to_be_hidden()
            expect(phone.get_by_text("Due in 2 working days · then Ratna Wijaya 1 working day later")).to_be_visible()

        shots(page, SHOTS, "designer-deadline", on_phone)
        page.get_by_role("button", name="Save").click()
        expect(page).to_have_url(re.compile(r"/system/approval-pipeline$"))
        row = page.get_by_role("row", name=re.compile(name))
        expect(row.get_by_label(re.compile("Deadlines: Layer 1"))).to_be_visible()
        saved = next(p for p in http.get("/api/approval-pipelines", headers=admin).json()["results"]
                     if p["name"] == name)
        assert saved["layers"][0]["deadline"]["escalateUserName"] == "Ratna Wijaya"
        assert saved["layers"][1]["deadline"] == {"amount": 8, "unit": "HOURS", "escalateAfter": 1,
                                                  "escalateTo": "NONE", "escalateUserId": None,
                                                  "escalateUserName": None}
    finally:
        for found in http.get("/api/approval-pipelines", headers=admin).json()["results"]:
            if found["name"] == name:
                http.delete(f"/api/approval-pipelines/{found['id']}", headers=admin)


def test_an_administrator_sets_anyones_out_of_office(page: Page, http: httpx.Client) -> None:
    admin = token(http, "admin")
    first = date.today() + timedelta(days=50)
    try:
        sign_in(page, "admin", to="/system/approval-pipeline")
        page.get_by_role("tab", name="Out of office").click()
        page.get_by_role("button", name="Add Delegation").click()
        dialog = page.get_by_role("dialog", name="Add Delegation")
        choose(page, "Approver", "Maya Kusuma", dialog)
        choose(page, "Delegate", "Budi Santoso", dialog)
        for placeholder in ("Start date", "End date"):
            type_date(dialog.get_by_placeholder(placeholder), f"{first.day} {first:%b %Y}")
        dialog.get_by_label("Note").fill("Training day")
        dialog.get_by_role("button", name="Add").click()
        expect(page.get_by_text("Budi Santoso stands in for Maya Kusuma", exact=True)).to_be_visible()
        shots(page, SHOTS, "delegations-admin")
    finally:
        for found in http.get("/api/approval-delegations", params={"everyone": True, "limit": 100},
                              headers=admin).json()["results"]["data"]:
            if found["note"] == "Training day":
                http.delete(f"/api/approval-delegations/{found['id']}", headers=admin)
