"""Every list as a spreadsheet (issue 39 point 2): an administrator searches the clients and exports what the list
shows; a sales person on a phone exports their leads. Each file is read back: the screen's columns, the search
applied, nobody else's rows. Screens at 1280 and 390 px (test-artifacts/export/)."""

from __future__ import annotations

import re
from pathlib import Path

from openpyxl import load_workbook
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "export"


def _rows(path: Path) -> list[tuple[object, ...]]:
    return list(load_workbook(path).active.iter_rows(values_only=True))


def test_an_administrator_exports_the_clients_a_search_found(browser: Browser, live_server: LiveServer,
                                                             tmp_path: Path) -> None:
    page = new_context(browser, live_server, viewport={"width": 1280, "height": 800}).new_page()
    sign_in(page, "admin", to="/system/client-management?q=bank")
    expect(page.get_by_role("table").get_by_text("Bank Nusa Mandiri").first).to_be_visible()
    screenshot(page, SHOTS / "clients-1280.png")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export to Excel").click()
    assert re.fullmatch(r"Client Management \d{4}-\d{2}-\d{2}\.xlsx", download.value.suggested_filename)
    saved = tmp_path / "clients.xlsx"
    download.value.save_as(saved)
    rows = _rows(saved)
    header = rows[0]
    assert header[:2] == ("ID", "Name")  # the screen's columns, its row menu aside
    names = [row[header.index("Name")] for row in rows[1:]]
    assert "Bank Nusa Mandiri" in names
    shown = page.get_by_role("table").locator("tbody tr.ant-table-row").count()
    assert len(names) == shown  # the rows the search found (one page of them here)
    page.context.close()


def test_a_sales_person_exports_their_leads_from_a_phone(browser: Browser, live_server: LiveServer,
                                                         tmp_path: Path) -> None:
    page = new_context(browser, live_server, viewport={"width": 390, "height": 844}, is_mobile=True,
                       has_touch=True).new_page()
    sign_in(page, "sales1", to="/leads")
    expect(page.get_by_test_id("lead-list")).to_be_visible()
    screenshot(page, SHOTS / "leads-390.png")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export to Excel").click()
    saved = tmp_path / "leads.xlsx"
    download.value.save_as(saved)
    rows = _rows(saved)
    assert rows[0][:3] == ("Client", "Project", "Stage")
    sales = {row[rows[0].index("Sales Person")] for row in rows[1:]}
    assert sales == {"Andi Pratama"}
    heading = page.locator(".leads-list__head").inner_text()
    assert f"({len(rows) - 1})" in heading  # every lead of the status, not the first page
    page.context.close()
