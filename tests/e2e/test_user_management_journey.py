"""User Management journey: an administrator adds a user with a password, finds them in the list, deactivates
them (asked first) and reads both changes in the audit log; each screen is also looked at on a 390 px phone."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "user-management"
PASSWORD = "Rina#2026!Wulan"


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


def toast(page: Page, text: str) -> None:
    expect(page.locator(".ant-notification-notice", has_text=text)).to_be_visible()


def test_admin_adds_deactivates_and_audits_a_user(page: Page) -> None:
    sign_in(page, "admin", to="/system/user-management")
    expect(page.get_by_role("heading", name="User Management")).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("^Budi Santoso"))).to_be_visible()
    shots(page, "users-list")

    page.get_by_role("button", name=re.compile("Add User")).click()
    expect(page).to_have_url(re.compile(r"/system/user-management/add$"))
    expect(page.get_by_role("heading", name="Add User")).to_be_visible()
    shots(page, "user-add")
    page.get_by_label("Username", exact=True).fill("rina.w")
    page.get_by_label("Full Name", exact=True).fill("Rina Wulandari")
    page.get_by_label("Nickname", exact=True).fill("Rina")
    choose(page, "Role", "Sales Executive")
    choose(page, "Leader", "Budi Santoso")
    page.get_by_label("E-mail", exact=True).fill("rina@example.co.id")
    choose(page, "Gender", "Female")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm Password", exact=True).fill(PASSWORD)
    save = page.get_by_role("button", name="Save")
    expect(save).to_be_enabled()
    shots(page, "user-add-filled")
    save.click()
    toast(page, "User 'rina.w' has been saved.")
    expect(page).to_have_url(re.compile(r"/system/user-management$"))

    box = page.get_by_placeholder("Search name, username or e-mail")
    box.fill("rina")
    box.press("Enter")
    row = page.get_by_role("row", name=re.compile("Rina Wulandari"))
    expect(row).to_contain_text("Sales Executive")
    expect(row).to_contain_text("Budi Santoso")
    expect(row).to_contain_text("Active")

    row.get_by_role("link", name="Rina Wulandari").click()
    expect(page.get_by_role("heading", name="Edit User")).to_be_visible()
    expect(page.get_by_label("Username", exact=True)).to_have_value("rina.w")
    shots(page, "user-edit")
    page.get_by_role("button", name="Set password").click()
    expect(page.get_by_role("heading", name="Set Password")).to_be_visible()
    expect(page.get_by_text("A new password for Rina Wulandari (rina.w).")).to_be_visible()
    shots(page, "user-set-password")
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("heading", name="Edit User")).to_be_visible()
    page.get_by_role("switch", name="Status").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(
        "Deactivate Rina Wulandari? They are signed out at once and cannot sign in; their leads stay.")
    dialog.get_by_role("button", name="Deactivate").click()
    expect(page.get_by_role("switch", name="Status")).not_to_be_checked()
    page.get_by_role("button", name="Save").click()
    toast(page, "User 'rina.w' has been saved.")
    expect(page).to_have_url(re.compile(r"/system/user-management\?q=rina$"))
    expect(page.get_by_role("row", name=re.compile("Rina Wulandari"))).to_contain_text("Inactive")

    page.goto("/system/audit-log")
    expect(page.get_by_role("heading", name="Audit Log")).to_be_visible()
    entries = page.get_by_role("row", name=re.compile(r"Rina Wulandari \(rina\.w\)"))
    expect(entries).to_have_count(2)
    expect(entries.first).to_contain_text("Deactivate")
    expect(entries.first).to_contain_text("Active: Yes → No")
    expect(entries.first).to_contain_text("Adi Nugroho")
    expect(entries.nth(1)).to_contain_text("Create")
    expect(entries.nth(1)).to_contain_text("Leader: — → Budi Santoso")
    shots(page, "audit-log")

    choose(page, "Filter by action", "Deactivate")
    expect(page.get_by_role("row", name=re.compile(r"Rina Wulandari \(rina\.w\)"))).to_have_count(1)
