"""Tokens out of reach of scripts, in a real browser: the access token lives in the tab's memory, the refresh token in
an httpOnly cookie; tabs that meet an expired token together send one refresh between them and stay signed in; a
sign-out in one tab signs the others out.

Its own live product, whose access tokens last a few seconds (ACCESS_TOKEN_MINUTES), so that they expire during
the test."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Response, Route, expect

from tests import live
from tests.conftest import DEMO_PASSWORD, ROOT, Services
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.pages.auth import SignInPage
from tests.e2e.pages.shell import Shell
from tests.live import LiveServer

LIFETIME = 8.0  # seconds an access token lasts in this test's product
REFRESH = "/api/auth/refresh"


@pytest.fixture(scope="module")
def short_tokens_server(services: Services) -> Iterator[LiveServer]:
    dist_dir = Path(os.environ.get("FRONTEND_DIST") or ROOT / "frontend" / "dist")
    if not (dist_dir / "index.html").is_file():
        pytest.fail("the front end is not built: run `make build` (make test does it)")
    with live.live_server(services, "e2e_tokens", redis_db=3, FRONTEND_DIST=str(dist_dir),
                          ACCESS_TOKEN_MINUTES=str(LIFETIME / 60)) as server:
        yield server


@dataclass
class Traffic:
    """The refresh calls of a browser context (every tab) and their answers; the other API calls refused (401) per
    tab. While `holding`, refresh calls are held back (not answered) until `release`."""

    sent: list[float] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)
    holding: bool = False
    held: list[Route] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        if request.url.endswith(REFRESH):
            self.sent.append(time.monotonic())

    def on_response(self, response: Response) -> None:
        if response.url.endswith(REFRESH):
            self.answers.append(response.status)
        elif "/api/" in response.url and response.status == 401:
            tab = response.frame.page.url.split("/", 3)[-1]
            self.refused[tab] = self.refused.get(tab, 0) + 1

    def on_refresh(self, route: Route) -> None:
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.held:
            route.continue_()
        self.held.clear()


@pytest.fixture
def context(browser: Browser, short_tokens_server: LiveServer) -> Iterator[BrowserContext]:
    context = browser.new_context(base_url=short_tokens_server.url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    yield context
    context.close()
    assert not errors, f"uncaught errors in the pages: {errors}"


@pytest.fixture
def traffic(context: BrowserContext) -> Traffic:
    seen = Traffic()
    context.on("request", seen.on_request)
    context.on("response", seen.on_response)
    context.route(f"**{REFRESH}", seen.on_refresh)
    return seen


def wait_until(page: Page, condition: Callable[[], bool], what: str, seconds: float = 15) -> None:
    """Lets the browser's events in (route handlers run while Playwright waits) until `condition` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        page.wait_for_timeout(100)


def signed_in(page: Page) -> None:
    expect(page).not_to_have_url(re.compile(r"/signin"))
    expect(page.get_by_role("button", name="User menu")).to_be_visible()


def scripts_see_no_token(page: Page, context: BrowserContext) -> None:
    """What a script in the page can read holds neither token."""
    refresh = next(c for c in context.cookies() if c["name"] == "crm_refresh")
    assert page.evaluate("document.cookie") == ""
    stored = page.evaluate("JSON.stringify([{...localStorage}, {...sessionStorage}])")
    assert "eyJ" not in stored  # no JSON web token (the access token)
    assert refresh["value"] not in stored
    assert page.evaluate("localStorage.length") == 0


def test_tabs_share_one_refresh_and_scripts_see_no_token(context: BrowserContext, traffic: Traffic) -> None:
    first = context.new_page()
    SignInPage(first).open()
    expect(first.get_by_role("button", name="Sign In")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    first.screenshot(path=str(ARTIFACTS / "token-cookie-signin.png"))
    SignInPage(first).sign_in("sales1", DEMO_PASSWORD)
    signed_in(first)
    assert traffic.answers == [401]  # the sign-in page's load tried the cookie: none yet
    traffic.answers.clear()

    cookie = next(c for c in context.cookies() if c["name"] == "crm_refresh")
    assert cookie["httpOnly"] is True
    assert cookie["secure"] is True  # kept on http://127.0.0.1 as on https
    assert cookie["sameSite"] == "Strict"
    assert cookie["path"] == "/api/auth"
    scripts_see_no_token(first, context)

    # a second tab signs itself in with the cookie: no sign-in form, no token in storage
    second = context.new_page()
    second.goto("/leads")
    signed_in(second)
    expect(second).to_have_url(re.compile(r"/leads$"))
    scripts_see_no_token(second, context)

    # both tabs load again at the same moment: the refresh of whichever comes first is held back until the other
    # is waiting too; the other takes its token instead of sending the cookie again (which would look like reuse)
    traffic.holding = True
    before = len(traffic.sent)
    first.evaluate("location.reload()")
    second.evaluate("location.reload()")
    for tab in (first, second):
        expect(tab.get_by_text("Signing you in…").or_(tab.get_by_text("Loading your workspace…"))).to_be_visible()
    wait_until(first, lambda: len(traffic.held) >= 1, "a refresh goes out")
    first.wait_for_timeout(1000)  # a second refresh, if any, has time to go out
    assert len(traffic.held) == 1, f"refresh calls of two tabs loading at once: {len(traffic.held)}"
    traffic.release()
    signed_in(first)
    signed_in(second)
    assert len(traffic.sent) - before == 1
    assert traffic.answers and set(traffic.answers) == {200}, traffic.answers

    # both access tokens expire; both tabs then call the API at once: one refresh between them
    time.sleep(max(0.0, traffic.sent[-1] + LIFETIME + 1.5 - time.monotonic()))
    before = len(traffic.sent)
    traffic.holding, traffic.refused = True, {}
    Shell(first).top_menu("Leads").click()
    Shell(second).top_menu("Dashboard").click()
    wait_until(first, lambda: len(traffic.refused) == 2, "both tabs meet the expired token")
    first.wait_for_timeout(1000)
    assert len(traffic.held) == 1, f"refresh calls of two tabs after the expiry: {len(traffic.held)}"
    traffic.release()
    expect(first.get_by_text("Your pipeline from E1 Found to E6 Closing.")).to_be_visible()
    expect(second).not_to_have_url(re.compile(r"/(leads|signin)"))
    first.wait_for_timeout(1000)
    assert len(traffic.sent) - before == 1, f"refresh calls after the expiry: {len(traffic.sent) - before}"
    assert set(traffic.answers) == {200}, traffic.answers
    signed_in(first)
    signed_in(second)
    scripts_see_no_token(first, context)

    first.screenshot(path=str(ARTIFACTS / "token-cookie-signed-in.png"))


def test_signing_out_in_one_tab_signs_the_others_out(context: BrowserContext, traffic: Traffic) -> None:
    first = context.new_page()
    SignInPage(first).open().sign_in("sales2", DEMO_PASSWORD)
    signed_in(first)
    second = context.new_page()
    second.goto("/system/client-management")
    signed_in(second)

    first.get_by_role("button", name="User menu").click()
    first.get_by_text("Sign Out", exact=True).click()
    expect(first).to_have_url(re.compile(r"/signin"))
    expect(second).to_have_url(re.compile(r"/signin"))
    expect(second.get_by_role("button", name="Sign In")).to_be_visible()
    assert not [c for c in context.cookies() if c["name"] == "crm_refresh"]  # the server cleared it

    # the session is over: a new page load stays signed out
    second.reload()
    expect(second.get_by_role("button", name="Sign In")).to_be_visible()
    assert traffic.answers[-1] == 401
