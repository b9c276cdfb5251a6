"""COA management journey: an administrator adds an entry, finds it by searching, edits it and removes it;
a top manager only reads."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.layout import screenshot
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "coa"


def shot(page: Page, name: str) -> None:
    screenshot(page, SHOTS / f"{name}.png", full_page=True)


def search(page: Page, text: str) -> None:
    box = page.get_by_placeholder("Search here...")
    box.fill(text)
    box.press("Enter")


def toast(page: Page, text: str) -> None:
    expect(page.locator(".ant-notification-notice", has_text=text)).to_be_visible()


def test_admin_adds_finds_edits_and_removes_a_coa_entry(page: Page) -> None:
    sign_in(page, "admin", to="/system/coa-management")
    expect(page.get_by_role("heading", name="COA Management")).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("Managed Services Revenue"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^1\W10 of 40$"))).to_be_visible()
    shot(page, "coa-list")

    page.get_by_role("button", name=re.compile("Add COA")).click()
    expect(page).to_have_url(re.compile(r"/system/coa-management/add$"))
    expect(page.get_by_role("heading", name="Add COA Setting")).to_be_visible()
    finish = page.get_by_role("button", name="Finish")
    expect(finish).to_be_disabled()
    page.get_by_label("Code", exact=True).fill("4-1021")
    page.get_by_label("Item", exact=True).fill("Network Audit Service")
    page.get_by_label("Description", exact=True).fill(
        "One-off audit of the customer's LAN and WAN with a written report and remediation plan.")
    page.get_by_label("Keywords", exact=True).fill("audit, network, assessment, lan, wan")
    expect(finish).to_be_disabled()
    choose(page, "Type", "Revenue")
    expect(finish).to_be_enabled()
    shot(page, "coa-form-add")
    finish.click()
    toast(page, "'Network Audit Service' has been added successfully.")
    expect(page).to_have_url(re.compile(r"/system/coa-management$"))

    search(page, "NETWORK AUDIT")
    row = page.get_by_role("row", name=re.compile("Network Audit Service"))
    expect(row).to_contain_text("4-1021")
    expect(page.get_by_role("row")).to_have_count(2)  # the header and the one match
    shot(page, "coa-list-search")

    row.get_by_role("button", name="Actions for Network Audit Service").click()
    page.get_by_role("menuitem", name=re.compile("Edit")).click()
    expect(page.get_by_role("heading", name="Edit COA Setting")).to_be_visible()
    item = page.get_by_label("Item", exact=True)
    expect(item).to_have_value("Network Audit Service")
    page.get_by_label("Code", exact=True).fill("4-1001")  # taken: refused with the server's message
    page.get_by_role("button", name="Finish").click()
    expect(page.locator(".form-alert")).to_contain_text("COA code '4-1001' already exists.")
    toast(page, "Failed to update 'Network Audit Service' data.")
    shot(page, "coa-form-edit-refused")
    page.get_by_label("Code", exact=True).fill("4-1021")
    item.fill("Network & Security Audit")
    page.get_by_role("button", name="Finish").click()
    toast(page, "'Network & Security Audit' has been updated successfully.")
    # back on the list as it was left: the search is kept in the address (useListParams)
    expect(page).to_have_url(re.compile(r"/system/coa-management\?q=network\+audit$"))

    search(page, "security audit")
    row = page.get_by_role("row", name=re.compile("Network & Security Audit"))
    row.get_by_role("link", name="Network & Security Audit").click()
    expect(page.get_by_role("heading", name="COA Detail")).to_be_visible()
    details = page.locator(".ant-descriptions")
    expect(details).to_contain_text("Network & Security Audit")
    expect(details).to_contain_text("4-1021")
    expect(details).to_contain_text("Revenue")
    shot(page, "coa-form-view")
    page.get_by_role("button", name="Back").click()

    search(page, "security audit")
    row = page.get_by_role("row", name=re.compile("Network & Security Audit"))
    row.get_by_role("button", name="Actions for Network & Security Audit").click()
    page.get_by_role("menuitem", name=re.compile("Remove")).click()
    dialog = page.locator(".ant-modal-confirm")
    expect(dialog).to_contain_text("Remove COA")
    expect(dialog).to_contain_text("Do you want to remove 'Network & Security Audit' ?")
    shot(page, "coa-remove-confirm")
    dialog.get_by_role("button", name="Remove").click()
    toast(page, "'Network & Security Audit' has been deleted successfully.")
    expect(page.get_by_role("row", name=re.compile("Network & Security Audit"))).to_have_count(0)
    expect(page.get_by_text("No data.")).to_be_visible()


def test_a_top_manager_reads_the_chart_of_accounts_without_changing_it(page: Page) -> None:
    sign_in(page, "topmanager", to="/system/coa-management")
    expect(page.get_by_role("row", name=re.compile("Managed Services Revenue"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("Add COA"))).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Actions for"))).to_have_count(0)
