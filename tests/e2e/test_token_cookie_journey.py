"""Tokens out of reach of scripts, in a real browser: the access token lives in the tab's memory, the refresh token in
an httpOnly cookie; tabs that meet an expired token together send one refresh between them and stay signed in; a
sign-out in one tab signs the others out.

Its own live product, whose access tokens last a few seconds (ACCESS_TOKEN_MINUTES), so that they expire during
the test."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Response, Route, expect

from tests import live
from tests.conftest import DEMO_PASSWORD, ROOT, Services
from tests.e2e.conftest import ARTIFACTS, new_context
from tests.e2e.layout import screenshot
from tests.e2e.pages.auth import SignInPage
from tests.e2e.pages.shell import Shell
from tests.e2e.waits import eventually
from tests.live import LiveServer

LIFETIME = 8.0  # seconds an access token lasts in this test's product
REFRESH = "/api/auth/refresh"
REFRESH_LOCK = "crm-auth-refresh"  # the Web Lock every tab refreshes under (frontend/src/lib/api/tokens.ts)


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
    tab; the access tokens the tabs sent. While `holding`, refresh calls are held back (not answered) until
    `release`."""

    sent: list[float] = field(default_factory=list)
    bearers: set[str] = field(default_factory=set)
    answers: list[int] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)
    holding: bool = False
    held: list[Route] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        if request.url.endswith(REFRESH):
            self.sent.append(time.monotonic())
        elif "/api/" in request.url and request.headers.get("authorization", "").startswith("Bearer "):
            self.bearers.add(request.headers["authorization"])

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
    context = new_context(browser, short_tokens_server, viewport={"width": 1280, "height": 800})
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


def refresh_lock(page: Page) -> tuple[int, int]:
    """How many tabs hold the refresh lock and how many wait for it. A tab refreshes only while it holds the lock; one
    that finds it taken waits for it, and for the token of the tab holding it, instead of refreshing."""
    held, waiting = page.evaluate("""async (name) => {
        const state = await navigator.locks.query();
        return [state.held.filter((l) => l.name === name).length, state.pending.filter((l) => l.name === name).length];
    }""", REFRESH_LOCK)
    return int(held), int(waiting)


def one_refreshes_the_other_waits(page: Page, traffic: Traffic) -> None:
    """Until a refresh is out (held back) and the other tab waits for the lock: it found the lock taken, so it did
    not send a refresh of its own; what comes of its wait is counted once the refresh is released."""
    eventually(lambda: len(traffic.held) >= 1 and refresh_lock(page) == (1, 1),
               "one tab's refresh is out and the other tab waits for it", timeout=15, interval=0.1, page=page)


def refreshes_done(page: Page) -> None:
    """Until no tab holds or waits for the refresh lock: every tab has its token, and no refresh is still to come."""
    eventually(lambda: refresh_lock(page) == (0, 0), "no tab is refreshing", timeout=15, interval=0.1, page=page)


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


def test_tabs_share_one_refresh_and_scripts_see_no_token(context: BrowserContext, traffic: Traffic,
                                                         short_tokens_server: LiveServer) -> None:
    first = context.new_page()
    SignInPage(first).open()
    expect(first.get_by_role("button", name="Sign In")).to_be_visible()
    screenshot(first, ARTIFACTS / "token-cookie-signin.png")
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
    one_refreshes_the_other_waits(first, traffic)
    assert len(traffic.held) == 1, f"refresh calls of two tabs loading at once: {len(traffic.held)}"
    traffic.release()
    signed_in(first)
    signed_in(second)
    refreshes_done(first)
    assert len(traffic.sent) - before == 1
    assert traffic.answers and set(traffic.answers) == {200}, traffic.answers

    # both access tokens expire (the server refuses every token the tabs have sent); both tabs then call the API at
    # once: one refresh between them
    with httpx.Client(base_url=short_tokens_server.url, timeout=30) as http:
        eventually(lambda: all(http.get("/api/auth/session", headers={"Authorization": bearer}).status_code == 401
                               for bearer in traffic.bearers),
                   "the server refuses the tabs' access tokens", timeout=LIFETIME + 15, interval=0.5)
    before = len(traffic.sent)
    traffic.holding, traffic.refused = True, {}
    Shell(first).top_menu("Leads").click()
    Shell(second).top_menu("Dashboard").click()
    eventually(lambda: len(traffic.refused) == 2, "both tabs meet the expired token", timeout=15, interval=0.1,
               page=first)
    one_refreshes_the_other_waits(first, traffic)
    assert len(traffic.held) == 1, f"refresh calls of two tabs after the expiry: {len(traffic.held)}"
    traffic.release()
    expect(first.get_by_text("Your pipeline from E1 Found to E6 Closing.")).to_be_visible()
    expect(second).not_to_have_url(re.compile(r"/(leads|signin)"))
    refreshes_done(first)
    assert len(traffic.sent) - before == 1, f"refresh calls after the expiry: {len(traffic.sent) - before}"
    assert set(traffic.answers) == {200}, traffic.answers
    signed_in(first)
    signed_in(second)
    scripts_see_no_token(first, context)

    screenshot(first, ARTIFACTS / "token-cookie-signed-in.png")


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
