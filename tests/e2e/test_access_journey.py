"""Administration journey (issue 19): an administrator adds a sales person under Sari Lestari (tl2), gives the Sales
role delete access to Contact Management in the matrix, and drags the new person onto Budi Santoso (tl1) in the
reporting tree. The new person, signed in all along in another window, gets the Remove action on their next request
without signing in again; Budi now sees their lead and Sari no longer does; the audit log shows the three changes.
The user form, the matrix and the tree are shot at 1280 and 390 px into test-artifacts/access/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import DESK, screenshot
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "access"
USERNAME, FULLNAME, PASSWORD = "yoga.p", "Yoga Prasetyo", "Yoga#2026!Prasetyo"
CONTACT = "Hendro Saputra"
CLIENT = "Bank Nusa Mandiri"


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


@pytest.fixture
def http(live_server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        yield client


@pytest.fixture
def leaves_no_trace(live_server: LiveServer) -> Iterator[None]:
    """Afterwards Yoga's lead goes and Yoga is deactivated, so the journeys after this one meet the demo's teams and
    figures (there is no call that deletes a lead or a user: both are kept for the audit)."""
    yield
    engine = make_engine(live_server.database_url)
    with engine.begin() as conn:
        conn.execute(text("delete from leads where sales_person_id = (select id from users where username = :u)"),
                     {"u": USERNAME})
        conn.execute(text("update users set is_active = false where username = :u"), {"u": USERNAME})
    engine.dispose()


@pytest.fixture
def sales_role(http: httpx.Client) -> Iterator[dict[str, Any]]:
    """The Sales role; its matrix is put back afterwards, so later journeys meet the default policy."""
    admin = token(http, "admin")
    roles = http.get("/api/menu-access/role-list", headers=admin).json()["results"]
    role = next(r for r in roles if r["roleName"] == "SALES")
    before = http.get(f"/api/page-access/{role['id']}", headers=admin).json()["results"]["pages"]
    yield role
    flags = ("code", "isRead", "isWrite", "isEdit", "isDelete")
    r = http.post("/api/page-access", headers=admin,
                  json={"roleId": role["id"], "pages": [{k: p[k] for k in flags} for p in before]})
    assert r.status_code == 200, r.text


def expect_remove(page: Page, name: str, offered: bool) -> None:
    """Open a contact's row menu: Edit is always there for a sales person, Remove only with delete access."""
    page.get_by_role("button", name=f"Actions for {name}").first.click()
    menu = page.locator(".ant-dropdown:visible")
    expect(menu.get_by_role("menuitem", name="Edit")).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Remove")).to_have_count(1 if offered else 0)
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)


