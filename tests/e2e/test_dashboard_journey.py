"""Dashboard journeys (issue 18): top management, a team leader and a sales person each land on their role's dashboard
after signing in, read the same figures the API gives them, and see their layout: the SQL pipeline (E4-E6) for top
management, every stage and the weekly grid for a team leader, no per-sales chart and no grid for a sales person. The
charts' axes speak id-ID with K/M/B/T and no bar is wider than 80 px. Top management narrows the dashboard to one
sales person; a phone opens the filters in a drawer. Screenshots at 1280 and 390 px go to test-artifacts/dashboard/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "dashboard"
AXIS_NUMBER = re.compile(r"^-?\d{1,3}(,\d+)?[KMBT]$")


def _api(live_server: LiveServer, user: str, path: str, filters: dict[str, Any] | None = None) -> Any:
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        params = {"filters": json.dumps(filters)} if filters else {}
        r = http.get(f"/api/dashboard/{path}", params=params, headers=token(http, user))
        assert r.status_code == 200, r.text
        return r.json()["results"]


@pytest.fixture
def stage_change_today(live_server: LiveServer) -> Iterator[str]:
    """A stage change made today on one of Andi's (sales1's) leads, so the team's weekly grid has a cell."""
    engine = make_engine(live_server.database_url)
    with engine.begin() as db:
        lead_id = db.execute(text(
            "SELECT l.id FROM leads l JOIN users u ON u.id = l.sales_person_id "
            "WHERE u.username = 'sales1' AND l.status = 'NEW' ORDER BY l.id LIMIT 1")).scalar_one()
        history_id = db.execute(text(
            "INSERT INTO lead_histories (lead_id, changed_by, changed_at, field, old_value, new_value) "
            "SELECT :lead, sales_person_id, :now, 'stage', 'E1', 'E2' FROM leads WHERE id = :lead RETURNING id"),
            {"lead": lead_id, "now": datetime.now(UTC)}).scalar_one()
    try:
        yield "Andi Pratama"
    finally:
        with engine.begin() as db:
            db.execute(text("DELETE FROM lead_histories WHERE id = :id"), {"id": history_id})
        engine.dispose()


def _open(browser: Browser, live_server: LiveServer, user: str, width: int) -> Page:
    context = new_context(browser, live_server,
                          viewport={"width": width, "height": 800 if width > 600 else 844})
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    sign_in(page, user)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("milestone")).to_contain_text("sales milestone")
    page.wait_for_selector("[data-testid=yearly] .recharts-line-dots")
    return page


def _card_count(page: Page, title: str) -> int:
    shown = page.get_by_test_id(f"summary-{title}").locator(".summary-card__count").inner_text()
    return int(re.sub(r"\D", "", shown.split("lead")[0]))


def _check_charts(page: Page) -> None:
    ticks: list[str] = page.locator(".recharts-cartesian-axis-tick-value").evaluate_all(
        "(texts) => texts.map((t) => t.textContent)")  # SVG text has no innerText
    amounts = [t for t in ticks if AXIS_NUMBER.match(t.strip())]
    assert amounts, f"no K/M/B/T amount on any axis: {ticks[:20]}"
    assert not [t for t in ticks if re.search(r"\d\.\d", t)], "an axis shows an en-US decimal point"
    widths = page.locator(".recharts-bar-rectangle path").evaluate_all(
        "(paths) => paths.map((p) => Math.min(p.getBBox().width, p.getBBox().height))")
    assert widths and max(widths) <= 80.5, f"a bar is {max(widths)} px thick"


def _shot(page: Page, name: str) -> None:
    screenshot(page, SHOTS / f"{name}.png", full_page=True)


