"""Client and contact journeys: the wizard with two personnel, an edit seen in the changelog, and Add
hidden from a user without write access."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in


def add_personnel(page: Page, fullname: str, gender: str, position: str, email: str) -> None:
    page.get_by_role("button", name=re.compile("Add Personnel")).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name").fill(fullname)
    choose(page, "Gender", gender, scope=dialog)
    dialog.get_by_role("textbox", name="Position").fill(position)
    dialog.get_by_label("Email").fill(email)
    dialog.get_by_role("button", name="Add").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_text(fullname)).to_be_visible()


def test_admin_creates_a_client_with_personnel_and_sees_a_contact_change(page: Page) -> None:
    sign_in(page, "admin", to="/system/client-management")
    page.get_by_role("button", name=re.compile("Add Client")).click()
    expect(page).to_have_url(re.compile(r"/system/client-management/add$"))

    page.get_by_label("Client Name").fill("Garuda Maritim")
    page.get_by_label("Legal Name").fill("PT Garuda Maritim Nusantara")
    page.get_by_label("Client Code").fill("gmn")
    choose(page, "Industry", "Logistics & Transportation")
    page.get_by_label("Address").fill("Jl. Pelabuhan No. 9")
    choose(page, "Country", "Indonesia")
    choose(page, "Province", "Jawa Timur")
    choose(page, "City", "Surabaya")
    page.get_by_label("Zip Code").fill("60165")
    choose(page, "Affiliate", "Non-Affiliate")
    page.get_by_role("button", name="Next").click()

    add_personnel(page, "Sekar Ayu", "Female", "Head of IT", "sekar@garudamaritim.co.id")
    add_personnel(page, "Joko Susilo", "Male", "Procurement Manager", "joko@garudamaritim.co.id")
    page.get_by_role("button", name="Finish").click()
    expect(page).to_have_url(re.compile(r"/system/client-management$"))
    page.get_by_placeholder(re.compile("Search", re.I)).fill("Garuda")
    row = page.get_by_role("row", name=re.compile("Garuda Maritim"))
    expect(row).to_contain_text("GMN")
    expect(row).to_contain_text("2")

    page.goto("/system/contact-management")
    page.get_by_placeholder(re.compile("Search", re.I)).fill("Joko Susilo")
    contact_row = page.get_by_role("row", name=re.compile("Joko Susilo"))
    expect(contact_row).to_be_visible()
    contact_row.get_by_role("button").last.click()
    page.get_by_role("menuitem", name=re.compile("Edit")).click()
    page.get_by_role("textbox", name="Position").fill("Head of Procurement")
    page.get_by_role("button", name=re.compile("Save|Finish")).click()
    expect(page).not_to_have_url(re.compile(r"/edit$"))

    page.goto("/system/contact-management")
    page.get_by_placeholder(re.compile("Search", re.I)).fill("Joko Susilo")
    row = page.get_by_role("row", name=re.compile("Joko Susilo"))
    expect(row).to_contain_text("Head of Procurement")
    row.get_by_role("button").last.click()
    page.get_by_role("menuitem", name=re.compile("View")).click()
    page.get_by_role("tab", name="Changelog").click()
    expect(page.get_by_text("Contact Changes")).to_be_visible()
    changelog = page.get_by_role("tabpanel")
    expect(changelog).to_contain_text("Procurement Manager")
    expect(changelog).to_contain_text("Head of Procurement")
    expect(changelog).to_contain_text("Adi Nugroho")


def test_a_user_without_write_access_sees_no_add_button(page: Page) -> None:
    sign_in(page, "topmanager", to="/system/client-management")
    expect(page.get_by_text("Client Management").first).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("Bank Nusa Mandiri"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("Add Client"))).to_have_count(0)
