"""Lead journey: a sales person creates a lead with the wizard, finds it in E1 on the board, opens it, edits
it, and sees the badge colour of a lead last contacted 45 days ago."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from tests.e2e.conftest import LiveServer
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

PROJECT = "Journey Data Lake"


def test_sales_person_creates_finds_opens_and_edits_a_lead(page: Page, live_server: LiveServer) -> None:
    sign_in(page, "sales1", to="/leads")
    page.get_by_role("button", name=re.compile("Add Lead")).first.click()
    expect(page).to_have_url(re.compile(r"/leads/add$"))

    choose(page, "Client", "Bank Nusa Mandiri")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Project Name").fill(PROJECT)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Create Lead").click()
    expect(page).to_have_url(re.compile(r"/leads/\d+$"))
    lead_id = int(page.url.rsplit("/", 1)[1])
    expect(page.get_by_text(PROJECT).first).to_be_visible()

    page.goto("/leads")
    card = page.locator(f"[data-lead-id='{lead_id}']").first
    expect(card).to_be_visible()
    expect(card).to_contain_text("E1")
    card.click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}$"))

    page.get_by_role("button", name=re.compile("Edit")).first.click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}/edit$"))
    page.get_by_label("Project Name").fill(PROJECT + " Phase 2")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}$"))
    expect(page.get_by_text(PROJECT + " Phase 2").first).to_be_visible()

    engine = make_engine(live_server.database_url)
    with engine.begin() as conn:
        conn.execute(text("update leads set last_contacted_at = now() - interval '45 days' where id = :id"),
                     {"id": lead_id})
    engine.dispose()
    page.goto("/leads")
    badge = page.locator(f"[data-lead-id='{lead_id}'] [data-color]").first
    expect(badge).to_have_attribute("data-color", "yellow")
    expect(badge).to_contain_text("45")


def test_board_sort_and_stage_filter_work_in_any_order(page: Page, live_server: LiveServer) -> None:
    """Issue 11: a column sort, then a stage filter answered a raw 422 'Unknown board sort'."""
    sign_in(page, "sales1", to="/leads")
    board = page.get_by_test_id("leads-board")
    expect(board.locator("section[data-stage='E4']")).to_be_visible()
    page.get_by_role("button", name="Sort E4 by last contacted").click()
    expect(page.get_by_role("button", name="Sort E4 by last contacted")).to_have_attribute("aria-pressed", "true")
    choose(page, "Stage", "E2 Connected")
    expect(board.locator("section[data-stage='E2']")).to_be_visible()
    expect(board.locator("section[data-stage='E4']")).to_have_count(0)
    expect(page.get_by_text(re.compile("Unknown board sort"))).to_have_count(0)
    expect(page.locator(".leads-board .ant-alert-error")).to_have_count(0)
    choose(page, "Stage", "All Stages")
    expect(board.locator("section[data-stage='E4']")).to_be_visible()
    expect(page.get_by_role("button", name="Sort E4 by last contacted")).to_have_attribute("aria-pressed", "true")
