"""Issue 36 in the browser: an administrator draws a drop pipeline whose second layer applies only to large deals
(its conditions built in the designer's rule builder), tries it on a lead before saving it (the board is skipped, and
why; an approver out of office shows with their delegate), and saves it; the lead's sales person sees the same route
in the Drop dialog before Confirm and asks; once the pipeline has a new version, its list counts the request as
pending on an older one, and the request's timeline shows the board skipped; once decided, Approval Insights counts
it. Screenshots at a desk's width and on a
phone go to test-artifacts/approval-route/ (E2E_SCREENSHOTS=1)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot, shots
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "approval-route"
PIPELINE = "Journey drop of large deals"
PROJECT = "Journey Route Lead"
BIG_PROJECT = "Journey Route Big Deal"
NOTE = "Journey route: out of office"


@pytest.fixture
def route_lead(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """A new lead of Putri Maharani (sales4: GP 0), and Hendra Gunawan out of office this week for drops, Maya Kusuma
    standing in; afterwards the journey's request is withdrawn, its pipeline and the delegation removed."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales, hendra, admin = token(http, "sales4"), token(http, "approver1"), token(http, "admin")
        clients = http.get("/api/master-data/clients", headers=sales).json()["results"]
        bank = next(c["id"] for c in clients if c["clientName"] == "Bank Nusa Mandiri")
        lead = http.post("/api/leads", json={"clientId": bank, "projectName": PROJECT}, headers=sales).json()["results"]
        big = http.post("/api/leads", json={"clientId": bank, "projectName": BIG_PROJECT},
                        headers=sales).json()["results"]
        engine = make_engine(live_server.database_url)
        with engine.begin() as conn:  # a large deal: its GP as a cost sheet would have set it
            conn.execute(text("update leads set total_gross_profit = 2000000000 where id = :l"), {"l": big["id"]})
        engine.dispose()
        lead["big"] = big
        maya = next(u["id"] for u in http.get("/api/approval-delegations/people", headers=hendra).json()["results"]
                    if u["fullname"] == "Maya Kusuma")
        today = date.today()
        away = http.post("/api/approval-delegations", headers=hendra, json={
            "delegateId": maya, "startsOn": today.isoformat(), "endsOn": (today + timedelta(days=6)).isoformat(),
            "requestType": "DROP_LEAD", "note": NOTE})
        assert away.status_code == 200, away.text
        try:
            yield lead
        finally:
            for row in http.get("/api/lead-approval", params={"search": "Journey Route", "limit": 10},
                                headers=admin).json()["results"]["data"]:
                if row["status"] == "PENDING":
                    http.post(f"/api/lead-approval/{row['approvalId']}/withdraw", json={"reason": "Journey over"},
                              headers=admin)
            http.delete(f"/api/approval-delegations/{away.json()['results']['id']}", headers=hendra)
            for found in http.get("/api/approval-pipelines", headers=admin).json()["results"]:
                if found["name"] == PIPELINE:
                    http.delete(f"/api/approval-pipelines/{found['id']}", headers=admin)


def pick(page: Page, label: str, typed: str, option: str) -> None:
    """Type into the multiple select labelled `label` and pick `option`, then close its list."""
    field = page.get_by_label(label, exact=True)
    field.click()
    field.fill(typed)
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=option).first.click()
    page.keyboard.press("Escape")