def test_admin_adds_a_sales_person_grants_delete_and_moves_them(
        page: Page, browser: Browser, live_server: LiveServer, http: httpx.Client, sales_role: dict[str, Any],
        leaves_no_trace: None) -> None:
    # 1. the new sales person, under Sari Lestari
    sign_in(page, "admin", to="/system/user-management/add")
    expect(page.get_by_role("heading", name="Add User")).to_be_visible()
    page.get_by_label("Username", exact=True).fill(USERNAME)
    page.get_by_label("Full Name", exact=True).fill(FULLNAME)
    page.get_by_label("Nickname", exact=True).fill("Yoga")
    choose(page, "Role", "Sales Executive")
    choose(page, "Leader", "Sari Lestari")
    page.get_by_label("E-mail", exact=True).fill("yoga@example.co.id")
    page.get_by_label("Gender", exact=True).click()
    page.locator(".ant-select-dropdown:visible .ant-select-item-option[title='Male']").click()  # not 'Female'

    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm Password", exact=True).fill(PASSWORD)
    shots(page, "user-form")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".ant-notification-notice", has_text=f"User '{USERNAME}' has been saved.")).to_be_visible()

    # they sign in in their own window, record a lead, and may not remove a contact yet
    yoga = token(http, USERNAME, PASSWORD)
    clients = http.get("/api/master-data/clients", headers=yoga).json()["results"]
    bank = next(c["id"] for c in clients if c["clientName"] == CLIENT)
    r = http.post("/api/leads", json={"clientId": bank, "projectName": "Yoga's Core Banking Refresh"}, headers=yoga)
    assert r.status_code == 200, r.text
    lead = r.json()["results"]["id"]
    sari, budi = token(http, "tl2"), token(http, "tl1")
    assert http.get(f"/api/leads/{lead}", headers=sari).status_code == 200
    assert http.get(f"/api/leads/{lead}", headers=budi).status_code == 404

    theirs = new_context(browser, live_server, viewport=DESK)
    try:
        own = theirs.new_page()
        sign_in(own, USERNAME, PASSWORD, to=f"/system/contact-management?q={CONTACT}")
        expect(own.get_by_role("heading", name="Contact Management")).to_be_visible()
        expect_remove(own, CONTACT, offered=False)
        r = http.put("/api/people/delete", json={"id": 1}, headers=yoga)
        assert r.status_code == 403, r.text
        assert "no delete access to Contact Management" in r.text

        # 2. the Sales role gets delete on Contact Management in the matrix
        grant_delete_on_contacts(page, sales_role)

        # 3. dragged onto Budi Santoso in the reporting tree
        page.goto("/system/user-hierarchy")
        expect(page.get_by_role("heading", name="User Hierarchy")).to_be_visible()
        person = page.locator(".ant-tree-node-content-wrapper", has_text=FULLNAME)
        budi_node = page.locator(".ant-tree-node-content-wrapper", has_text="Budi Santoso")
        # straight up onto the lower half of Budi's row (the upper half means the row above; a sideways move, a level)
        start, end = person.bounding_box(), budi_node.bounding_box()
        assert start and end
        x = start["x"] + 20
        person.drag_to(budi_node, source_position={"x": 20, "y": start["height"] / 2},
                       target_position={"x": x - end["x"], "y": end["height"] * 0.8})
        # the move asks first, saying what goes with them (nobody reports to them; their leads keep their owner)
        confirm = page.get_by_role("dialog").filter(has_text=f"Move {FULLNAME} under Budi Santoso?")
        expect(confirm).to_contain_text(f"Nobody reports to {FULLNAME}: they move alone.")
        expect(confirm).to_contain_text("Sari Lestari no longer does.")
        confirm.get_by_role("button", name="Move").click()
        expect(page.get_by_text(f"{FULLNAME} now reports to Budi Santoso.")).to_be_visible()
        shots(page, "hierarchy")

        # the signed-in sales person meets the grant on their next request, without signing in again
        own.reload()
        expect(own.get_by_role("heading", name="Contact Management")).to_be_visible()
        expect_remove(own, CONTACT, offered=True)
        screenshot(own, SHOTS / "sales-person-contacts-1280.png", full_page=True)
    finally:
        theirs.close()

    # Budi now sees the lead on his board; Sari no longer does
    assert http.get(f"/api/leads/{lead}", headers=sari).status_code == 404
    assert http.get(f"/api/leads/{lead}", headers=budi).status_code == 200
    leader = new_context(browser, live_server, viewport=DESK)
    try:
        board = leader.new_page()
        sign_in(board, "tl1", to="/leads")
        expect(board.locator(f"[data-lead-id='{lead}']").first).to_be_visible()
    finally:
        leader.close()

    # 4. the audit log has all three changes
    page.goto("/system/audit-log")
    expect(page.get_by_role("heading", name="Audit Log")).to_be_visible()
    created = page.get_by_role("row", name=re.compile(rf"{FULLNAME} \({re.escape(USERNAME)}\)"))
    expect(created.filter(has_text="Create")).to_contain_text("Leader: — → Sari Lestari")
    expect(created.filter(has_text="Create")).to_contain_text("Gender: — → Male")
    grant = page.get_by_role("row", name=re.compile("Sales Executive · Contact Management"))
    expect(grant.first).to_contain_text("Grant")
    expect(grant.first).to_contain_text("Delete: No → Yes")
    moved = page.get_by_role("row", name=re.compile(FULLNAME)).filter(has_text="Move")
    expect(moved).to_contain_text("Sari Lestari → Budi Santoso")
    shots(page, "audit-log")


def grant_delete_on_contacts(page: Page, role: dict[str, Any]) -> None:
    """Sales Executive's matrix: Delete ticked on Contact Management, and saved."""
    page.goto("/system/menu-page-access")
    box = page.get_by_placeholder("Search role name or description")
    box.fill("Sales")
    box.press("Enter")
    page.get_by_role("row", name=re.compile("Sales Executive")).get_by_role("link", name="Sales Executive").click()
    expect(page).to_have_url(re.compile(rf"/system/menu-page-access/{role['id']}$"))
    expect(page.get_by_role("heading", name="Sales Executive")).to_be_visible()
    page.get_by_placeholder("Filter pages by name or address").fill("contact")
    delete = page.get_by_label("Delete on Contact Management")
    expect(delete).not_to_be_checked()
    delete.check()
    expect(page.get_by_text("1 change not saved")).to_be_visible()
    shots(page, "matrix")
    page.get_by_role("button", name="Save access").click()
    saved = page.locator(".ant-notification-notice", has_text="The access of 'Sales Executive' has been saved.")
    expect(saved).to_be_visible()
    expect(page.get_by_text("No changes")).to_be_visible()
