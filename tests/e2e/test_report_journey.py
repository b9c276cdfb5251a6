"""Report journey: top management and a team leader open the reports, narrow one with the dashboard's filters and
download it as XLSX, read back with openpyxl; and the screen at 1280 px and on a 390 px phone, its screenshots in
test-artifacts/report/<user>-<report>-<width>.png."""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import settled

SHOTS = ARTIFACTS / "report"
TEAM_OF_TL1 = {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}
HEADER = ["Closed date", "Lead ID", "Project", "Client", "Sales person", "Project type", "Entity", "Revenue", "GP"]


REPORTS = ["Pipeline by stage", "Closed leads", "Leaderboard"]  # the choice's order (a phone says 'Pipeline')


def choose_report(page: Page, label: str) -> None:
    page.locator(".report-page__choice .ant-segmented-item").nth(REPORTS.index(label)).click()


def closed_leads_past_three_months(page: Page) -> dict[str, Any]:
    """Opens Closed leads, then narrows the period to Past 3 Month; the table the screen then shows."""
    choose_report(page, "Closed leads")
    expect(page.locator(".report-page__title")).to_have_text("Closed leads")
    with page.expect_response(lambda r: "/api/report/closed-leads" in r.url and "PAST_3_MONTH" in r.url) as answer:
        page.get_by_label("Date range", exact=True).click()
        page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="Past 3 Month").click()
    table: dict[str, Any] = answer.value.json()["results"]
    expect(page.locator(".report-page .page-header__subtitle")).to_contain_text(
        datetime.fromisoformat(table["periodStart"]).strftime("%-d-%b-%Y"))
    return table


@pytest.mark.parametrize("user", ["topmanager", "tl1"])
def test_a_manager_downloads_the_closed_leads(page: Page, user: str) -> None:
    sign_in(page, user, to="/system/report")
    expect(page.get_by_role("heading", name="Report", level=3)).to_be_visible()
    expect(page.locator(".report-table__totals")).to_contain_text("Total")  # the pipeline, first
    table = closed_leads_past_three_months(page)

    with page.expect_download() as download:
        page.get_by_role("button", name="Download XLSX").click()
    name = f"closed-leads-{table['periodStart']}_{table['periodEnd']}.xlsx"
    assert download.value.suggested_filename == name
    saved = download.value.path()
    assert saved is not None
    sheet = openpyxl.load_workbook(io.BytesIO(Path(saved).read_bytes()), data_only=True).active
    assert [c.value for c in sheet[1]] == HEADER and sheet.freeze_panes == "A2"
    rows = list(sheet.iter_rows(min_row=2, values_only=False))
    records, totals = rows[:-1], rows[-1]
    assert len(records) == table["rowCount"] and totals[0].value == "Total"
    start, end = (datetime.fromisoformat(table[k]) for k in ("periodStart", "periodEnd"))
    for row in records:
        assert isinstance(row[0].value, datetime) and start <= row[0].value <= end
        assert row[8].number_format == '"Rp" #,##0' and isinstance(row[8].value, int | float)
    assert totals[8].value == pytest.approx(sum(r[8].value for r in records))
    assert totals[8].value == pytest.approx(table["totals"]["gp"])
    if user == "tl1":  # a team leader's file holds their team's leads only
        assert {r[4].value for r in records} <= TEAM_OF_TL1


DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.mark.parametrize("user", ["topmanager", "tl1"])
def test_the_report_screen_fits_desktop_and_phone(browser: Browser, live_server: LiveServer, user: str) -> None:
    errors: list[str] = []
    for label, viewport in (("1280", DESKTOP), ("390", PHONE)):
        context = new_context(browser, live_server, viewport=viewport)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            sign_in(page, user, to="/system/report")
            for report in REPORTS:
                choose_report(page, report)
                expect(page.locator(".report-page__table .ant-table-row").first).to_be_visible()
                expect(page.locator(".report-page__table .ant-spin-spinning")).to_have_count(0)
                settled(page)  # the choice's thumb has ended its slide
                slug = re.sub(r"\W+", "-", report.lower())
                screenshot(page, SHOTS / f"{user}-{slug}-{label}.png", full_page=True)
                wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert wide <= 0, f"{report} at {label} px is {wide} px wider than the window"
                for button in ("Download XLSX", "Download CSV"):
                    box = page.get_by_role("button", name=button).bounding_box()
                    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            assert not errors, errors
        finally:
            context.close()