def test_a_conditional_layer_is_drawn_tried_and_shown_before_confirm(page: Page, browser: Browser,
                                                                     live_server: LiveServer,
                                                                     route_lead: dict[str, Any]) -> None:
    sign_in(page, "admin", to="/system/approval-pipeline/add")
    page.get_by_label("Pipeline name").fill(PIPELINE)
    choose(page, "Action type", "Drop Lead")
    pick(page, "Sales people", "Putri", "Putri Maharani")
    page.get_by_label("Layer name").fill("Team leader check")
    pick(page, "Approvers", "Hendra", "Hendra Gunawan")
    page.get_by_role("button", name="Add layer").click()
    page.get_by_label("Layer name").fill("Board")
    pick(page, "Approvers", "Maya", "Maya Kusuma")
    # the board decides only large deals of the bank
    page.get_by_role("button", name="Add condition").click()
    expect(page.get_by_text("All conditions must hold for this layer to apply.")).to_be_visible()
    page.get_by_label("Condition 1 amount").fill("1000000000")
    page.get_by_role("button", name="Add condition").click()
    choose(page, "Condition 2 fact", "Client")
    pick(page, "Condition 2 choices", "Bank Nusa", "Bank Nusa Mandiri")
    node = page.get_by_test_id("pipeline-layer-node").nth(1)
    expect(node.get_by_test_id("layer-conditions")).to_have_text("Only when GP >= 1 B and client in Bank Nusa Mandiri")

    def sheet_closed(phone: Page) -> None:  # the layer's sheet opens on a phone, its rule builder; then the list
        sheet = phone.locator(".pipeline-layer-sheet .ant-drawer-body")
        expect(sheet).to_be_visible()
        sheet.get_by_role("button", name="Add condition").scroll_into_view_if_needed()
        screenshot(phone, SHOTS / "designer-sheet-390.png")
        phone.keyboard.press("Escape")
        expect(phone.locator(".pipeline-layer-sheet")).to_be_hidden()
        row = phone.get_by_test_id("pipeline-layer-row").nth(1)
        expect(row.get_by_test_id("layer-conditions")).to_be_visible()
        screenshot(phone.locator(".pipeline-layer-list"), SHOTS / "designer-layers-390.png")

    shots(page, SHOTS, "designer-conditions", sheet_closed)

    # before saving: the route of the drawing for Putri's new lead
    try_on = page.locator(".pipeline-try")
    lead = try_on.get_by_label("Try on lead", exact=True)
    lead.click()
    with page.expect_response(lambda r: "/api/leads/list" in r.url and "search=Journey" in r.url):
        lead.fill("Journey Route")  # the option chosen from the search's answer, not the list shown before it
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=PROJECT).first.click()
    try_on.get_by_role("button", name="Show route").click()
    layers = try_on.get_by_test_id("route-layer")
    expect(layers).to_have_count(2)
    expect(layers.nth(0)).to_contain_text("Maya Kusuma for Hendra Gunawan (out of office)")
    expect(layers.nth(1)).to_contain_text("Skipped: GP 0 < 1 B")
    try_on.scroll_into_view_if_needed()
    shots(page, SHOTS, "designer-try-on")
    # and on the large deal: the board decides it too
    lead.click()
    with page.expect_response(lambda r: "/api/leads/list" in r.url and "search=Big" in r.url):
        lead.fill("Big Deal")
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=BIG_PROJECT).first.click()
    try_on.get_by_role("button", name="Show route").click()
    expect(layers.nth(1)).not_to_contain_text("Skipped")
    expect(layers.nth(1)).to_contain_text("Maya Kusuma")

    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(r"/system/approval-pipeline$"))
    expect(page.get_by_role("row", name=re.compile(PIPELINE))).to_be_visible()

    # the sales person asks to drop the lead: the dialog shows the route before Confirm
    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    sales = context.new_page()
    try:
        sign_in(sales, "sales4", to=f"/leads/{route_lead['id']}")
        sales.get_by_role("button", name=re.compile("Request approval")).click()
        sales.get_by_role("menuitem", name="Drop").click()
        dialog = sales.get_by_role("dialog")
        route = dialog.get_by_test_id("route-layer")
        expect(route).to_have_count(2)
        expect(dialog.get_by_text(f"Approval route: {PIPELINE} v1")).to_be_visible()
        expect(route.nth(0)).to_contain_text("Maya Kusuma for Hendra Gunawan (out of office)")
        expect(route.nth(1)).to_contain_text("Skipped: GP 0 < 1 B")
        confirm = dialog.get_by_role("button", name="Confirm")
        expect(confirm).to_be_disabled()  # a drop still needs its description
        shots(sales, SHOTS, "request-dialog")
        dialog.get_by_label("Description").fill("The bank chose another vendor.")
        confirm.click()
        expect(dialog).to_be_hidden()
        sales.goto(f"/leads/{route_lead['big']['id']}")
        sales.get_by_role("button", name=re.compile("Request approval")).click()
        sales.get_by_role("menuitem", name="Drop").click()
        dialog = sales.get_by_role("dialog")
        route = dialog.get_by_test_id("route-layer")
        expect(route).to_have_count(2)
        expect(route.nth(1)).not_to_contain_text("Skipped")
        expect(route.nth(1)).to_contain_text("Board")
        dialog.get_by_role("button", name="Cancel").click()
    finally:
        context.close()

    # a new version of the pipeline: the request keeps the route it started with
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin = token(http, "admin")
        saved = next(p for p in http.get("/api/approval-pipelines", headers=admin).json()["results"]
                     if p["name"] == PIPELINE)
        body = {"id": saved["id"], "version": saved["version"], "name": PIPELINE, "pipelineActionType": "DROP_LEAD",
                "salesPersons": [p["id"] for p in saved["salesPersons"]],
                "layers": [{"name": layer["name"], "mode": layer["mode"], "minApprovals": layer["minApprovals"],
                            "approvers": [a["id"] for a in layer["approvers"]],
                            "conditions": [{k: c[k] for k in ("fact", "op", "amount", "ids")}
                                           for c in layer["conditions"]]} for layer in saved["layers"]]}
        body["layers"][0]["name"] = "Team leader review"
        assert http.put("/api/approval-pipelines", json=body, headers=admin).status_code == 200
        request = next(r for r in http.get("/api/lead-approval", params={"search": PROJECT, "limit": 10},
                                           headers=admin).json()["results"]["data"] if r["status"] == "PENDING")
    page.goto("/system/approval-pipeline")
    older = page.get_by_role("row", name=re.compile(PIPELINE)).get_by_test_id("pipeline-older")
    expect(older).to_have_text("1 pending on an older version")
    older.hover()
    expect(page.get_by_role("tooltip")).to_contain_text("keep the route they started with")
    shots(page, SHOTS, "pipeline-list")

    page.goto(f"/system/lead-approval/{request['approvalId']}/edit")
    node = page.get_by_test_id("timeline-node").nth(1)
    expect(node).to_contain_text("Skipped: GP 0 < 1 B")
    expect(node).to_contain_text("Only when GP >= 1 B and client in Bank Nusa Mandiri")
    shots(page, SHOTS, "timeline")

    # Maya decides for Hendra, out of office: the request is approved (the board skipped), and Approval Insights
    # counts the decision under the pipeline, its layer and its approver
    # (the timeline above showed the route decided: the first layer's task, and so Maya's, is queued already)
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        decided = http.put(f"/api/approval/{request['approvalId']}/handle-hold",
                           json={"approversAction": "APPROVED", "note": "Agreed"}, headers=token(http, "approver2"))
        assert decided.status_code == 200, decided.text
        assert decided.json()["results"]["status"] == "APPROVED"
    page.goto("/system/approval-insights")
    pipelines = page.locator(".insights__section", has=page.get_by_text("Per pipeline", exact=True))
    row = pipelines.get_by_role("row", name=re.compile(PIPELINE))
    expect(row).to_be_visible()
    expect(row.get_by_role("cell").nth(1)).to_have_text("1")
    layers = page.locator(".insights__section", has=page.get_by_text("Per layer", exact=True))
    board = layers.get_by_role("row", name=re.compile("2. Board"))
    expect(board.get_by_test_id("layer-route")).to_have_text("Conditions held for 0, skipped 1")
    approvers = page.locator(".insights__section", has=page.get_by_text("Per approver", exact=True))
    expect(approvers.get_by_role("row", name=re.compile("Hendra Gunawan"))).to_be_visible()
    shots(page, SHOTS, "insights")
