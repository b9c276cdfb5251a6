"""Issue 21 in the browser: tl1 watches Sales Monitoring, which lists the whole team (issue 33), while sales1 signs
in (goes online, timer running) and signs out (goes offline, last seen just now); sales1 registers /weblink/sip as a
call device in one tab and taps Call on a person in charge of a lead in another; the device tab shows the call to
place, reports its start and end, and the call is recorded on the lead. Screenshots of the monitoring screen and the
device page at 1280 and 390 px go to test-artifacts/realtime/."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from api.core.config import Settings
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, WAIT_MS, LiveServer, new_context
from tests.e2e.layout import shots
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "realtime"
SALES1 = "Andi Pratama"
# the longest a closed tab stays online: its presence's time to live (the live server keeps the default), and a wait
PRESENCE_GONE_MS = int(Settings.model_fields["presence_ttl_seconds"].default * 1000) + WAIT_MS
DOMAIN = "pbx.nusantara.example"


def lead_to_call(live_server: LiveServer) -> tuple[int, str, dict[str, Any]]:
    """A lead of sales1 with a person in charge who has a phone number."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "sales1")
        leads = http.get("/api/leads/list", params={"status": "ALL", "limit": 100},
                         headers=headers).json()["results"]["data"]
        for card in leads:
            lead = http.get(f"/api/leads/{card['id']}", headers=headers).json()["results"]
            pics = [p for p in lead["personInCharges"] if p.get("phoneNumber")]
            if pics:
                return lead["id"], lead["projectName"], pics[0]
    raise AssertionError("the demo gives sales1 a lead whose person in charge has a phone number")


def context(browser: Browser, live_server: LiveServer) -> BrowserContext:
    return new_context(browser, live_server, viewport={"width": 1280, "height": 800})


def row_of(page: Page, name: str) -> Any:
    return page.get_by_role("row").filter(has_text=name)


def test_sales_monitoring_and_a_call_from_the_crm(browser: Browser, live_server: LiveServer) -> None:
    lead_id, project, pic = lead_to_call(live_server)
    leader, seller = context(browser, live_server), context(browser, live_server)
    try:
        monitor = leader.new_page()
        sign_in(monitor, "tl1", to="/system/sales-monitoring")
        expect(monitor.get_by_role("heading", name="Sales Monitoring")).to_be_visible()
        expect(monitor.get_by_text("Live")).to_be_visible()
        # the whole team is listed, connected or not: sales1 offline so far (a tab of sales1 that a journey before
        # this one left on the same server is gone once its close is seen or, at the latest, once its presence expires)
        row = row_of(monitor, SALES1)
        expect(row).to_contain_text("Offline", timeout=PRESENCE_GONE_MS)
        expect(row_of(monitor, "Rizky Hidayat")).to_have_count(1)

        # sales1 signs in: they go online on tl1's screen without a reload, their timer running
        crm = seller.new_page()
        sign_in(crm, "sales1")
        expect(row).to_contain_text("Online", timeout=15_000)
        expect(row).to_have_count(1)
        expect(row).to_contain_text("1 tab")
        duration = row.get_by_text(re.compile(r"^\d\d:\d\d:\d\d$"))
        first = duration.inner_text()
        expect(duration).not_to_have_text(first, timeout=5_000)  # it counts up on its own

        # a second tab is the same person: one row, two tabs
        device = seller.new_page()
        device.goto("/weblink/sip")
        expect(device.get_by_role("heading", name="Web Link SIP")).to_be_visible()
        device.get_by_label("SIP domain").fill(DOMAIN)
        device.get_by_role("button", name="Register device").click()
        expect(device.get_by_text("Registered", exact=True)).to_be_visible()
        expect(row).to_contain_text("1 tab · 1 device", timeout=15_000)
        expect(row_of(monitor, SALES1)).to_have_count(1)
        shots(monitor, SHOTS, "sales-monitoring")

        # Call on the lead's person in charge rings the device
        crm.goto(f"/leads/{lead_id}")
        crm.get_by_role("button", name=f"Call {pic['picName']}").click()
        expect(crm.get_by_text(re.compile(rf"^Calling {re.escape(pic['picName'])} "))).to_be_visible()
        card = device.locator(".sip-call").first
        expect(card).to_contain_text(pic["picName"], timeout=15_000)
        expect(card).to_contain_text(project)
        digits = re.sub(r"\D", "", pic["phoneNumber"])
        call_link = card.get_by_role("link", name=re.compile(r"Call$"))
        expect(call_link).to_have_attribute("href", f"tel:+{digits}")
        expect(card.get_by_role("link", name="Call with SIP")).to_have_attribute("href", f"sip:+{digits}@{DOMAIN}")
        shots(device, SHOTS, "weblink-sip-ringing")
        # the dialer is the phone's: here the link only reports the start (the page stays)
        device.evaluate("document.addEventListener('click', (e) => e.target.closest('a[href^=tel]') && "
                        "e.preventDefault(), true)")
        call_link.click()
        expect(card.get_by_text(re.compile(r"^ On the call · "))).to_be_visible()
        # the call lasts until its clock shows a second (it counts from the server's start, so the server's duration
        # is at least that): a call of no seconds is recorded as not answered
        expect(card.get_by_text(re.compile(r"^ On the call · ([1-9]\d* s|\d+ min)"))).to_be_visible()
        card.get_by_role("button", name="End call").click()
        expect(card).to_contain_text(re.compile(r"Call ended after \d+ s, recorded on the lead\."))
        shots(device, SHOTS, "weblink-sip-recorded")

        # the lead's page hears of it: the call is one of its activities
        expect(crm.get_by_text(re.compile(r"^Call recorded on the lead"))).to_be_visible()
        crm.get_by_role("button", name=f"Call {pic['picName']}").scroll_into_view_if_needed()
        shots(crm, SHOTS, "lead-call")
        with httpx.Client(base_url=live_server.url, timeout=30) as http:
            activities = http.get(f"/api/activity/{lead_id}", headers=token(http, "sales1")).json()["results"]
        calls = [a for a in activities if a["media"] == "Call"]
        assert calls and calls[0]["activityNotes"].startswith(f"Call to {pic['picName']}")
        crm.goto(f"/leads/{lead_id}/activity/{calls[0]['id']}")
        expect(crm.get_by_role("heading", name=re.compile(r"^Call · "))).to_be_visible()
        expect(crm.get_by_text(calls[0]["activityNotes"])).to_be_visible()
        shots(crm, SHOTS, "call-activity")

        # the device closes, then sales1 signs out: they leave tl1's screen
        device.close()
        expect(row).to_contain_text("1 tab", timeout=15_000)
        crm.goto("/signout")
        expect(crm).to_have_url(re.compile(r"/signin$"))
        expect(row).to_contain_text("Offline", timeout=15_000)
        expect(row).to_contain_text("(just now)")  # when they were last seen stays on the screen
        shots(monitor, SHOTS, "sales-monitoring-offline")
    finally:
        seller.close()
        leader.close()
