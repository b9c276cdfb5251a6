"""A failed journey's report tells its browsers' API calls and the server's log (tests/e2e/traffic.py)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.e2e.conftest import new_context, traffic
from tests.e2e.waits import eventually
from tests.live import LiveServer


def test_the_report_names_each_call_with_its_answer_and_what_is_still_waiting(
        page: Page, browser: Browser, live_server: LiveServer) -> None:
    page.route("**/api/clients*", lambda route: route.abort())
    page.route("**/api/leads*", lambda route: None)  # held: never answered
    page.goto("/api/health")
    page.evaluate("() => { fetch('/api/clients').catch(() => null); fetch('/api/leads'); }")
    # a second person's browser, opened by the test itself (an approver beside the sales person)
    other = new_context(browser, live_server)
    try:
        other.new_page().goto("/api/auth/session")
        eventually(lambda: "GET /api/clients  failed" in traffic().report()
                   and "GET /api/auth/session  401" in traffic().report(), "both browsers' calls are told",
                   page=page, interval=0.1)
    finally:
        other.close()
    told = traffic().report()
    assert "GET /api/health  sent" in told and "GET /api/health  200" in told
    assert "GET /api/leads  no answer yet" in told
    first, second = told.split("the server's log during the test")[0].split("browser 2's API calls")
    assert "/api/clients" in first and "/api/auth/session" in second and "/api/health" not in second
    assert f"the server's log during the test ({live_server.log})" in told
