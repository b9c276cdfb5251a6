"""Deciding from the mail and in bulk, in the browser: a mail's Approve link opens a public page that shows the
request and decides once confirmed; a Reject link asks for its description first; the approver selects several
rows of the queue and approves them at once, and a dialog lists what was decided and what was refused. Each screen
is shot at 1280 and 390 px (test-artifacts/approval-*.png)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import jwt
import pytest
from playwright.sync_api import Page, expect

from api.approvals import mail_links
from api.core.config import Settings
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import shots
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually

PROJECTS = ["Mail link approve", "Mail link reject", "Bulk one", "Bulk two"]


@pytest.fixture
def requests(live_server: LiveServer) -> Iterator[tuple[list[int], int]]:
    """Four hold requests of sales1 waiting for approver1 (and approver2), and approver1's user id; whatever is
    still pending afterwards is decided so the queue is empty again."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales, approver = token(http, "sales1"), token(http, "approver1")
        client_id = http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
        ids = []
        for name in PROJECTS:
            lead = http.post("/api/leads", json={"clientId": client_id, "projectName": name}, headers=sales)
            assert lead.status_code == 200, lead.text
            r = http.post(f"/api/leads/{lead.json()['results']['id']}/approval-requests",
                          json={"requestType": "HOLD_LEAD", "notes": "Budget frozen until Q3"}, headers=sales)
            assert r.status_code == 200, r.text
            ids.append(r.json()["results"]["approvalId"])
        user_id = int(jwt.decode(approver["Authorization"].removeprefix("Bearer "),
                                 options={"verify_signature": False})["sub"])
        try:
            yield ids, user_id
        finally:
            for approval_id in ids:
                http.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                         headers=approver)


def _link(live_server: LiveServer, approval_id: int, user_id: int, action: str) -> str:
    # the live server's key (tests/live.py) signs as its mails would
    settings = Settings(jwt_secret="e2e-secret-" + "z" * 40, app_url=live_server.url)
    return "/approval/mail/" + mail_links.sign(settings, user_id=user_id, request_id=approval_id, layer=0,
                                               action=action)


def _waiting(live_server: LiveServer, ids: list[int]) -> None:
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "approver1")

        def queued() -> bool:
            return set(ids) <= {q["approvalId"] for q in http.get("/api/approval", headers=headers,
                                                                  params={"limit": 50}).json()["results"]["data"]}

        eventually(queued, "the requests reach approver1's queue", timeout=20, interval=0.2)


def test_decide_from_the_mail_links(page: Page, live_server: LiveServer,
                                    requests: tuple[list[int], int]) -> None:
    ids, user_id = requests
    _waiting(live_server, ids[:2])
    page.goto(_link(live_server, ids[0], user_id, "APPROVED"))
    expect(page.get_by_text("Approve this request?")).to_be_visible()
    expect(page.get_by_text("Mail link approve").first).to_be_visible()
    shots(page, ARTIFACTS, "approval-link-approve")
    page.get_by_role("button", name="Confirm approval").click()
    expect(page.get_by_text("'Andi Pratama' request has been approved successfully.")).to_be_visible()
    shots(page, ARTIFACTS, "approval-link-approved")
    page.reload()  # the link is spent
    expect(page.get_by_text("This approval link has already been used", exact=False)).to_be_visible()
    shots(page, ARTIFACTS, "approval-link-used")

    page.goto(_link(live_server, ids[1], user_id, "REJECTED"))
    expect(page.get_by_text("Reject this request?")).to_be_visible()
    page.get_by_role("button", name="Confirm rejection").click()
    expect(page.get_by_text("A description is required to reject.")).to_be_visible()
    shots(page, ARTIFACTS, "approval-link-reject")
    page.get_by_label("Description").fill("The client found budget after all")
    page.get_by_role("button", name="Confirm rejection").click()
    expect(page.get_by_text("'Andi Pratama' request has been rejected successfully.")).to_be_visible()


def test_bulk_approval_from_the_queue(page: Page, live_server: LiveServer,
                                      requests: tuple[list[int], int]) -> None:
    ids, _ = requests
    _waiting(live_server, ids[2:])
    sign_in(page, "approver1", to="/system/approval")
    for approval_id in ids[2:]:
        page.get_by_label(f"Select request {approval_id}").check()
    expect(page.get_by_role("button", name="Approve selected (2)")).to_be_visible()
    shots(page, ARTIFACTS, "approval-bulk-selected")
    # approver2 decides one of them in the meantime: the bulk approval is refused for it, with the reason
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        r = http.put(f"/api/approval/{ids[3]}/handle-hold", json={"approversAction": "APPROVED"},
                     headers=token(http, "approver2"))
        assert r.status_code == 200, r.text
    page.get_by_role("button", name="Approve selected (2)").click()
    page.get_by_label("Description").fill("Checked together")
    page.get_by_role("dialog", name="Approve Requests").get_by_role("button", name="Approve").click()
    result = page.get_by_role("dialog", name="Bulk decision")
    expect(result.get_by_text("1 decided, 1 refused.")).to_be_visible()
    expect(result.get_by_text("Already decided: approved by Maya Kusuma.")).to_be_visible()
    shots(page, ARTIFACTS, "approval-bulk-result")
    result.get_by_role("button", name="Close", exact=True).last.click()
    expect(page.get_by_text("Bulk one")).to_have_count(0)
