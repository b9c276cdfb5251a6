"""Drag a card to move a lead (issue 38): on sales1's board a card dropped on a stage that needs no approval moves at
once and Undo takes it back; one dropped on a stage that needs approval opens the request dialog with its route
(cancelled here: no request is made); one dropped where it may not go is refused with the stage's reason. The same
from the keyboard: Space picks a card up, the arrow carries it, Space drops it. On a phone, where nothing is dragged,
the card's "Move to stage" menu offers the same three answers. Each lead is put back afterwards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "board-drag"


def _cases(http: httpx.Client, headers: dict[str, str]) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """A card on the board and a stage for each answer, a lead each: asks approval, moved at once (and back at once:
    Undo), refused."""
    board = http.get("/api/leads", headers=headers).json()["results"]
    shown = {c["stageId"] for c in board}
    offers: list[tuple[dict[str, Any], dict[str, dict[str, Any]]]] = []
    for column in board:
        for lead in column["leads"]:
            kinds: dict[str, dict[str, Any]] = {}
            options = http.get(f"/api/leads/{lead['id']}/stage-options", headers=headers).json()["results"]["stages"]
            for stage in options:
                if stage["isCurrent"] or stage["id"] not in shown:
                    continue
                kind = "refused" if not stage["allowed"] else "asks" if stage["needsApproval"] else "direct"
                if kind == "direct":  # Undo needs the way back to need no approval either
                    back = http.post("/api/leads/check-need-approval", headers=headers,
                                     json={"leadId": lead["id"], "stageId": lead["stageId"]}).json()["results"]
                    if back["needsApproval"]:
                        continue
                kinds.setdefault(kind, stage)
            offers.append((lead, kinds))
    found: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for kind in ("asks", "direct", "refused"):  # the rarest first
        for lead, kinds in offers:
            if kind in kinds and all(lead["id"] != other["id"] for other, _ in found.values()):
                found[kind] = (lead, kinds[kind])
                break
    if len(found) < 3:
        pytest.fail(f"sales1's board needs a lead for each kind of move; found {sorted(found)}")
    return found


PDF = b"%PDF-1.4\n% the proposal\n"


def _with_proposal(http: httpx.Client, headers: dict[str, str]) -> int:
    """A lead on sales1's board that lacks only its proposal to ask for the next gated stage gets one: that move
    then needs approval and nothing else. Answers its id (its proposal is removed afterwards)."""
    for column in http.get("/api/leads", headers=headers).json()["results"]:
        for lead in column["leads"]:
            options = http.get(f"/api/leads/{lead['id']}/stage-options", headers=headers).json()["results"]["stages"]
            if any(s["needsApproval"] and s["missingFields"] == ["Proposal"] for s in options):
                r = http.put(f"/api/leads/{lead['id']}/update/v2", headers=headers, data={"data": "{}"},
                             files={"proposalFile": ("proposal.pdf", PDF, "application/pdf")})
                assert r.status_code == 200, r.text
                return int(lead["id"])
    pytest.fail("sales1's board has no lead that lacks only its proposal for a stage that needs approval")


@pytest.fixture
def board(live_server: LiveServer) -> Iterator[tuple[httpx.Client, dict[str, str], dict[str, Any]]]:
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "sales1")
        proposed = _with_proposal(http, headers)
        try:
            cases = _cases(http, headers)
            stages = {lead["id"]: lead["stageId"] for lead, _ in cases.values()}
            yield http, headers, cases
            for lead_id, stage_id in stages.items():  # each lead where it was
                now = http.get(f"/api/leads/{lead_id}", headers=headers).json()["results"]["stageId"]
                if now != stage_id:
                    http.put(f"/api/leads/{lead_id}/update", json={"stageId": stage_id}, headers=headers)
        finally:
            http.put(f"/api/leads/{proposed}/update/v2", headers=headers,
                     data={"data": '{"removeFiles": ["proposalFile"]}'})


def _drag(page: Page, card: Locator, column: Locator) -> None:
    """A pointer drag in small steps (dnd-kit starts a drag once the pointer moved 8 px), from the card brought into
    view to the top of the column's cards."""
    card.scroll_into_view_if_needed()
    start, end = card.bounding_box(), column.bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"] / 2 + 20, start["y"] + start["height"] / 2, steps=4)
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + 120, steps=12)
    page.mouse.up()


