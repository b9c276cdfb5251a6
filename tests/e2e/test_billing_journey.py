"""Monthly billing journey (issue 20): an administrator finds a billing row of the demo's approved cost sheet on
Monthly Billing, moves it one confirmed step at a time from Not yet billed to Paid (Sudah Payment), and reads its
history: three moves by Adi Nugroho. The list and the history are shot at 1280 and 390 px into test-artifacts/billing/.
The row's status and its record are put back afterwards (the e2e database is shared by every journey)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from tests.conftest import DEMO_PASSWORD
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "billing"
STEPS = ["Billing requested", "Billed (Sudah Tagih)", "Paid (Sudah Payment)"]


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


@pytest.fixture
def demo_row(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """A NOT_YET billing row of the demo's approved cost sheet (sales1's closed lead); afterwards it is NOT_YET again
    and its moves are gone, so the next run and the other journeys meet the demo as seeded."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        r = http.post("/api/auth/login", json={"username": "admin", "password": DEMO_PASSWORD})
        headers = {"Authorization": f"Bearer {r.json()['results']['token']}"}
        rows = http.get("/api/monthly-billing", params={"status": "NOT_YET", "limit": 100},
                        headers=headers).json()["results"]["data"]
    row = next(r for r in rows if r["salesPersonName"] == "Andi Pratama" and r["pidNumber"])
    yield row
    engine = make_engine(live_server.database_url)
    with engine.begin() as conn:
        conn.execute(text("delete from billing_status_changes where billing_id = :id"), {"id": row["id"]})
        conn.execute(text("update project_cost_sheet_billings set payment_status = 'NOT_YET' where id = :id"),
                     {"id": row["id"]})
    engine.dispose()


def test_administrator_moves_a_billing_to_paid_and_reads_its_history(page: Page, demo_row: dict[str, Any]) -> None:
    row = demo_row
    sign_in(page, "admin", to="/system/monthly-billing")
    expect(page.get_by_role("heading", name="Monthly Billing")).to_be_visible()
    expect(page.get_by_test_id("billing-grand-total")).to_contain_text("Rp")
    search = page.get_by_placeholder("Search project, client, PID or item")
    search.fill(row["pidNumber"])
    search.press("Enter")
    label = f"Actions for {row['projectName']} {row['itemName']} {row['description']}"
    actions = page.get_by_role("button", name=label)
    expect(actions).to_be_visible()
    line = page.locator("tr", has=actions)
    expect(line).to_contain_text("Not yet billed")
    shots(page, "list")

    for step in STEPS:
        actions.click()
        page.get_by_role("menuitem", name=f"Move to {step}").click()
        dialog = page.locator(".ant-modal-confirm")
        expect(dialog).to_contain_text(f"Move to {step}?")
        dialog.get_by_role("button", name="Move").click()
        expect(page.get_by_text(f"Moved to {step}")).to_be_visible()
        expect(line.locator(".billing-status")).to_have_text(step)
    shots(page, "paid")
    actions.click()
    expect(page.get_by_role("menuitem", name="History")).to_be_visible()
    expect(page.get_by_role("menuitem", name=re.compile(r"^Move to"))).to_have_count(0)  # paid is the last step
    page.get_by_role("menuitem", name="History").click()
    drawer = page.get_by_role("dialog").filter(has_text="Billing history")
    expect(drawer).to_be_visible()
    moves = drawer.locator(".billing-history__entry")
    expect(moves).to_have_count(3)
    for entry, step in zip(moves.all(), reversed(STEPS), strict=True):
        expect(entry).to_contain_text(step)
        expect(entry).to_contain_text("Adi Nugroho")
    shots(page, "history")

    # moving back asks for a reason first (shot, then left)
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    actions.click()
    page.get_by_role("menuitem", name=f"Move back to {STEPS[1]}").click()
    back = page.get_by_role("dialog").filter(has_text=f"Move back to {STEPS[1]}?")
    expect(back).to_be_visible()
    shots(page, "step-back-dialog")
    back.get_by_role("button", name="Cancel").click()
    expect(back).to_be_hidden()
