"""A failed journey's report tells the page's API calls and the server's log (tests/e2e/traffic.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import TRAFFIC
from tests.e2e.waits import eventually
from tests.live import LiveServer


def test_the_report_names_each_call_with_its_answer_and_what_is_still_waiting(
        page: Page, live_server: LiveServer, request: pytest.FixtureRequest) -> None:
    traffic = request.node.stash[TRAFFIC]
    page.route("**/api/clients*", lambda route: route.abort())
    page.route("**/api/leads*", lambda route: None)  # held: never answered
    page.goto("/api/health")
    page.evaluate("() => { fetch('/api/clients').catch(() => null); fetch('/api/leads'); }")
    eventually(lambda: "GET /api/clients  failed" in traffic.report(), "the refused call is told", page=page,
               interval=0.1)
    told = traffic.report()
    assert "GET /api/health  sent" in told and "GET /api/health  200" in told
    assert "GET /api/leads  no answer yet" in told
    assert f"the server's log during the test ({live_server.log})" in told
