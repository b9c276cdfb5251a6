"""Approver journey (issue 11): an approver signs in and lands on a page they may open, opens the lead of a
request from the queue's Detail, comes back and rejects it with a note in the Review dialog; the sales person
reads the approver's name and note in the bell and in the lead's history. And the pipeline designer says which
pipeline already covers a sales person before a save would be refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import settled

PROJECT = "Approver Journey Lead"
SHOTS = ARTIFACTS / "approver"
NOTE = "Budget too high for this quarter; come back with a smaller scope."


@pytest.fixture
def stage_change_request(live_server: LiveServer) -> Iterator[dict[str, Any]]:
    """sales1's new lead (with a person in charge) and its request to move to E2, made to need approval for it."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin, sales = token(http, "admin"), token(http, "sales1")
        e2 = next(s for s in http.get("/api/stages", headers=admin).json()["results"] if s["stageName"] == "E2")
        assert http.put("/api/stages", json={**e2, "needsApproval": True}, headers=admin).status_code == 200
        try:
            clients = http.get("/api/master-data/clients", headers=sales).json()["results"]
            bank = next(c["id"] for c in clients if c["clientName"] == "Bank Nusa Mandiri")
            people = http.get("/api/people", params={"search": "Hendro Saputra"},
                              headers=sales).json()["results"]["data"]
            lead = http.post("/api/leads", json={"clientId": bank, "projectName": PROJECT,
                                                 "personInCharges": [people[0]["id"]]}, headers=sales)
            assert lead.status_code == 200, lead.text
            lead_id = lead.json()["results"]["id"]
            r = http.post(f"/api/leads/{lead_id}/approval-requests",
                          json={"requestType": "CHANGE_LEAD_STAGE", "targetStageId": e2["id"],
                                "notes": "The client confirmed the first meeting."}, headers=sales)
            assert r.status_code == 200, r.text
            yield {"leadId": lead_id, "approvalId": r.json()["results"]["approvalId"]}
        finally:
            http.put("/api/stages", json={**e2, "needsApproval": False}, headers=admin)


def test_approver_opens_the_lead_and_rejects_with_a_note(page: Page, browser: Browser, live_server: LiveServer,
                                                        stage_change_request: dict[str, Any]) -> None:
    lead_id, approval_id = stage_change_request["leadId"], stage_change_request["approvalId"]
    approver_context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    approver = approver_context.new_page()
    errors: list[str] = []
    approver.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        # Signing in without a remembered page lands on a screen the approver may open.
        sign_in(approver, "approver1")
        expect(approver).to_have_url(re.compile(r"/system/approval$"))
        expect(approver.get_by_role("heading", name="Approval")).to_be_visible()
        expect(approver.get_by_text("Access Denied.")).to_have_count(0)
        # So does the logo.
        approver.get_by_role("link", name="Pipeline CRM home").click()
        expect(approver).to_have_url(re.compile(r"/system/approval$"))

        row = approver.get_by_role("row", name=re.compile(PROJECT))
        expect(row).to_be_visible()
        expect(row).to_contain_text("E2 Connected")
        settled(approver)
        screenshot(approver, SHOTS / "approver-queue-1280.png", full_page=True)
        box = approver.evaluate("""() => {
            const el = document.querySelector('.approval-queue .ant-table-content');
            return { scroll: el.scrollWidth, client: el.clientWidth,
                     page: document.documentElement.scrollWidth, window: window.innerWidth };
        }""")
        assert box["scroll"] <= box["client"] and box["page"] <= box["window"], box  # no sideways scrolling

        # Detail opens the lead (read only), not Access Denied.
        row.get_by_role("button", name=f"Detail of request {approval_id}").click()
        expect(approver).to_have_url(re.compile(rf"/leads/{lead_id}/view$"))
        expect(approver.get_by_text(PROJECT).first).to_be_visible()
        expect(approver.get_by_text("Access Denied.")).to_have_count(0)
        expect(approver.get_by_role("button", name=re.compile("^Edit"))).to_have_count(0)
        expect(approver.get_by_role("button", name=re.compile("Request approval"))).to_have_count(0)
        screenshot(approver, SHOTS / "approver-lead-view.png", full_page=True)

        approver.go_back()
        row = approver.get_by_role("row", name=re.compile(PROJECT))
        row.get_by_role("button", name=f"Review request {approval_id}").click()
        review = approver.get_by_role("dialog", name="Review Request")
        expect(review).to_contain_text("E2 Connected")
        review.get_by_role("button", name=re.compile("Reject")).click()
        reject = approver.get_by_role("dialog", name="Reject Request")
        expect(reject.get_by_role("button", name="Confirm")).to_be_disabled()  # a rejection needs a note
        reject.get_by_label("Description").fill(NOTE)
        reject.get_by_role("button", name="Confirm").click()
        # Applied, or received and still being applied: never a failure.
        expect(approver.get_by_text(re.compile(
            r"'Andi Pratama' request has been rejected successfully\.|Your decision was received"))).to_be_visible()
        expect(approver.get_by_text("Something went wrong !")).to_have_count(0)
        expect(review).to_be_hidden()
    finally:
        approver_context.close()
    assert not errors, errors

    # The sales person reads who rejected it and why: in the bell, and in the lead's history.
    sign_in(page, "sales1")
    page.get_by_role("button", name=re.compile("^Notifications")).click()
    outcome = page.locator(".notification-panel .notification-item__message", has_text=PROJECT).filter(
        has_text="rejected")
    expect(outcome.first).to_be_visible(timeout=20_000)
    expect(outcome.first).to_contain_text("Hendra Gunawan")
    expect(outcome.first).to_contain_text(NOTE)
    screenshot(page, SHOTS / "sales-bell.png")
    page.keyboard.press("Escape")
    page.goto(f"/leads/{lead_id}")
    history = page.locator(".lead-section", has_text="Change History")
    expect(history).to_contain_text(NOTE, timeout=20_000)
    expect(history).to_contain_text("Hendra Gunawan")


def test_the_designer_warns_of_an_overlapping_pipeline_before_saving(page: Page, live_server: LiveServer) -> None:
    """At most one active pipeline per action type and sales person: the designer says which one already
    covers them while the pipeline is being drawn, and the warning goes once the overlap does."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        admin = token(http, "admin")
        pipelines = http.get("/api/approval-pipelines", headers=admin).json()["results"]
    everyone = next(p["name"] for p in pipelines if p["pipelineActionType"] == "DROP_LEAD" and not p["salesPersons"])
    sign_in(page, "admin", to="/system/approval-pipeline/add")
    choose(page, "Action type", "Drop Lead")
    warning = page.locator(".pipeline-overlaps")
    expect(warning).to_contain_text(f"The pipeline '{everyone}' already applies to every sales person")
    expect(warning).to_contain_text("Saving this pipeline would be refused:")
    # naming a sales person no drop pipeline names is no overlap
    choose(page, "Sales people", "Andi Pratama")
    page.keyboard.press("Escape")
    expect(warning).to_have_count(0)
