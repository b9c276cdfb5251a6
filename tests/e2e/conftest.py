"""Browser journeys: the real product (uvicorn serving the built front end, a worker process) in headless
Chromium, against the session's embedded services, in its own database, Redis db and task queue."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from tests import live
from tests.conftest import ROOT, Services
from tests.e2e.layout import screenshot
from tests.e2e.traffic import Traffic
from tests.geocoder_server import FakeGeocoder
from tests.live import LiveServer

__all__ = ["LiveServer"]  # the journeys type their fixture with it

CHROMIUM = "/usr/bin/chromium"
FAILED = pytest.StashKey[bool]()  # a test's call failed (its `page` is then screenshot)
TRAFFIC = pytest.StashKey[Traffic]()  # its browsers' API calls and the server's log, told when it fails
# what a journey waits for (a dialog, a row, a status) it waits for as long as for an action's element (the contexts'
# default, 15 s): expect's own 5 s ran out on a busy machine while a reset password was still being saved
WAIT_MS = 15_000
expect.set_options(timeout=WAIT_MS)
ARTIFACTS = ROOT / "test-artifacts"


_traffic = Traffic()  # the running test's browsers (new_context watches each one it opens)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before the test's fixtures open any browser: a fresh record of them."""
    global _traffic
    _traffic = item.stash[TRAFFIC] = Traffic()


def traffic() -> Traffic:
    """The running test's record of its browsers' API calls."""
    return _traffic


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    report: pytest.TestReport = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
        told = item.stash.get(TRAFFIC, None)
        if report.failed and told is not None and told.browsers:
            report.sections.append(("its browsers' API calls and the server's log", told.report()))
    return report


@pytest.fixture(scope="session")
def live_server(services: Services, geocoder_server: FakeGeocoder) -> Iterator[LiveServer]:
    # FRONTEND_DIST lets a session serve its own build (vite build --outDir ...) beside another one
    dist_dir = Path(os.environ.get("FRONTEND_DIST") or ROOT / "frontend" / "dist")
    if not (dist_dir / "index.html").is_file():
        pytest.fail("the front end is not built: run `make build` (make test does it)")
    # the activity form's place search asks the local fake Nominatim (tests/geocoder_server.py), and its map's tiles
    # come from there too: never the internet
    with live.live_server(services, "e2e", redis_db=1, FRONTEND_DIST=str(dist_dir),
                          GEOCODER_URL=geocoder_server.url,
                          MAP_TILE_URL=f"{geocoder_server.url}/tiles/{{z}}/{{x}}/{{y}}.png",
                          # an approval layer's hour of deadline lasts 7.5 s (the delegation and escalation journey)
                          APPROVAL_DEADLINE_SCALE=str(7.5 / 3600),
                          # an import of a few hundred rows runs as a workflow (the import journey)
                          IMPORT_INLINE_ROWS="100") as server:
        yield server


# Chromium 156 draws its address bar's suggestions with a WebUI page (chrome://omnibox-popup.top-chrome/), made for
# every window, so for every browser context a journey opens: a renderer of its own that took about 0.8 s of CPU per
# context (sampled over four journeys) for a popup nobody opens. Those features off, no such renderer starts.
#
# V8's top tier (TurboFan) compiles a page's hot functions on background threads, work that a page which lives for
# seconds never earns back: without it (Maglev stays), a load took 13-14% less of the browser's CPU and a move within
# the app the same (paired runs of 8 loads and 8 moves in two browsers, 4 and 8 rounds).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic",
                 "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
                 "--js-flags=--max-opt=2"]


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """One Playwright for the whole run: its sync API refuses a second one while the first runs its loop."""
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def new_context(browser: Browser, server: LiveServer, **options: Any) -> BrowserContext:
    """A browser context of the app `server` serves (a person's own browser: cookies, storage), whose actions wait
    WAIT_MS for their element, as its expects do. Its person has asked their system for less motion (the app then
    opens dialogs, drawers and toasts at once, frontend/src/app/providers.tsx), unless `reduced_motion` says
    otherwise: a click lands on a dialog where it stands, and no frame is drawn for an animation nobody watches."""
    options.setdefault("reduced_motion", os.environ.get("E2E_REDUCED_MOTION", "reduce"))
    context = browser.new_context(base_url=server.url, **options)
    context.set_default_timeout(WAIT_MS)
    _traffic.watch(context, server.log)  # told if the test fails
    _open.append(context)
    context.on("close", lambda closed: _open.remove(closed) if closed in _open else None)
    return context


_open: list[BrowserContext] = []  # the contexts new_context opened that are not closed yet


@pytest.fixture(autouse=True)
def no_tab_left_open() -> Iterator[None]:
    """A journey's own browser contexts are closed when it ends, however it ends: a tab left open stays signed in on
    the session's server, and another journey's precondition ("sales1 is offline", a presence) would wait on it. The
    contexts of module fixtures (opened before this runs) are theirs to close."""
    before = list(_open)
    yield
    for context in [c for c in _open if c not in before]:
        context.close()


@pytest.fixture
def page(browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # the app's Content-Security-Policy (api/core/headers.py) must hold on every page a journey opens
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and "Content Security Policy" in msg.text else None)
    yield page
    # the page as the journey left it: for a journey that failed, and for review (E2E_SCREENSHOTS=1)
    failed = request.node.stash.get(FAILED, False)
    screenshot(page, ARTIFACTS / f"{request.node.name}.png", full_page=True, always=failed)
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
