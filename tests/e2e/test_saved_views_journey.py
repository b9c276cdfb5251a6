"""Saved views (issue 38): a team leader narrows the board to the bank deals, saves it as a view shared with the
team; a sales person of the team opens it from the phone's leads page, makes it their default and lands on it the next
time. Screens at 1280 and 390 px (test-artifacts/saved-views/)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "saved-views"
NAME = "Bank deals"


@pytest.fixture
def tidy(live_server: LiveServer) -> Iterator[None]:
    yield
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "tl1")
        for view in http.get("/api/saved-views", params={"list": "/leads"}, headers=headers).json()["results"]["views"]:
            if view["mine"]:
                http.delete(f"/api/saved-views/{view['id']}", headers=headers)


def test_a_team_leader_shares_a_view_and_a_sales_person_makes_it_their_default(
        browser: Browser, live_server: LiveServer, tidy: None) -> None:
    desk = new_context(browser, live_server, viewport={"width": 1280, "height": 800}).new_page()
    sign_in(desk, "tl1", to="/leads")
    expect(desk.get_by_test_id("leads-board")).to_be_visible()
    desk.get_by_role("textbox", name="Search leads").fill("bank")
    expect(desk).to_have_url(re.compile(r"[?&]q=bank"))
    desk.get_by_role("button", name="Saved views").click()
    desk.get_by_role("menuitem", name="Save current view…").click()
    dialog = desk.get_by_role("dialog", name="Save view")
    dialog.get_by_label("Name").fill(NAME)
    dialog.get_by_role("checkbox", name="Share with my team").check()
    screenshot(desk, SHOTS / "save-1280.png")
    dialog.get_by_role("button", name="Save").click()
    expect(desk.get_by_role("button", name=f"Saved views: {NAME}")).to_be_visible()
    desk.get_by_role("button", name=f"Saved views: {NAME}").click()
    expect(desk.get_by_role("menuitem", name=re.compile(NAME))).to_be_visible()
    screenshot(desk, SHOTS / "menu-1280.png")
    desk.context.close()

    phone = new_context(browser, live_server, viewport={"width": 390, "height": 844}, is_mobile=True,
                        has_touch=True).new_page()
    sign_in(phone, "sales1", to="/leads")
    expect(phone.get_by_test_id("lead-list")).to_be_visible()
    phone.get_by_role("button", name="Saved views").click()
    expect(phone.get_by_text("Shared by Budi Santoso")).to_be_visible()
    screenshot(phone, SHOTS / "menu-390.png")
    phone.get_by_role("menuitem", name=re.compile(NAME)).click()
    expect(phone).to_have_url(re.compile(r"[?&]q=bank"))
    expect(phone.get_by_role("textbox", name="Search leads")).to_have_value("bank")
    screenshot(phone, SHOTS / "opened-390.png")

    # their default: the leads page opens with it
    phone.get_by_role("button", name=f"Saved views: {NAME}").click()
    phone.get_by_role("menuitem", name="Manage views…").click()
    manage = phone.get_by_role("dialog", name="Saved views")
    manage.get_by_role("button", name=f"Make {NAME} my default").click()
    expect(manage.get_by_role("button", name=f"{NAME}: no longer my default")).to_be_visible()
    screenshot(phone, SHOTS / "manage-390.png")
    manage.get_by_role("button", name="Close").last.click()  # the footer's
    phone.goto("/leads")
    expect(phone).to_have_url(re.compile(r"[?&]q=bank"))
    expect(phone.get_by_role("textbox", name="Search leads")).to_have_value("bank")
    phone.context.close()
