"""The top bar's one search box (issue 38): an administrator presses '/', types a client's name with a typo, chooses
it with the keyboard and lands on the client; a sales person on a phone opens search from the icon and finds their
own lead by a misspelt project name. Screens at 1280 and 390 px (test-artifacts/search/)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "search"


def test_find_a_client_from_the_top_bar_and_open_it(browser: Browser, live_server: LiveServer) -> None:
    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, "admin", to="/system")
    box = page.get_by_role("combobox", name="Find in the CRM")
    expect(box).to_be_visible()
    page.locator("body").press("/")
    expect(box).to_be_focused()
    box.press_sequentially("bank nusa mandri")
    hit = page.get_by_test_id("search-hit").filter(has_text="Bank Nusa Mandiri").first
    expect(hit).to_be_visible()
    expect(page.locator(".search-box__group").first).to_have_text("Clients")
    screenshot(page, SHOTS / "top-bar-1280.png")
    box.press("Enter")  # the first match, chosen from the keyboard
    expect(page).to_have_url(re.compile(r"/system/client-management/\d+$"))
    expect(page.get_by_label("Client Name")).to_have_value("Bank Nusa Mandiri")
    expect(box).to_have_value("")


def test_a_sales_person_finds_their_lead_from_a_phone(browser: Browser, live_server: LiveServer) -> None:
    context = new_context(browser, live_server, viewport={"width": 390, "height": 844}, is_mobile=True,
                          has_touch=True)
    page = context.new_page()
    sign_in(page, "sales1", to="/leads")
    page.get_by_role("button", name="Find in the CRM").click()
    dialog = page.get_by_role("dialog", name="Find in the CRM")
    box = dialog.get_by_role("combobox", name="Find in the CRM")
    expect(box).to_be_focused()
    box.press_sequentially("core bankng")
    hit = page.get_by_test_id("search-hit").filter(has_text="Core Banking").first
    expect(hit).to_be_visible()
    screenshot(page, SHOTS / "phone-390.png")
    hit.click()
    expect(page).to_have_url(re.compile(r"/leads/\d+$"))
    expect(dialog).to_have_count(0)
