"""Issue 22's approver journey on the real engine: approver1 (Hendra Gunawan) is out of office and names approver2
(Maya Kusuma) for hold requests; sales3's hold request reaches Hendra's layer, Maya decides it from her queue, and
sales3 reads "Maya Kusuma for Hendra Gunawan". sales3's drop request passes its deadline, is escalated to their team
leader (tl1, Budi Santoso), who approves it from the Approve link of the escalation mail. The live server shortens
deadlines (APPROVAL_DEADLINE_SCALE: an hour lasts 7.5 s); the timers are the workflow's own. Screens at 1280 and
390 px in test-artifacts/delegation-escalation/."""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from typing import Any

import httpx
import jwt
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot, shots
from tests.e2e.pages.antd import choose
from tests.e2e.test_deadline_admin_journey import type_date
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually

SHOTS = ARTIFACTS / "delegation-escalation"
HOLD, DROP = "Delegated hold journey", "Escalated drop journey"


def user_id(headers: dict[str, str]) -> int:
    """The signed-in user's id (the subject of their token)."""
    return int(jwt.decode(headers["Authorization"].removeprefix("Bearer "), options={"verify_signature": False})["sub"])


@pytest.fixture
def world(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """Two pipelines for sales3 with approver1 alone: holds due in 3 calendar days, drops due in an hour and
    escalated to the requester's team leader an hour later; and a lead of sales3 for each."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin, sales = token(http, "admin"), token(http, "sales3")
        people = {p["fullname"]: p["id"] for p in http.get("/api/approval-pipelines/people",
                                                             headers=admin).json()["results"]}
        sales3 = user_id(sales)
        pipelines = []
        for request_type, deadline in (
                ("HOLD_LEAD", {"amount": 3, "unit": "C", "escalateAfter": 0, "escalateTo": "NONE"}),
                ("DROP_LEAD", {"amount": 1, "unit": "HOURS", "escalateAfter": 1, "escalateTo": "TEAM_LEADER"})):
            r = http.post("/api/approval-pipelines", headers=admin, json={
                "name": f"Journey {request_type.lower()}", "pipelineActionType": request_type,
                "salesPersons": [sales3], "layers": [{"name": "Hendra's check", "mode": "ANY_USER", "minApprovals": 1,
                                                      "approvers": [people["Hendra Gunawan"]],
                                                      "deadline": deadline}]})
            assert r.status_code == 200, r.text
            pipelines.append(r.json()["results"]["id"])
        client_id = http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
        leads = {}
        for name in (HOLD, DROP):
            lead = http.post("/api/leads", json={"clientId": client_id, "projectName": name}, headers=sales)
            assert lead.status_code == 200, lead.text
            leads[name] = lead.json()["results"]["id"]
        try:
            yield {"leads": leads, "sales": sales, "http": http}
        finally:
            approver = token(http, "approver1")
            for found in http.get("/api/approval-delegations", params={"limit": 100},
                              headers=approver).json()["results"]["data"]:
                http.delete(f"/api/approval-delegations/{found['id']}", headers=approver)
            for pipeline in pipelines:
                http.delete(f"/api/approval-pipelines/{pipeline}", headers=admin)


@contextmanager
def signed_in(browser: Browser, live_server: LiveServer, username: str) -> Iterator[Page]:
    """A browser of its own for `username` (each person at their own desk)."""
    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        sign_in(page, username)
        yield page
    finally:
        context.close()


def _request(world: dict[str, Any], name: str, request_type: str) -> int:
    r = world["http"].post(f"/api/leads/{world['leads'][name]}/approval-requests",
                           json={"requestType": request_type, "notes": "The client paused the tender."},
                           headers=world["sales"])
    assert r.status_code == 200, r.text
    return int(r.json()["results"]["approvalId"])


def _mail_link(server: LiveServer, to: str, words: str, action: str) -> str:
    """The link of `action` in the mail to `to` whose text has `words` (the outbox of the live server)."""
    def find() -> str | None:
        for path in sorted(server.outbox.glob("*.eml")) if server.outbox.exists() else []:
            msg = email.message_from_string(path.read_text(), policy=email.policy.default)
            text = msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
            if msg["To"] == to and words in text:
                match = re.search(rf"{action}: (\S+)", text)
                return match.group(1) if match else None
        return None

    return str(eventually(find, f"a mail to {to} about {words!r} with its {action} link", timeout=90))


def test_a_delegate_decides_and_an_overdue_layer_goes_to_the_team_leader(page: Page, browser: Browser,
                                                                       live_server: LiveServer,
                                                                       world: dict[str, Any]) -> None:
    # Hendra is away for a week: Maya stands in for him on hold requests.
    sign_in(page, "approver1", to="/system/approval")
    page.get_by_role("button", name="Out of office").click()
    drawer = page.get_by_role("dialog", name="Out of office")
    drawer.get_by_role("button", name="Add Delegation").click()
    dialog = page.get_by_role("dialog", name="Add Delegation")
    choose(page, "Delegate", "Maya Kusuma", dialog)
    today = date.today()
    for placeholder, value in (("Start date", today), ("End date", today + timedelta(days=7))):
        type_date(dialog.get_by_placeholder(placeholder), f"{value.day} {value:%b %Y}")
    choose(page, "Request type", "Hold Lead only", dialog)
    dialog.get_by_label("Note").fill("Annual leave")
    dialog.get_by_role("button", name="Add").click()
    expect(drawer.get_by_text("Maya Kusuma stands in for you", exact=True)).to_be_visible()
    expect(drawer.get_by_text("Current")).to_be_visible()
    shots(page, SHOTS, "out-of-office")

    hold = _request(world, HOLD, "HOLD_LEAD")
    drop = _request(world, DROP, "DROP_LEAD")

    # Maya's queue offers Hendra's hold request, with its deadline; she approves it.
    with signed_in(browser, live_server, "approver2") as maya:
        maya.goto("/system/approval")
        row = maya.get_by_role("row", name=re.compile(HOLD))
        expect(row.get_by_text("for Hendra Gunawan")).to_be_visible(timeout=20_000)
        expect(row.get_by_text(re.compile(r"^in \d+ min|left$"))).to_be_visible()
        expect(maya.get_by_role("row", name=re.compile(DROP))).to_have_count(0)  # holds only

        def phone_row(phone: Page) -> None:
            expect(phone.get_by_text("for Hendra Gunawan").first).to_be_visible()

        shots(maya, SHOTS, "delegate-queue", phone_row)
        # she reads the lead it is about, as Hendra would
        row.get_by_role("button", name=f"Detail of request {hold}").click()
        expect(maya).to_have_url(re.compile(rf"/leads/{world['leads'][HOLD]}/view$"))
        expect(maya.get_by_text(HOLD).first).to_be_visible()
        maya.go_back()
        row = maya.get_by_role("row", name=re.compile(HOLD))
        row.get_by_role("button", name=f"Review request {hold}").click()
        review = maya.get_by_role("dialog", name="Review Request")
        review.get_by_role("button", name=re.compile("Approve")).click()
        maya.get_by_role("dialog", name="Approve Request").get_by_role("button", name="Confirm").click()
        expect(maya.get_by_text(re.compile(r"has been approved successfully|Your decision was received"))) \
            .to_be_visible()

    # sales3 reads who decided, and for whom.
    with signed_in(browser, live_server, "sales3") as sales:
        sales.get_by_role("button", name=re.compile("^Notifications")).click()
        outcome = sales.locator(".notification-panel .notification-item__message", has_text=HOLD).filter(
            has_text="approved")
        expect(outcome.first).to_be_visible(timeout=20_000)
        expect(outcome.first).to_contain_text("by Maya Kusuma for Hendra Gunawan")
        screenshot(sales, SHOTS / "requester-bell-1280.png")

    # Nobody decided the drop: reminded at its deadline (7.5 s), escalated to Budi Santoso an hour (7.5 s) later.
    http = world["http"]

    def escalated() -> dict[str, Any] | None:
        found = http.get(f"/api/approval/{drop}/timeline", headers=world["sales"]).json()["results"]
        return found if found["layers"][0]["escalatedToName"] else None

    layer = eventually(escalated, "the drop is escalated", timeout=60)["layers"][0]
    assert layer["escalatedToName"] == "Budi Santoso" and layer["remindedAt"] and layer["dueAt"]
    leader = token(http, "tl1")
    queued = http.get("/api/approval", headers=leader).json()["results"]["data"]
    assert any(q["approvalId"] == drop and q["escalated"] for q in queued)

    # The queue of the team leader shows it escalated and overdue; he approves from his escalation mail's link.
    me = http.get(f"/api/users/{user_id(leader)}/detail", headers=leader).json()["results"]
    link = _mail_link(live_server, me["email"], DROP, "Approve")
    with signed_in(browser, live_server, "tl1") as budi:
        budi.goto("/system/approval")
        row = budi.get_by_role("row", name=re.compile(DROP))
        expect(row.get_by_text("Escalated", exact=True)).to_be_visible()
        expect(row.get_by_text(re.compile("^overdue"))).to_be_visible()
        shots(budi, SHOTS, "escalated-queue")
    page.goto(link)  # from the mail: no sign-in asked
    expect(page.get_by_text(DROP).first).to_be_visible()
    shots(page, SHOTS, "mail-link")
    page.get_by_role("button", name="Confirm approval").click()
    expect(page.get_by_text(re.compile(r"^(Approved|Decision received)$"))).to_be_visible()
    shots(page, SHOTS, "mail-link-done")
    eventually(lambda: http.get(f"/api/leads/{world['leads'][DROP]}", headers=world["sales"])
               .json()["results"]["status"] == "DROPPED", "the lead is dropped", timeout=60)
    final = http.get(f"/api/approval/{drop}/timeline", headers=world["sales"]).json()["results"]
    budi = next(a for a in final["layers"][0]["approvers"] if a["escalated"])
    assert (budi["username"], budi["actionType"]) == ("Budi Santoso", "APPROVED")
    # the link works once
    page.goto(link)
    expect(page.get_by_text("This link cannot be used")).to_be_visible()