def test_top_management_reads_the_whole_year_and_narrows_it(browser: Browser, live_server: LiveServer,
                                                           stage_change_today: str) -> None:
    perf = _api(live_server, "topmanager", "sales-performance")
    page = _open(browser, live_server, "topmanager", 1280)
    expect(page.get_by_text("(Hierarchy Whitelisted)")).to_be_visible()
    assert _card_count(page, "New") == perf["newLeads"]
    assert _card_count(page, "Closed") == perf["closeLeads"]
    expect(page.get_by_test_id("pipeline")).to_contain_text("SQL Lead Pipeline")
    stages = page.locator("[data-testid^=pipeline-E]").evaluate_all("(rows) => rows.map((r) => r.dataset.testid)")
    assert stages == ["pipeline-E4", "pipeline-E5", "pipeline-E6"]
    expect(page.get_by_test_id("targets")).to_be_visible()
    grid = page.get_by_test_id("activity").get_by_role("table")
    andi = grid.get_by_role("row").filter(has=page.get_by_role("rowheader", name=stage_change_today))
    expect(andi.get_by_role("cell").filter(has_text=re.compile(r"^\d+$")).first).to_be_visible()
    _check_charts(page)
    _shot(page, "topmanager-1280")

    # narrowed to one sales person: the cards and the leaderboard follow
    andi_id = next(r["salesId"] for r in perf["salesLeaderboard"] if r["fullname"] == "Andi Pratama")
    year = datetime.now(UTC).year
    narrowed = _api(live_server, "topmanager", "sales-performance", {
        "date": {"dateRange": {"start": f"{year}-01-01", "end": f"{year}-12-31"}}, "salesPersonIds": [andi_id]})
    page.get_by_role("combobox", name="Sales person").click()
    page.locator(".ant-select-dropdown .ant-select-item-option", has_text="Andi Pratama").click()
    page.keyboard.press("Escape")
    board = page.get_by_test_id("leaderboard")
    expect(board.locator("tbody tr")).to_have_count(1)
    expect(board).to_contain_text("Andi Pratama")
    expect(page.get_by_test_id("summary-New")).to_contain_text(f"{narrowed['newLeads']}")
    assert _card_count(page, "New") == narrowed["newLeads"]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_team_leader_sees_every_stage_the_team_and_its_week(browser: Browser, live_server: LiveServer,
                                                              stage_change_today: str) -> None:
    perf = _api(live_server, "tl1", "sales-performance")
    page = _open(browser, live_server, "tl1", 1280)
    expect(page.get_by_text("(Hierarchy Whitelisted)")).to_have_count(0)
    assert _card_count(page, "Total Ongoing") == perf["totalOngoingLeads"]
    expect(page.get_by_test_id("pipeline")).to_contain_text("Lead Pipeline")
    expect(page.get_by_test_id("pipeline-E1")).to_be_visible()
    names = {r["fullname"] for r in perf["salesLeaderboard"]}
    assert names == {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}
    for name in names:
        expect(page.get_by_test_id("leaderboard")).to_contain_text(name)
    expect(page.get_by_test_id("activity").get_by_role("rowheader", name=stage_change_today)).to_be_visible()
    _check_charts(page)
    _shot(page, "tl1-1280")
    page.context.close()

    phone = _open(browser, live_server, "tl1", 390)
    phone.get_by_role("button", name="Filters").click()
    drawer = phone.locator(".ant-drawer-open")
    expect(drawer.get_by_role("combobox", name="Date range")).to_be_visible()
    expect(drawer.get_by_role("combobox", name="Sales person")).to_be_visible()
    drawer.get_by_role("button", name="Done").click()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone's page is {width} px wide"
    _shot(phone, "tl1-390")
    phone.context.close()


def test_a_sales_person_sees_their_own_without_the_team_charts(browser: Browser, live_server: LiveServer) -> None:
    perf = _api(live_server, "sales1", "sales-performance")
    assert perf["salesActivityOverview"] is None
    for width in (1280, 390):
        page = _open(browser, live_server, "sales1", width)
        assert _card_count(page, "New") == perf["newLeads"]
        expect(page.get_by_test_id("leaderboard")).to_contain_text("Andi Pratama")
        expect(page.get_by_test_id("targets")).to_have_count(0)
        expect(page.get_by_test_id("activity")).to_have_count(0)
        expect(page.get_by_text("Weekly Sales Activity")).to_have_count(0)
        if width == 390:
            expect(page.get_by_role("combobox", name="Sales person")).to_have_count(0)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        _check_charts(page)
        _shot(page, f"sales1-{width}")
        page.context.close()


def test_screens_of_top_management_on_a_phone(browser: Browser, live_server: LiveServer) -> None:
    page = _open(browser, live_server, "topmanager", 390)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, "topmanager-390")
    page.context.close()