def test_a_card_dragged_to_another_stage(browser: Browser, live_server: LiveServer,
                                         board: tuple[httpx.Client, dict[str, str], dict[str, Any]]) -> None:
    http, headers, cases = board
    page = new_context(browser, live_server, viewport={"width": 1280, "height": 900}).new_page()
    sign_in(page, "sales1", to="/leads")
    columns = page.get_by_test_id("leads-board")
    expect(columns).to_be_visible()

    def card(lead: dict[str, Any]) -> Locator:
        return columns.get_by_role("button", name=f"Move {lead['clientName']} · {lead['projectName']}").first

    def column(stage: dict[str, Any]) -> Locator:
        return columns.locator(f"section[data-stage-id='{stage['id']}']")

    # refused where it is dropped, with the stage's reason; the card stays
    lead, stage = cases["refused"]
    _drag(page, card(lead), column(stage))
    refusal = page.locator(".ant-notification-notice", has_text=f"Not moved to {stage['stageName']}")
    expect(refusal).to_be_visible()
    if stage.get("reason"):
        expect(refusal).to_contain_text(stage["reason"])
    screenshot(page, SHOTS / "refused-1280.png")
    assert http.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["stageId"] == lead["stageId"]

    # needs approval: the request dialog, its stage chosen and its route shown before Confirm
    lead, stage = cases["asks"]
    _drag(page, card(lead), column(stage))
    dialog = page.get_by_role("dialog", name="Request Stage Change")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("route-layer").first).to_be_visible()
    screenshot(page, SHOTS / "asks-approval-1280.png")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)

    # needs none: moved at once, and Undo takes it back
    lead, stage = cases["direct"]
    _drag(page, card(lead), column(stage))
    moved = page.locator(".ant-notification-notice").filter(has=page.get_by_role("button", name="Undo"))
    expect(moved).to_be_visible()
    expect(column(stage).locator(f"[data-lead-id='{lead['id']}']")).to_be_visible()
    assert http.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["stageId"] == stage["id"]
    screenshot(page, SHOTS / "moved-1280.png")
    moved.get_by_role("button", name="Undo").click()
    back = columns.locator(f"section[data-stage-id='{lead['stageId']}']")
    expect(back).to_be_visible()
    expect(page.locator(".ant-notification-notice", has_text="Not moved back")).to_have_count(0)
    expect(column(stage).locator(f"[data-lead-id='{lead['id']}']")).to_have_count(0)  # gone from where it went
    assert http.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["stageId"] == lead["stageId"]

    # the keyboard: the same move with Space and the arrows
    target = column(stage).bounding_box()
    source = columns.locator(f"section[data-stage-id='{lead['stageId']}']").bounding_box()
    assert target and source
    steps = [c for c in columns.locator("section[data-stage-id]").all() if (b := c.bounding_box())
             and min(source["x"], target["x"]) < b["x"] <= max(source["x"], target["x"])]
    handle = card(lead)
    handle.focus()
    page.keyboard.press("Space")
    # picked up once its own column is the one under it (dnd-kit has measured the columns: an arrow before that
    # goes nowhere); each arrow then carries it one column, and it is dropped once the target is under it
    dropping_on = re.compile(r"\bis-drop-target\b")
    expect(columns.locator(f"section[data-stage-id='{lead['stageId']}']")).to_have_class(dropping_on)
    for _ in steps:
        page.keyboard.press("ArrowRight" if target["x"] > source["x"] else "ArrowLeft")
    expect(column(stage)).to_have_class(dropping_on)
    page.keyboard.press("Space")
    expect(page.locator(".ant-notification-notice").filter(has=page.get_by_role("button", name="Undo")).first) \
        .to_be_visible()
    expect(column(stage).locator(f"[data-lead-id='{lead['id']}']")).to_be_visible()
    page.context.close()


def test_on_a_phone_the_cards_menu_moves_it(browser: Browser, live_server: LiveServer,
                                            board: tuple[httpx.Client, dict[str, str], dict[str, Any]]) -> None:
    http, headers, cases = board
    page = new_context(browser, live_server, viewport={"width": 390, "height": 844}, is_mobile=True,
                       has_touch=True).new_page()
    sign_in(page, "sales1", to="/leads")
    cards = page.get_by_test_id("lead-list")
    expect(cards).to_be_visible()

    def menu(lead: dict[str, Any]) -> Locator:
        button = cards.get_by_role("button", name=f"Move {lead['clientName']} · {lead['projectName']} to another stage")
        button.scroll_into_view_if_needed()
        button.click()
        return page.locator(".card-move__menu:visible")

    def option(stage: dict[str, Any]) -> Locator:
        return page.locator(".card-move__menu:visible").get_by_role("menuitem").filter(
            has_text=re.compile(rf"^{stage['stageName']}\b"))

    # not allowed: shown, disabled, with its reason
    lead, stage = cases["refused"]
    shown = menu(lead)
    expect(option(stage)).to_have_attribute("aria-disabled", "true")
    if stage.get("reason"):  # beside the stage, or once above them all when it holds for each
        expect(shown).to_contain_text(stage["reason"])
    screenshot(page, SHOTS / "menu-390.png")
    page.keyboard.press("Escape")

    # needs approval: the request dialog with its route
    lead, stage = cases["asks"]
    menu(lead)
    expect(option(stage)).to_contain_text("needs approval")
    option(stage).click()
    dialog = page.get_by_role("dialog", name="Request Stage Change")
    expect(dialog.get_by_test_id("route-layer").first).to_be_visible()
    screenshot(page, SHOTS / "asks-approval-390.png")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)

    # needs none: moved at once, Undo takes it back
    lead, stage = cases["direct"]
    menu(lead)
    option(stage).click()
    moved = page.locator(".ant-notification-notice").filter(has=page.get_by_role("button", name="Undo"))
    expect(moved).to_be_visible()
    assert http.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["stageId"] == stage["id"]
    stage_tag = cards.locator(f"[data-lead-id='{lead['id']}'] .lead-card__stage-tag")
    expect(stage_tag).to_have_text(stage["stageName"])  # the list read again after the move
    moved.get_by_role("button", name="Undo").click()
    # back where it was: the card's stage says so once the list is read again
    expect(stage_tag).to_have_text(lead["stageName"])
    expect(page.locator(".ant-notification-notice", has_text="Not moved back")).to_have_count(0)
    assert http.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["stageId"] == lead["stageId"]
    page.context.close()
