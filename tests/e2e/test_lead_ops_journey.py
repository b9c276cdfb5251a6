"""Leads Management and Leads Monitoring journey (issue 20): top management opens Leads Monitoring from the sidebar,
clicks a person's stage count, lands on Leads Management filtered to that person and stage (every row theirs and in
that stage, as many as the cell said), opens a lead's edit wizard there and leaves it without saving (the shared
demo data is left as found). Each screen is shot at 1280 and 390 px into test-artifacts/lead-ops/."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.layout import DESK, PHONE
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "lead-ops"
STAGE_CELL = ".monitoring__table tbody td:not(.monitoring__total):not([class*='monitoring__stale']) a"


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


def test_top_management_drills_from_the_grid_to_a_lead(page: Page) -> None:
    sign_in(page, "topmanager", to="/system")
    page.locator(".ant-layout-sider").get_by_text("Leads Monitoring", exact=True).click()
    expect(page).to_have_url(re.compile(r"/system/leads-monitoring$"))
    expect(page.get_by_role("heading", name="Leads Monitoring")).to_be_visible()
    table = page.locator(".monitoring__table")
    expect(table).to_be_visible()
    expect(table.locator("thead th")).to_have_text(
        ["Sales Person", *[re.compile(f"^E{i}") for i in range(1, 8)], "Total", "30+ days", "90+ days"])
    shots(page, "monitoring")

    # on a phone: a block per person, their stages listed (checked by shots' fits as well)
    page.set_viewport_size(PHONE)
    expect(page.locator(".monitoring__block").first).to_be_visible()
    expect(table).to_have_count(0)
    page.set_viewport_size(DESK)
    expect(page.locator(".monitoring__table")).to_be_visible()

    cell = page.locator(STAGE_CELL).first
    label = cell.get_attribute("aria-label") or ""
    found = re.fullmatch(r"(.+), (E\d): (\d+) leads", label)
    assert found, label
    person, stage, count = found.group(1), found.group(2), int(found.group(3))
    cell.click()

    expect(page).to_have_url(re.compile(r"/system/leads-management\?"))
    query = parse_qs(urlparse(page.url).query)
    assert set(query) == {"sales", "stage"}, query
    expect(page.get_by_role("heading", name="Leads Management")).to_be_visible()
    rows = page.locator(".ant-table-tbody tr.ant-table-row")
    expect(rows.first).to_be_visible()
    expect(page.get_by_label("Filter by sales person")).to_be_attached()
    expect(page.locator(".ant-select", has=page.get_by_label("Filter by sales person"))).to_contain_text(person)
    expect(page.locator(".ant-select", has=page.get_by_label("Filter by stage"))).to_contain_text(stage)
    expect(rows).to_have_count(min(count, 10))
    for i in range(rows.count()):
        expect(rows.nth(i)).to_contain_text(person)
        expect(rows.nth(i)).to_contain_text(re.compile(rf"{stage} "))
    if count > 10:
        expect(page.locator(".ant-pagination")).to_contain_text(str(count))
    # top management may edit here but not add
    expect(page.get_by_role("button", name="Add Lead")).to_have_count(0)
    shots(page, "management-filtered")

    project = rows.first.locator("td").first.locator("a").inner_text()
    rows.first.get_by_label(f"Actions for {project}").click()
    page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").get_by_text("Edit", exact=True).click()
    expect(page).to_have_url(re.compile(r"/system/leads-management/edit/\d+$"))
    expect(page.get_by_role("heading", name="Edit Lead")).to_be_visible()
    expect(page.get_by_label("Project Name")).to_have_value(project)
    expect(page.locator(".page-breadcrumb")).to_contain_text("Leads Management")
    shots(page, "management-edit")

    page.get_by_role("button", name="Cancel").click()  # nothing saved: the demo's leads stay as they were
    expect(page).to_have_url(re.compile(r"/system/leads-management$"))
    expect(page.locator(".ant-table-tbody tr.ant-table-row").first).to_be_visible()
    shots(page, "management")


def test_an_administrator_must_choose_the_sales_person(page: Page) -> None:
    """The Add wizard of Leads Management; nothing is created (the check stops it before the call)."""
    sign_in(page, "admin", to="/system/leads-management")
    page.get_by_role("button", name="Add Lead").click()
    expect(page).to_have_url(re.compile(r"/system/leads-management/add$"))
    expect(page.locator(".page-breadcrumb")).to_contain_text("Leads Management")
    shots(page, "management-add")
    choose(page, "Client", "Bank Nusa Mandiri")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Project Name").fill("Lead ops journey (not saved)")
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Create Lead").click()
    expect(page.get_by_text("Please choose a sales person")).to_be_visible()
    shots(page, "management-add-sales")
    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Cancel").click()
    expect(page).to_have_url(re.compile(r"/system/leads-management$"))
