"""Sales target journey: top management sets a sales person's target for this year, sees their team's total and the
grand total move by the difference, opens the detail and changes it there, and reads the history of changes; a team
leader sees their team's list and the detail read-only. Screenshots at 1280 and 390 px for both roles go to
test-artifacts/sales-target/."""

from __future__ import annotations

import re
from datetime import date

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.layout import fits, screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "sales-target"
YEAR = date.today().year
FIRST, SECOND = 1_750_000_000, 2_250_000_000


def idr(text: str) -> int:
    """'Rp 1.750.000.000' -> 1750000000; 'Not set' -> 0."""
    digits = re.sub(r"[^\d]", "", text.split(",")[0])
    return int(digits) if digits else 0


def rupiah(amount: int) -> str:
    return "Rp " + f"{amount:,}".replace(",", ".")


def shot(page: Page, name: str) -> None:
    screenshot(page, SHOTS / f"{name}.png", full_page=True)


def team(page: Page, leader: str) -> Locator:
    return page.get_by_role("listitem", name=f"Team {leader}")


def team_amount(page: Page, leader: str) -> int:
    return idr(team(page, leader).locator(".target-team__amount").inner_text())


def grand_total(page: Page) -> int:
    return idr(page.get_by_test_id("target-total").inner_text())


def set_target(page: Page, amount: int) -> None:
    dialog = page.locator(".ant-modal-container")
    box = dialog.get_by_label(f"Target for {YEAR}")
    box.fill(str(amount))
    expect(box).to_have_value(rupiah(amount).removeprefix("Rp "))
    dialog.get_by_role("button", name="Save").click()
    saved = f"The {YEAR} target of Andi Pratama is now {rupiah(amount)}."
    toast = page.locator(".ant-notification-notice", has_text=saved)
    expect(toast).to_be_visible()
    expect(dialog).to_have_count(0)


def test_top_management_sets_a_target_and_reads_its_history(page: Page) -> None:
    sign_in(page, "topmanager", to="/system/sales-target")
    expect(page.get_by_role("heading", name="Sales Target")).to_be_visible()
    expect(page.get_by_label("Year")).to_have_value(str(YEAR))
    andi = page.get_by_role("row", name=re.compile("Andi Pratama"))
    expect(andi).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("Putri Maharani"))).to_contain_text("Sari Lestari")
    expect(team(page, "Budi Santoso")).to_be_visible()
    before_team, before_total = team_amount(page, "Budi Santoso"), grand_total(page)
    before_andi = idr(andi.locator("td").nth(2).inner_text())
    shot(page, "top-management-list-1280")

    andi.get_by_role("button", name=re.compile("the target of Andi Pratama")).click()
    expect(page.locator(".ant-modal-container")).to_contain_text(f"the {YEAR} target")
    shot(page, "top-management-dialog-1280")
    set_target(page, FIRST)

    # the row, its team's total and the grand total all move by the difference
    expect(andi).to_contain_text(rupiah(FIRST))
    expect(andi).to_contain_text("by Ratna Wijaya")
    delta = FIRST - before_andi
    expect(team(page, "Budi Santoso").locator(".target-team__amount")).to_have_text(rupiah(before_team + delta))
    expect(page.get_by_test_id("target-total")).to_have_text(rupiah(before_total + delta))
    shot(page, "top-management-list-after-1280")

    # the search finds a sales person by their leader's name too
    search = page.get_by_placeholder("Search name or team leader")
    search.fill("Sari Lestari")
    search.press("Enter")
    expect(page.get_by_role("row", name=re.compile("Andi Pratama"))).to_have_count(0)
    expect(page.get_by_role("row", name=re.compile("Putri Maharani"))).to_be_visible()
    search.fill("Andi")
    search.press("Enter")

    page.get_by_role("link", name="Andi Pratama").click()
    expect(page).to_have_url(re.compile(rf"/system/sales-target/\d+\?year={YEAR}$"))
    expect(page.get_by_role("heading", name="Andi Pratama")).to_be_visible()
    expect(page.get_by_text("Team of Budi Santoso")).to_be_visible()
    expect(page.get_by_test_id("target-amount")).to_have_text(rupiah(FIRST))
    page.get_by_role("button", name="Change target").click()
    set_target(page, SECOND)
    expect(page.get_by_test_id("target-amount")).to_have_text(rupiah(SECOND))
    entries = page.get_by_test_id("target-history-entry")
    expect(entries.first).to_contain_text(f"{rupiah(FIRST)} → {rupiah(SECOND)}")
    expect(entries.first).to_contain_text(f"+{rupiah(SECOND - FIRST)}")
    expect(entries.first).to_contain_text("Ratna Wijaya")
    expect(entries.first).to_contain_text(re.compile(r"\d{1,2}-[A-Z][a-z]{2}-\d{4} \d\d:\d\d"))
    expect(entries.nth(1)).to_contain_text(rupiah(FIRST))
    fits(page)
    shot(page, "top-management-detail-1280")

    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.get_by_role("heading", name="Andi Pratama")).to_be_visible()
    fits(page)
    shot(page, "top-management-detail-390")
    page.get_by_role("button", name="Back").click()
    expect(page).to_have_url(re.compile(rf"/system/sales-target\?year={YEAR}$"))
    block = page.locator(".target-block", has_text="Andi Pratama")
    expect(block).to_contain_text(rupiah(SECOND))
    expect(block.get_by_role("button", name="Change the target of Andi Pratama")).to_be_visible()
    fits(page)
    shot(page, "top-management-list-390")
    block.get_by_role("button", name="Change the target of Andi Pratama").click()
    expect(page.locator(".ant-modal-container")).to_be_visible()
    box = page.locator(".ant-modal-container").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    shot(page, "top-management-dialog-390")


def test_a_team_leader_reads_their_teams_targets(page: Page) -> None:
    sign_in(page, "tl1", to="/system/sales-target")
    expect(page.get_by_role("heading", name="Sales Target")).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("Andi Pratama"))).to_be_visible()
    expect(page.get_by_role("row", name=re.compile("Putri Maharani"))).to_have_count(0)  # another team
    expect(page.get_by_role("listitem", name=re.compile("^Team "))).to_have_count(1)
    expect(team(page, "Budi Santoso")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("the target of"))).to_have_count(0)
    fits(page)
    shot(page, "team-leader-list-1280")

    page.get_by_role("link", name="Andi Pratama").click()
    expect(page.get_by_role("heading", name="Andi Pratama")).to_be_visible()
    expect(page.get_by_test_id("target-amount")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("(Set|Change) target"))).to_have_count(0)
    shot(page, "team-leader-detail-1280")

    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    shot(page, "team-leader-detail-390")
    page.get_by_role("button", name="Back").click()
    expect(page.locator(".target-block", has_text="Andi Pratama")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("the target of"))).to_have_count(0)
    fits(page)
    shot(page, "team-leader-list-390")
