"""Importing a spreadsheet (issue 39): an administrator uploads a workbook of clients, the dry run refuses a row with
the client form's own message, they upload the corrected file, check it again, import it and watch its progress (a
large file runs as a workflow; the page opened again elsewhere finds it), download the result with its status column,
and undo the import. Screens at 1280 and 390 px (test-artifacts/import/)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import httpx
import openpyxl
from playwright.sync_api import Browser, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "import"
HEADERS = ["Client Code", "Client Name", "Legal Name", "Industry", "Address", "Country", "Province", "City",
           "Zip Code", "Affiliate"]
# past what the request checks and writes itself (IMPORT_INLINE_ROWS, 100 on the journeys' server): the dry run and
# the import run as a workflow
ROWS = 300
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _row(n: int, legal: str | None = "PT Journey") -> list[str | None]:
    code = "9" + DIGITS[n // 36] + DIGITS[n % 36]
    return [code, f"Journey Client {n:04d}", legal and f"{legal} {n:04d}", "Technology", "Jl. Sudirman 1",
            "Indonesia", "DKI Jakarta", "Jakarta Selatan", "12950", "Non-Affiliate"]


def _workbook(path: Path, rows: list[list[str | None]]) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(HEADERS)
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


def _upload(page: Page, path: Path) -> None:
    page.locator("input[type=file]").set_input_files(path)
    expect(page.get_by_role("button", name="Check rows (dry run)")).to_be_visible()


def test_an_administrator_imports_a_workbook_fixing_the_refused_rows(browser: Browser, live_server: LiveServer,
                                                                     tmp_path: Path) -> None:
    page = new_context(browser, live_server, viewport={"width": 1280, "height": 900}).new_page()
    sign_in(page, "admin", to="/system/import")
    expect(page.get_by_role("heading", name="Import")).to_be_visible()

    # a first file: its second row has no legal name
    _upload(page, _workbook(tmp_path / "clients.xlsx", [_row(0), _row(1, legal=None), _row(2)]))
    expect(page.get_by_role("combobox", name="Legal Name")).to_be_visible()  # suggested from the headers
    screenshot(page, SHOTS / "mapping-1280.png")
    page.get_by_role("button", name="Check rows (dry run)").click()
    refused = page.get_by_role("row").filter(has_text="Please enter legal name.")
    expect(refused).to_be_visible()
    expect(refused).to_contain_text("Journey Client 0001")
    screenshot(page, SHOTS / "dry-run-1280.png")

    # the corrected file, large enough to be a workflow
    page.get_by_role("button", name="Upload a corrected file").click()
    _upload(page, _workbook(tmp_path / "clients-fixed.xlsx", [_row(n) for n in range(ROWS)]))
    page.get_by_role("button", name="Check rows (dry run)").click()
    importing = page.get_by_role("button", name=f"Import {ROWS:,} rows".replace(",", "."))
    expect(importing).to_be_visible(timeout=60_000)
    job = re.search(r"job=(\d+)", page.url)
    assert job, page.url
    importing.click()
    progress = page.get_by_role("status", name="Importing")
    expect(progress.or_(page.get_by_text("Imported "))).to_be_visible()
    if progress.is_visible():
        screenshot(page, SHOTS / "progress-1280.png")

    # the import, opened again on a phone, finds it (its id is in the address)
    phone = new_context(browser, live_server, viewport={"width": 390, "height": 844}, is_mobile=True,
                        has_touch=True).new_page()
    sign_in(phone, "admin", to=f"/system/import?job={job.group(1)}")
    expect(phone.get_by_role("status", name="Importing").or_(phone.get_by_text("Imported "))).to_be_visible()
    expect(phone.get_by_text("Imported ")).to_be_visible(timeout=90_000)
    screenshot(phone, SHOTS / "done-390.png")
    phone.context.close()

    expect(page.get_by_text("Imported ")).to_be_visible(timeout=90_000)
    screenshot(page, SHOTS / "done-1280.png")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the result").click()
    book = openpyxl.load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
    header, *written = list(book.active.iter_rows(values_only=True))
    assert header[-2:] == ("Status", "Message") and len(written) == ROWS
    assert {row[-2] for row in written} == {"Created"}

    # undone: the shared server is left as it was
    page.get_by_role("button", name="Undo the import").click()
    page.get_by_role("dialog").get_by_role("button", name="Undo").click()
    expect(page.get_by_text(re.compile(r"^Undone "))).to_be_visible(timeout=60_000)
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        found = http.get("/api/clients", params={"search": "Journey Client"}, headers=token(http, "admin"))
        assert found.json()["results"]["totalRows"] == 0
    page.context.close()
