"""Owner change journey (issue 33, point 1): the team leader Budi Santoso (tl1) gives one of Rizky Hidayat's (sales3)
leads to Dewi Anggraini from its row in Leads Management, two more to Andi Pratama at once by choosing their rows,
finds both moves in Assignment Monitoring, and gives the first lead back to Rizky from the lead's own page. The rows,
the dialogs, the lead and the list are shot at 1280 and 390 px into test-artifacts/owner-change/. Afterwards every
lead is Rizky's again (an administrator's owner change), so later journeys meet the demo."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "owner-change"
URL = "/api/assignment-monitoring"
RIZKY, DEWI, ANDI = "Rizky Hidayat", "Dewi Anggraini", "Andi Pratama"
REASON = "Rizky moves to the enterprise desk; his accounts go to the team."


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


def book(http: httpx.Client, admin: dict[str, str], person_id: int) -> list[dict[str, Any]]:
    r = http.get(f"{URL}/leads", params={"salesPersonId": person_id, "limit": 100}, headers=admin)
    assert r.status_code == 200, r.text
    return r.json()["results"]["data"]  # type: ignore[no-any-return]


@pytest.fixture
def rizkys_leads(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """Three of Rizky's new leads on the first page of Leads Management filtered to him, and the people's ids;
    afterwards every one of them is Rizky's again."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin = token(http, "admin")
        people = {p["username"]: p["id"] for p in http.get(f"{URL}/people", headers=admin).json()["results"]}
        criteria = json.dumps([{"field": "salesPersonId", "value": people["sales3"]}])
        first_page = http.get("/api/leads-management", params={"criteria": criteria, "limit": 10},
                              headers=token(http, "tl1")).json()["results"]["data"]
        leads = [lead for lead in first_page if lead["status"] == "NEW"][:3]
        assert len(leads) == 3, "the demo gives sales3 three ongoing leads"
        yield {"leads": leads, "people": people}
        ids = {lead["id"] for lead in leads}
        away = ids - {lead["id"] for lead in book(http, admin, people["sales3"])}
        if away:
            r = http.post(f"{URL}/owner-changes", headers=admin, json={
                "leadIds": sorted(away), "toUserId": people["sales3"], "reason": "Back to the demo's owner."})
            assert r.status_code == 200, r.text
        assert ids <= {lead["id"] for lead in book(http, admin, people["sales3"])}


def row(page: Page, lead: dict[str, Any]) -> Locator:
    return page.locator("tr.ant-table-row", has=page.locator(f"a[href='/leads/{lead['id']}']"))


def move(page: Page, title: str, to: str, count: int) -> None:
    """In the open Change Owner dialog: the new owner, the reason, and the move."""
    dialog = page.get_by_role("dialog", name=title)
    expect(dialog).to_be_visible()
    choose(page, "New owner", to, scope=dialog)
    dialog.get_by_label("Reason", exact=True).fill(REASON)
    shots(page, f"dialog-{count}")
    dialog.get_by_role("button", name=f"Move {count} lead{'s' if count > 1 else ''} to {to}").click()
    expect(dialog).to_have_count(0)


def test_team_leader_changes_owners_from_a_row_in_bulk_and_from_the_lead(page: Page, live_server: LiveServer,
                                                                        rizkys_leads: dict[str, Any]) -> None:
    first, second, third = rizkys_leads["leads"]
    people = rizkys_leads["people"]
    sign_in(page, "tl1", to=f"/system/leads-management?sales={people['sales3']}")
    expect(page.get_by_role("heading", name="Leads Management")).to_be_visible()
    expect(row(page, first)).to_be_visible()
    shots(page, "management")

    # one row, from its menu
    row(page, first).get_by_role("button", name=f"Actions for {first['projectName']}").click()
    page.get_by_role("menuitem", name="Change Owner").click()
    expect(page.get_by_role("dialog", name="Change Owner")).to_contain_text(f"belongs to {RIZKY}.")
    move(page, "Change Owner", DEWI, 1)
    expect(page.locator(".ant-notification-notice", has_text=f"1 lead moved from {RIZKY} to {DEWI}.")).to_be_visible()
    expect(row(page, first)).to_have_count(0)  # no longer Rizky's

    # two rows at once
    for lead in (second, third):
        row(page, lead).get_by_role("checkbox").check()
    chosen = page.get_by_role("group", name="Chosen leads")
    expect(chosen).to_contain_text("2 leads chosen")
    shots(page, "chosen")
    chosen.get_by_role("button", name="Change Owner").click()
    move(page, "Change Owner of 2 leads", ANDI, 2)
    expect(page.locator(".ant-notification-notice", has_text=f"2 leads moved from {RIZKY} to {ANDI}.")).to_be_visible()
    expect(chosen).to_have_count(0)
    expect(row(page, second)).to_have_count(0)

    # both moves are reassignments of the team leader's, with the reason
    page.goto("/system/assignment-monitoring")
    latest = page.locator(".ant-table-tbody tr.ant-table-row").first
    expect(latest).to_contain_text(ANDI)
    expect(latest).to_contain_text(REASON)
    expect(latest).to_contain_text("Budi Santoso")
    expect(page.get_by_role("button", name="Reassign Leads")).to_be_visible()
    shots(page, "assignments")

    # and from the lead's own page, back to Rizky
    page.goto(f"/leads/{first['id']}")
    expect(page.get_by_text("Lead Information")).to_be_visible()
    page.get_by_role("button", name="Change Owner").click()
    expect(page.get_by_role("dialog", name="Change Owner")).to_contain_text(f"belongs to {DEWI}.")
    move(page, "Change Owner", RIZKY, 1)
    expect(page.locator(".ant-notification-notice", has_text=f"1 lead moved from {DEWI} to {RIZKY}.")).to_be_visible()
    sales = page.locator(".ant-descriptions-item", has=page.get_by_text("Sales", exact=True))
    expect(sales).to_contain_text(RIZKY)
    expect(page).to_have_url(re.compile(rf"/leads/{first['id']}$"))
    shots(page, "lead")

    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin = token(http, "admin")
        assert {lead["id"] for lead in book(http, admin, people["sales1"])} >= {second["id"], third["id"]}
        history = http.get(f"/api/leads/{second['id']}/history", headers=admin).json()["results"]
        moved = next(h for h in history if h["field"] == "salesPersonId")
        assert (moved["oldLabel"], moved["newLabel"], moved["changedBy"]) == (RIZKY, ANDI, "Budi Santoso")
