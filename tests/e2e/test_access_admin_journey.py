"""Menu Page Access journey: an administrator adds a role, grants it a page in its matrix, sees the list count the
page, and reads in Effective access which policy line lets sales1 read Contact Management; each screen is also
looked at on a 390 px phone, where nothing may scroll sideways (not even a table inside its card)."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.layout import DESK, PHONE, fits, screenshot
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import settled, until

SHOTS = ARTIFACTS / "access-admin"
# a table that scrolls inside its card is as bad on a phone as a page that does
_TABLE_SCROLLS = """() => [...document.querySelectorAll('.ant-table-content, .ant-table-body')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1).length"""


def shots(page: Page, name: str) -> None:
    def no_table_scrolls(phone: Page) -> None:
        assert phone.evaluate(_TABLE_SCROLLS) == 0, f"a table scrolls sideways on a phone ({name})"

    desk_and_phone(page, SHOTS, name, on_phone=no_table_scrolls)


def toast(page: Page, text: str) -> None:
    expect(page.locator(".ant-notification-notice", has_text=text)).to_be_visible()


def role_row(page: Page, description: str):
    box = page.get_by_placeholder("Search role name or description")
    box.fill(description)
    box.press("Enter")
    row = page.get_by_role("row", name=re.compile(description))
    expect(row).to_be_visible()
    return row


def test_admin_adds_a_role_grants_a_page_and_reads_effective_access(page: Page) -> None:
    suffix = random.randint(100, 999)
    name, description = f"KEY_ACCOUNT_{suffix}", f"Key Account {suffix}"
    sign_in(page, "admin", to="/system/menu-page-access")
    expect(page.get_by_role("heading", name="Menu Page Access")).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("Every access"))).to_have_count(1)
    shots(page, "roles-list")

    page.get_by_role("button", name=re.compile("Add Role")).click()
    expect(page).to_have_url(re.compile(r"/system/menu-page-access/add$"))
    page.get_by_label("Role name", exact=True).fill(name.lower())
    expect(page.get_by_label("Role name", exact=True)).to_have_value(name)
    page.get_by_label("Description", exact=True).fill(description)
    choose(page, "Dashboard", "Sales")
    shots(page, "role-add")
    page.get_by_role("button", name="Add Role").click()
    toast(page, f"Role '{description}' has been added.")
    expect(page).to_have_url(re.compile(r"/system/menu-page-access/\d+$"))
    role_url = page.url
    expect(page.get_by_role("heading", name=description)).to_be_visible()
    expect(page.get_by_text("0 of ")).to_be_visible()

    page.goto("/system/menu-page-access")
    row = role_row(page, description)
    expect(row.get_by_role("cell").nth(3)).to_have_text("0")

    page.goto(role_url)
    expect(page.get_by_role("heading", name=description)).to_be_visible()
    page.get_by_placeholder("Filter pages by name or address").fill("contact")
    page.get_by_label("Write on Contact Management").check()
    expect(page.get_by_label("Read on Contact Management")).to_be_checked()
    expect(page.get_by_text("2 changes not saved")).to_be_visible()
    shots(page, "role-matrix-changed")
    page.get_by_role("button", name="Save access").click()
    toast(page, f"The access of '{description}' has been saved.")
    expect(page.get_by_text("No changes")).to_be_visible()
    page.get_by_placeholder("Filter pages by name or address").fill("")
    shots(page, "role-matrix")
    # on a phone, halfway down the long matrix, its buttons stay in sight above the bottom bar
    page.set_viewport_size(PHONE)
    fits(page)
    # the saved toast sits where the buttons are: wait until it has gone by itself (closing it by hand raced its own
    # timer on a busy machine, and the close button was gone before the click)
    expect(page.locator(".ant-notification-notice")).to_have_count(0, timeout=15_000)
    page.get_by_label("Read on Leads", exact=True).check()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    save = page.get_by_role("button", name="Save access")
    expect(save).to_be_in_viewport()
    expect(save).to_be_enabled()
    settled(page)  # the buttons' colour transition has ended, before the shot
    bar = page.locator(".bottom-bar").bounding_box()
    box = save.bounding_box()
    assert bar and box and box["y"] + box["height"] <= bar["y"], "Save access hides under the bottom bar"
    reset = page.get_by_role("button", name="Reset").bounding_box()
    assert reset and abs(reset["y"] - box["y"]) < 2, "the matrix's buttons wrap on a phone"
    screenshot(page, SHOTS / "role-matrix-phone-scrolled-390.png")
    page.get_by_role("button", name="Reset").click()
    page.set_viewport_size(DESK)
    until(page, "() => window.innerWidth === 1280")

    page.goto("/system/menu-page-access")
    row = role_row(page, description)
    expect(row.get_by_role("cell").nth(3)).to_have_text("1")

    page.get_by_role("tab", name="Effective access").click()
    expect(page).to_have_url(re.compile(r"tab=effective"))
    picker = page.get_by_label("User", exact=True)
    picker.click()
    picker.fill("sales1")
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="(sales1)").first.click()
    expect(page).to_have_url(re.compile(r"tab=effective&user=\d+"))
    expect(page.get_by_text(re.compile(r"has the role .*Sales"))).to_be_visible()
    page.locator(".matrix-page__name", has_text="Contact Management").click()
    expect(page.get_by_text("p, SALES, system/contact-management, read")).to_be_visible()
    shots(page, "effective-access")
