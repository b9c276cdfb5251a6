"""Screens tour: every role (admin, a sales person, a team leader, top management and an approver) opens the screens
of the route table it may open at 1280x800 and on a 390x844 phone. Each screen must show
its heading (or its result title) in the page shell's header, with its trail where it has one, fit the window's
width, keep every action button in view (header actions, form buttons, a row's actions), throw no uncaught error and
get no 5xx answer. Full-page screenshots go to test-artifacts/tour/<user>-<screen>-<width>.png (every screen's with
E2E_SCREENSHOTS=1, `make screenshots`; otherwise those of screens with a finding); console errors, failed requests and
4xx answers are printed per screen for whoever reviews the screenshots."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Request, Response, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from sqlalchemy import text

from api.core.config import get_settings
from api.core.db import make_engine
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, WAIT_MS, LiveServer, new_context
from tests.e2e.honest_screens import VISIBLE_TEXT, csp_violation, few, untrue
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import settled

SHOTS = ARTIFACTS / "tour"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
# each tour runs once at a desk and once on a phone, as two tests: each fails, and is timed, on its own
WIDTHS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
QUEUED_PROJECT = "Tour hold request for the approval queue"
# the plans the schedule page shows: (days from today, hour, minute, activity type, remark)
PLANS = [(1, 9, 0, 1, "Walk the CIO through the proposal and the rollout plan."), (1, 14, 0, 3, "Demo the dashboard."),
         (2, 10, 30, 2, "Present the migration plan to the board."), (6, 15, 0, 1, "Agree on the pilot scope.")]
LANDMARKS = "h1, h2, h3, h4, h5, .ant-result-title"
# the dashboard's heading greets the user ("Good evening, Andi", with "(Hierarchy Whitelisted)" where the role has it)
GREETING = re.compile(r"^Good \w+, \S.*$")

# Layout checks a stop can ask for (Stop.checks): each script returns what is wrong on the screen, [] when nothing.
# Every shell screen: its heading in the header, the trail when the screen has one (a JSON answer).
SHELL = """(trail) => {
    const problems = [];
    const heading = document.querySelector('.page-header .page-header__heading h3');
    if (!heading || heading.getBoundingClientRect().height === 0) problems.push('no heading in the page header');
    const crumbs = document.querySelector('.page-breadcrumb');
    if (trail && !crumbs) problems.push('no trail above the heading');
    if (crumbs && heading && crumbs.getBoundingClientRect().bottom > heading.getBoundingClientRect().top + 1) {
        problems.push('the trail is not above the heading');
    }
    return problems;
}"""

# Every screen: each action button (the header's, a form's, a row's menu) lies inside the window and inside every
# box that clips it (a table scrolling sideways), so none is cut or scrolled out of reach.
ACTIONS = """() => {
    const buttons = [...document.querySelectorAll(
        '.page-header__actions button, .page-header__actions a, .form-actions button, [aria-label^="Actions for"]')];
    const problems = [];
    for (const button of buttons) {
        const r = button.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;  // hidden
        const name = (button.getAttribute('aria-label') || button.textContent || '').trim();
        if (r.left < -0.5 || r.right > window.innerWidth + 0.5) {
            problems.push(`'${name}' is cut at the window's edge (${Math.round(r.left)}-${Math.round(r.right)} px)`);
            continue;
        }
        for (let box = button.parentElement; box && box !== document.body; box = box.parentElement) {
            const overflow = getComputedStyle(box).overflowX;
            if (overflow === 'visible') continue;
            const b = box.getBoundingClientRect();
            if (r.left < b.left - 0.5 || r.right > b.right + 0.5) {
                problems.push(`'${name}' is outside the box that shows it (${box.className})`);
                break;
            }
        }
    }
    return problems;
}"""

CHECKS: dict[str, str] = {
    # A word of a table header or cell laid out on two lines: its column is too narrow ("Laye rs", "22-Nov- 2026");
    # a hyphen between two words may end a line ("two-" / "layer"), as in print.
    "words": """() => [...document.querySelectorAll('.ant-table-thead th, .ant-table-tbody td')].flatMap((cell) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const broken = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            // a copy nobody sees (antd's ellipsis measures the whole text in a hidden twin) is not read
            const parent = node.parentElement;  // (its box also bounds the lines shown, below)
            const unseen = parent && (parent.closest('[aria-hidden="true"]')
                || getComputedStyle(parent).visibility === 'hidden');
            if (unseen) continue;
            for (const word of node.data.matchAll(/(?:[^\\s-]|-(?![A-Za-z])|(?<![A-Za-z])-)+-?/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                // only the lines one sees: a clamped message ("three lines, then ...") hides the ones below
                const shown = parent ? parent.getBoundingClientRect().bottom : Infinity;
                const lines = new Set([...range.getClientRects()].filter((r) => r.top < shown - 1)
                    .map((r) => Math.round(r.top)));
                if (lines.size > 1) broken.push(`'${word[0]}' breaks over ${lines.size} lines`);
            }
        }
        return broken;
    })""",
    # A cell whose text is cut with an ellipsis ("Closing appro...").
    "cells": """() => [...document.querySelectorAll('.ant-table-tbody td.ant-table-cell-ellipsis')]
        .filter((td) => td.scrollWidth > td.clientWidth).map((td) => `'${td.textContent}' is cut`)""",
    # The pipeline designer has room for its layers: a canvas at a desk, a list of readable rows on a phone.
    "designer": """() => {
        const problems = [];
        if (window.innerWidth < 768) {
            const rows = [...document.querySelectorAll('[data-testid="pipeline-layer-row"]')];
            if (document.querySelector('.pipeline-designer__canvas')) problems.push('a phone shows the graph canvas');
            for (const row of rows) {
                const r = row.getBoundingClientRect();
                if (r.width < 300 || r.height < 44) problems.push(`a layer row is ${r.width} x ${r.height} px`);
            }
        } else {
            const canvas = document.querySelector('.pipeline-designer__canvas')?.getBoundingClientRect();
            if (!canvas || canvas.width < 250 || canvas.height < 250) {
                problems.push(`the layer canvas is ${canvas?.width ?? 0} x ${canvas?.height ?? 0} px`);
            }
        }
        for (const title of document.querySelectorAll('.ant-card-head-title')) {
            if (title.scrollWidth > title.clientWidth) problems.push(`the card title '${title.textContent}' is cut`);
        }
        return problems;
    }""",
}


@dataclass(frozen=True)
class Stop:
    name: str
    path: str
    landmark: str | re.Pattern[str]
    # a selector of what only this screen shows, when its landmark is the previous stop's too (the same page for
    # another record or view): moving within the app, the landmark is found on the screen being left
    shows: str | None = None
    fits: bool = True  # asserted to fit the window's width
    checks: tuple[str, ...] = ()  # names of CHECKS asserted on the screen at both widths
    shell: bool = True  # a screen of the page shell: its heading in the shell's header (results and public pages not)
    trail: bool = False  # the shell's trail (breadcrumb) above the heading
    tabs: tuple[str, ...] | None = None  # the phone's bottom-bar tabs, asserted at 390 px
    home: str | None = None  # where the 403 page's Home Page button leads
    # after the checks: the controls clicked in turn, (role, accessible name pattern), to open a dialog, whose box is
    # then asserted to fit the window and screenshotted as <key>-dialog
    opens: tuple[tuple[str, str], ...] = ()


@dataclass
class Findings:
    """What the browser reported on one screen."""

    page_errors: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    client_errors: list[str] = field(default_factory=list)
    missing_landmark: str | None = None
    overflow: str | None = None
    must_fit: bool = False
    still_loading: bool = False
    problems: list[str] = field(default_factory=list)  # from the stop's checks, tabs and home; asserted
    csp: list[str] = field(default_factory=list)  # Content-Security-Policy violations in the console; asserted
    untrue: list[str] = field(default_factory=list)  # what the screen should not say (honest_screens); asserted

    @property
    def wrong(self) -> bool:
        """Something the tour asserts went wrong on the screen."""
        return bool(self.missing_landmark or self.page_errors or self.server_errors or self.problems
                    or (self.overflow and self.must_fit) or self.csp or self.untrue)


class Tour:
    """One signed-in browser context of one user; findings are filed under the screen being visited."""

    def __init__(self, browser: Browser, live_server: LiveServer, username: str, viewport: ViewportSize):
        self.username = username
        self.viewport = viewport
        self.signed_in = False  # the screens before the sign-in are opened by their address at any width
        # the app starts at the tour's width, as on a person's phone
        self.context = new_context(browser, live_server, viewport=viewport)
        self.page = self.context.new_page()
        self.findings: dict[str, Findings] = {}
        self.current = Findings()
        self.page.on("pageerror", lambda exc: self.current.page_errors.append(str(exc)))
        self.page.on("console", self._console)
        self.page.on("requestfailed", self._failed)
        self.page.on("response", self._answered)

    def _console(self, message: ConsoleMessage) -> None:
        if csp_violation(message.text):
            self.current.csp.append(message.text)
        if message.type == "error":
            self.current.console_errors.append(message.text)

    def _failed(self, request: Request) -> None:
        if request.failure == "net::ERR_ABORTED":
            return  # leaving a screen cancels its notification stream and pending queries
        self.current.failed_requests.append(f"{request.method} {request.url} ({request.failure})")

    def _answered(self, response: Response) -> None:
        line = f"{response.request.method} {response.url} -> {response.status}"
        if response.status >= 500:
            self.current.server_errors.append(line)
        elif response.status >= 400:
            self.current.client_errors.append(line)

    def visit(self, stop: Stop) -> None:
        viewport = self.viewport
        key = f"{self.username}-{stop.name}-{viewport['width']}"
        self.current = self.findings.setdefault(key, Findings())
        self._open(stop.path)
        landmark = self.page.locator(LANDMARKS).filter(has_text=stop.landmark).first
        try:
            # not expect(): each of its polls that misses renders the whole page's accessibility tree for the
            # failure message it might print, a tenth of the browser's work in a tour
            landmark.wait_for(state="visible", timeout=WAIT_MS)
        except PlaywrightTimeoutError:
            self.current.missing_landmark = f"{stop.path}: no heading {stop.landmark!r}"
        if stop.shows and not self.current.missing_landmark:
            try:
                self.page.locator(stop.shows).first.wait_for(state="visible", timeout=WAIT_MS)
            except PlaywrightTimeoutError:
                self.current.missing_landmark = f"{stop.path}: shows no {stop.shows!r}"
        self._settle()
        sizes: dict[str, int] = self.page.evaluate(
            "() => ({page: document.documentElement.scrollWidth, window: window.innerWidth})")
        if sizes["page"] > sizes["window"]:
            self.current.overflow = f"the page is {sizes['page']} px wide in a {sizes['window']} px window"
            self.current.must_fit = stop.fits
        if stop.shell:
            self.current.problems += [f"shell: {p}" for p in self.page.evaluate(SHELL, stop.trail)]
        self.current.problems += [f"actions: {p}" for p in self.page.evaluate(ACTIONS)]
        for check in stop.checks:
            self.current.problems += [f"{check}: {p}" for p in self.page.evaluate(CHECKS[check])]
        self.current.untrue += untrue(self.page.evaluate(VISIBLE_TEXT), stop.path)
        if stop.tabs is not None and viewport == PHONE:
            tabs = self.page.locator(".bottom-bar a > span:last-child").all_inner_texts()  # labels, not badges
            if tuple(t.strip() for t in tabs) != stop.tabs:
                self.current.problems.append(f"bottom bar tabs {tabs}, expected {list(stop.tabs)}")
        screenshot(self.page, SHOTS / f"{key}.png", full_page=True, always=self.current.wrong)
        if stop.opens:
            for role, name in stop.opens:
                self.page.get_by_role(role, name=re.compile(name)).first.click()  # type: ignore[arg-type]
            dialog = self.page.locator(".ant-modal-container, .ant-drawer-section").last
            expect(dialog).to_be_visible()
            settled(self.page)  # measured once it has finished opening (it zooms or slides in)
            box = dialog.bounding_box() or {"x": -1, "width": 0}
            if box["x"] < 0 or box["x"] + box["width"] > viewport["width"] + 0.5:
                self.current.problems.append(f"the dialog spans {box['x']:.0f}-{box['x'] + box['width']:.0f} px")
            screenshot(self.page, SHOTS / f"{key}-dialog.png", always=self.current.wrong)
            self.page.keyboard.press("Escape")
        if stop.home is not None:
            self.page.get_by_role("button", name="Home Page").click()
            try:
                expect(self.page).to_have_url(re.compile(re.escape(stop.home) + "$"))
            except AssertionError:
                self.current.problems.append(f"Home Page opened {self.page.url}, expected {stop.home}")

    def _open(self, path: str) -> None:
        """Open a screen: once signed in, within the app, as its links and the browser's back and forward buttons move
        (the router follows the history), so the screen mounts right after another one, with the data that one left
        cached; before, by loading its address. A load costs the browser three times the work of a move, all of it
        the app's start, which is the same at every address (the journeys load addresses throughout, and each of them
        starts at one)."""
        if self.signed_in:
            self.page.evaluate(
                "(path) => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')); }", path)
        else:
            self.page.goto(path)

    def _settle(self) -> None:
        """Wait for the screen's data: no spinner or skeleton is left (the notification stream keeps a request open
        for good, so the network never goes idle)."""
        try:
            expect(self.page.locator(".ant-spin-spinning, .ant-skeleton-active")).to_have_count(0, timeout=10_000)
        except AssertionError:
            self.current.still_loading = True  # reported; the screenshot shows the spinner
        settled(self.page)  # drawers, modals and toasts have finished opening

    def run(self, stops: list[Stop], *, anonymous: list[Stop] | None = None) -> None:
        try:
            for stop in anonymous or []:
                self.visit(stop)
            sign_in(self.page, self.username)
            self.signed_in = True
            for stop in stops:
                self.visit(stop)
        finally:
            self.context.close()
        self.report()

    def report(self) -> None:
        for key, found in self.findings.items():
            notes = [*(f"uncaught: {e}" for e in found.page_errors), *(f"5xx: {e}" for e in found.server_errors),
                     *(f"console: {e}" for e in found.console_errors),
                     *(f"request failed: {e}" for e in found.failed_requests),
                     *(f"4xx: {e}" for e in found.client_errors)]
            notes += [n for n in (found.missing_landmark, found.overflow) if n]
            notes += ["still loading after 10 s"] if found.still_loading else []
            notes += found.problems + [f"CSP: {c}" for c in found.csp] + [f"says: {u}" for u in found.untrue]
            for note in notes:
                print(f"[{key}] {note}")
        missing = [f.missing_landmark for f in self.findings.values() if f.missing_landmark]
        uncaught = {k: f.page_errors for k, f in self.findings.items() if f.page_errors}
        server = {k: f.server_errors for k, f in self.findings.items() if f.server_errors}
        too_wide = {k: f.overflow for k, f in self.findings.items() if f.overflow and f.must_fit}
        problems = {k: f.problems for k, f in self.findings.items() if f.problems}
        assert not missing, f"screens without their heading: {missing}"
        assert not uncaught, f"uncaught errors in the page: {uncaught}"
        assert not server, f"server errors: {server}"
        assert not too_wide, f"screens wider than the window: {too_wide}"
        assert not problems, f"layout problems: {problems}"
        self.assert_honest()

    def assert_honest(self) -> None:
        """No screen broke the Content-Security-Policy or says what it should not (issue 33, point 2)."""
        csp = {k: f.csp for k, f in self.findings.items() if f.csp}
        said = {k: few(f.untrue) for k, f in self.findings.items() if f.untrue}
        assert not csp, f"Content-Security-Policy violations: {csp}"
        assert not said, f"screens saying what they should not (internal codes, other date or money styles): {said}"


@pytest.fixture(scope="module")
def seeded(live_server: LiveServer) -> dict[str, Any]:
    """Ids of the seeded demo records the screens show: the leads with a draft and an approved cost sheet, and one
    client, contact, COA entry, pipeline of each kind and stage."""
    engine = make_engine(live_server.database_url)
    one = {
        "draft": "SELECT l.id, l.project_name FROM leads l JOIN project_cost_sheets s ON s.lead_id = l.id "
                 "WHERE s.status = 'SAVED_AS_DRAFT' ORDER BY l.id LIMIT 1",
        "approved": "SELECT l.id, l.project_name FROM leads l JOIN project_cost_sheets s ON s.lead_id = l.id "
                    "WHERE s.status = 'APPROVED' ORDER BY l.id LIMIT 1",
        "client": "SELECT id FROM clients ORDER BY id LIMIT 1",
        # a demo activity on a lead of sales1 (the team of tl1)
        "activity": "SELECT a.lead_id, a.id FROM activities a JOIN leads l ON l.id = a.lead_id "
                    "JOIN users u ON u.id = l.sales_person_id WHERE u.username = 'sales1' ORDER BY a.id LIMIT 1",
        "contact": "SELECT id, fullname FROM contacts ORDER BY id LIMIT 1",
        "coa": "SELECT id FROM chart_of_accounts WHERE is_active ORDER BY id LIMIT 1",
        "lead_pipeline": "SELECT id FROM approval_pipelines WHERE action_type <> 'PCS' ORDER BY id LIMIT 1",
        "pcs_pipeline": "SELECT id FROM approval_pipelines WHERE action_type = 'PCS' ORDER BY id LIMIT 1",
        "stage": "SELECT id FROM stages ORDER BY id LIMIT 1",
        "admin": "SELECT id FROM users WHERE username = 'admin'",
        "sales_role": "SELECT id FROM roles WHERE name = 'SALES'",
        "contacts_page": "SELECT id FROM pages WHERE code = 'system/contact-management'",
        "lead_request": "SELECT id FROM approval_requests WHERE request_type <> 'PCS' ORDER BY id LIMIT 1",
        "pcs_request": "SELECT id FROM approval_requests WHERE request_type = 'PCS' ORDER BY id LIMIT 1",
        "sales1": "SELECT id, fullname FROM users WHERE username = 'sales1'",
        "notification_setting": "SELECT id FROM notification_settings WHERE action = 'REQUEST_SUBMITTED'",
        "reminder_setting": "SELECT id FROM notification_settings WHERE action = 'SCHEDULE_STARTING'",
        "cold_lead_setting": "SELECT id FROM notification_settings WHERE action = 'LEAD_NOT_CONTACTED'",
    }
    with engine.connect() as connection:
        rows = {name: connection.execute(text(sql)).first() for name, sql in one.items()}
    engine.dispose()
    missing = [name for name, row in rows.items() if row is None]
    assert not missing, f"the demo seed has no {missing}"
    return {name: tuple(row) for name, row in rows.items() if row is not None}


@pytest.fixture
def queued(live_server: LiveServer) -> Iterator[None]:
    """A hold request of sales1 waiting for approver1, so the queue has a row; decided afterwards."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales, approver = token(http, "sales1"), token(http, "approver1")
        client_id = http.get("/api/master-data/clients", headers=sales).json()["results"][0]["id"]
        lead = http.post("/api/leads", json={"clientId": client_id, "projectName": QUEUED_PROJECT}, headers=sales)
        assert lead.status_code == 200, lead.text
        r = http.post(f"/api/leads/{lead.json()['results']['id']}/approval-requests",
                      json={"requestType": "HOLD_LEAD", "notes": "Budget frozen until next quarter."}, headers=sales)
        assert r.status_code == 200, r.text
        try:
            yield
        finally:
            http.put(f"/api/approval/{r.json()['results']['approvalId']}/handle-hold",
                     json={"approversAction": "APPROVED"}, headers=approver)


@pytest.fixture(scope="module")
def planned(live_server: LiveServer) -> Iterator[None]:
    """A few plans of sales1 in the coming week on a lead with a person in charge (at the business's hours, TIME_ZONE's,
    which the app shows whatever the browser's zone), so the schedule's list and calendar have something to show;
    removed afterwards."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales1")
        target = None
        for client in http.get("/api/activity/client", headers=sales).json()["results"]:
            for project in http.get(f"/api/activity/project/{client['clientId']}", headers=sales).json()["results"]:
                pics = http.get(f"/api/activity/pic/{project['leadId']}", headers=sales).json()["results"]
                if pics:
                    target = (client, project, pics[0])
                    break
            if target:
                break
        assert target, "sales1 has no lead with a person in charge"
        client, project, pic = target
        today = datetime.now(ZoneInfo(get_settings().time_zone)).replace(second=0, microsecond=0)
        ids = []
        for days, hour, minute, activity, remark in PLANS:
            at = (today + timedelta(days=days)).replace(hour=hour, minute=minute)
            r = http.post("/api/activity/schedule", headers=sales, json={
                "client": {"value": client["clientId"], "label": client["clientName"]},
                "projectName": {"value": project["leadId"], "label": project["projectName"]},
                "personInCharge": {"value": pic["picId"], "label": pic["picName"]},
                "activity": {"value": activity, "label": ""}, "dateAndTime": at.isoformat(), "remark": remark})
            assert r.status_code == 200, r.text
            ids.append(r.json()["results"]["id"])
        try:
            yield
        finally:
            for schedule_id in ids:
                http.delete(f"/api/activity/schedule/{schedule_id}", headers=sales)


@WIDTHS
def test_admin_tours_every_screen(browser: Browser, live_server: LiveServer, seeded: dict[str, Any],
                                  viewport: ViewportSize) -> None:
    draft, draft_name = seeded["draft"]
    approved, approved_name = seeded["approved"]
    (client,), (coa,), (stage,), (admin,) = seeded["client"], seeded["coa"], seeded["stage"], seeded["admin"]
    contact, contact_name = seeded["contact"]
    (lead_pipeline,), (pcs_pipeline,) = seeded["lead_pipeline"], seeded["pcs_pipeline"]
    (notification_setting,), (reminder_setting,) = seeded["notification_setting"], seeded["reminder_setting"]
    (cold_lead_setting,) = seeded["cold_lead_setting"]
    (sales_role,), (contacts_page,), (sales1, _) = seeded["sales_role"], seeded["contacts_page"], seeded["sales1"]
    (lead_request,), (pcs_request,) = seeded["lead_request"], seeded["pcs_request"]
    anonymous = [
        Stop("signin", "/signin", "Sign in", shell=False),
        Stop("forgot-password", "/forgot-password", "Forgot password", shell=False),
        Stop("reset-password", "/forgot-password/not-a-real-token", "Set a new password", shell=False),
    ]
    stops = [
        Stop("dashboard", "/", GREETING, shell=False),
        Stop("welcome", "/welcome", re.compile(r"^Good \w+, .+!$"), shell=False),
        Stop("sample", "/sample", "Sample"),
        Stop("leads", "/leads", "Leads"),
        Stop("lead-add", "/leads/add", "Add Lead", trail=True),
        Stop("lead-detail-draft", f"/leads/{draft}", draft_name, trail=True),
        Stop("lead-detail-approved", f"/leads/{approved}", approved_name, trail=True),
        Stop("lead-stage", f"/leads/{draft}/qualified", "E3 Qualified", trail=True),
        Stop("lead-edit", f"/leads/{draft}/edit", "Edit Lead", trail=True),
        Stop("pcs-draft", f"/leads/{draft}/project-cost-sheet", "Project Cost Sheet", trail=True,
             shows=f".page-header__subtitle:has-text({json.dumps(draft_name, ensure_ascii=False)})"),
        Stop("pcs-approved", f"/leads/{approved}/project-cost-sheet", "Project Cost Sheet", trail=True,
             shows=f".page-header__subtitle:has-text({json.dumps(approved_name, ensure_ascii=False)})"),
        Stop("generate-pid", f"/leads/{approved}/generate-pid", f"Generate PID Number for {approved_name}", trail=True),
        Stop("pdf", "/pdf", "PCS PDF Test"),
        Stop("system", "/system", "System"),
        Stop("clients", "/system/client-management", "Client Management", trail=True, checks=("words",)),
        Stop("client-add", "/system/client-management/add", "Add Client", trail=True),
        Stop("client-edit", f"/system/client-management/{client}", "Edit Client", trail=True),
        Stop("contacts", "/system/contact-management", "Contact Management", trail=True),
        Stop("contact-add", "/system/contact-management/add", "Add Contact", trail=True),
        Stop("contact-view", f"/system/contact-management/{contact}", contact_name, trail=True),
        Stop("contact-edit", f"/system/contact-management/{contact}/edit", "Edit Contact", trail=True),
        Stop("coa", "/system/coa-management", "COA Management", trail=True, checks=("words",),
             opens=(("button", r"^Actions for "), ("menuitem", "Remove"))),
        Stop("coa-add", "/system/coa-management/add", "Add COA Setting", trail=True),
        Stop("coa-view", f"/system/coa-management/{coa}", "COA Detail", trail=True),
        Stop("coa-edit", f"/system/coa-management/{coa}/edit", "Edit COA Setting", trail=True),
        Stop("approval", "/system/approval", "Approval", trail=True),
        Stop("approval-pipelines", "/system/approval-pipeline", "Approval Pipeline", checks=("words", "cells"),
             trail=True),
        Stop("approval-pipeline-add", "/system/approval-pipeline/add", "Add Approval Pipeline", checks=("designer",),
             trail=True),
        Stop("approval-pipeline-edit", f"/system/approval-pipeline/edit/{lead_pipeline}", "Edit Approval Pipeline",
             checks=("designer",), trail=True),
        Stop("pcs-pipelines", "/system/pcs-approval-pipeline", "PCS Approval Pipeline", checks=("words", "cells"),
             trail=True),
        Stop("pcs-pipeline-add", "/system/pcs-approval-pipeline/add", "Add PCS Approval Pipeline",
             checks=("designer",), trail=True),
        Stop("pcs-pipeline-edit", f"/system/pcs-approval-pipeline/edit/{pcs_pipeline}", "Edit PCS Approval Pipeline",
             checks=("designer",), trail=True),
        Stop("stages", "/system/stage-management", "Stage Management", checks=("words", "cells"), trail=True),
        Stop("stage-add", "/system/stage-management/add", "Add Stage", trail=True),
        Stop("stage-edit", f"/system/stage-management/edit/{stage}", "Edit Stage", trail=True),
        Stop("holidays", "/system/holidays", "Holidays", checks=("words", "cells"), trail=True),
        Stop("approval-insights", "/system/approval-insights", "Approval Insights", checks=("words", "cells"),
             trail=True),
        Stop("notification-settings", "/system/notification-management", "Notification Management",
             checks=("words", "cells"), trail=True),
        Stop("notification-setting", f"/system/notification-management/{notification_setting}",
             "Edit Request submitted", trail=True),
        Stop("reminder-settings", "/system/reminder-management", "Reminder Management", checks=("words", "cells"),
             trail=True),
        Stop("reminder-setting", f"/system/reminder-management/{reminder_setting}", "Edit Activity schedule starting",
             trail=True),
        Stop("reminder-setting-cold-lead", f"/system/reminder-management/{cold_lead_setting}",
             "Edit Lead not contacted", trail=True),
        Stop("inbox", "/user/inbox", "Inbox"),
        Stop("profile", "/user/profile", "My Profile"),
        Stop("change-password", f"/user/profile/{admin}/change-password", "Change Password"),
        Stop("users", "/system/user-management", "User Management", trail=True),
        Stop("user-add", "/system/user-management/add", "Add User", trail=True),
        Stop("user-edit", f"/system/user-management/{admin}", "Edit User", trail=True),
        Stop("user-set-password", f"/system/user-management/{admin}/change-password", "Set Password", trail=True),
        Stop("audit-log", "/system/audit-log", "Audit Log", trail=True),
        Stop("sign-in-providers", "/system/sign-in-providers", "Sign-in Providers", trail=True),
        Stop("hierarchy", "/system/user-hierarchy", "User Hierarchy", trail=True),
        Stop("roles", "/system/menu-page-access", "Menu Page Access", trail=True, checks=("words",)),
        Stop("effective-access", f"/system/menu-page-access?tab=effective&user={sales1}", "Menu Page Access",
             trail=True, shows='.ant-tabs-tab-active:has-text("Effective access")'),
        Stop("role-add", "/system/menu-page-access/add", "Add Role", trail=True),
        Stop("role", f"/system/menu-page-access/{sales_role}", "Sales Executive", trail=True),
        Stop("pages", "/system/page-management", "Page Management", trail=True),
        Stop("page-add", "/system/page-management/add", "Add Page", trail=True),
        Stop("page-edit", f"/system/page-management/{contacts_page}", "Edit Page", trail=True),
        Stop("menus", "/system/menu-management", "Menu Management", trail=True),
        Stop("leads-management", "/system/leads-management", "Leads Management", trail=True),
        Stop("leads-management-add", "/system/leads-management/add", "Add Lead", trail=True),
        Stop("leads-management-edit", f"/system/leads-management/edit/{draft}", "Edit Lead", trail=True),
        Stop("leads-monitoring", "/system/leads-monitoring", "Leads Monitoring", trail=True),
        Stop("assignments", "/system/assignment-monitoring", "Assignment Monitoring", trail=True, checks=("words",)),
        Stop("reassign", "/system/assignment-monitoring/add", "Reassign Leads", trail=True),
        Stop("lead-register", "/system/lead-approval", "Lead Approval", trail=True),
        Stop("lead-register-add", "/system/lead-approval/add", "Add Lead Approval Request", trail=True),
        Stop("lead-request", f"/system/lead-approval/{lead_request}/edit", f"Request #{lead_request}", trail=True),
        Stop("pcs-register", "/system/pcs-approval", "PCS Approval", trail=True),
        Stop("pcs-request", f"/system/pcs-approval/{pcs_request}", f"Cost sheet request #{pcs_request}", trail=True),
        Stop("monthly-billing", "/system/monthly-billing", "Monthly Billing", trail=True, checks=("words", "cells")),
        Stop("sales-monitoring", "/system/sales-monitoring", "Sales Monitoring", trail=True),
        Stop("weblink-sip", "/weblink/sip", "Web Link SIP", shell=False),
        Stop("change-password", "/change-password", "Change Password", shell=False),
        Stop("privacy-policy", "/privacy-policy", "Privacy Policy", shell=False),
        Stop("error-403", "/error-403", "Access Denied.", shell=False),
        Stop("not-found", "/no-such-screen", "Page not found", shell=False),
    ]
    Tour(browser, live_server, "admin", viewport).run(stops, anonymous=anonymous)


@WIDTHS
def test_sales_person_tours_their_screens(browser: Browser, live_server: LiveServer, seeded: dict[str, Any],
                                         planned: None, viewport: ViewportSize) -> None:
    draft, draft_name = seeded["draft"]
    (client,) = seeded["client"]
    contact, contact_name = seeded["contact"]
    activity_lead, activity = seeded["activity"]
    stops = [
        Stop("dashboard", "/", GREETING, shell=False),
        Stop("leads", "/leads", "Leads"),
        Stop("lead-add", "/leads/add", "Add Lead", trail=True),
        Stop("lead-detail", f"/leads/{draft}", draft_name, trail=True),
        Stop("lead-edit", f"/leads/{draft}/edit", "Edit Lead", trail=True),
        Stop("pcs-draft", f"/leads/{draft}/project-cost-sheet", "Project Cost Sheet", trail=True),
        Stop("activity-add", f"/leads/{activity_lead}/activity/add/meeting", "New Meeting", trail=True),
        Stop("activity-quick", f"/leads/{activity_lead}/activity/add/demo?quick=1", "New Demo", trail=True),
        Stop("activity-detail", f"/leads/{activity_lead}/activity/{activity}", re.compile(r"^Meeting · "), trail=True),
        # the plans at the business's hours (TIME_ZONE), whatever zone the browser is in
        Stop("schedule", "/activity-schedule", "Activity Schedule", opens=(("button", r"Add Schedule$"),),
             shows='.schedule-item__time:text-is("09:00")'),
        Stop("schedule-calendar", "/activity-schedule?view=calendar", "Activity Schedule",
             shows=".schedule-calendar__grid--month"),
        Stop("schedule-week", "/activity-schedule?view=calendar&mode=week", "Activity Schedule",
             shows=".schedule-calendar__grid--week"),
        Stop("system", "/system", "System"),
        Stop("clients", "/system/client-management", "Client Management", trail=True),
        Stop("client-edit", f"/system/client-management/{client}", "Edit Client", trail=True),
        Stop("contacts", "/system/contact-management", "Contact Management", trail=True),
        Stop("contact-view", f"/system/contact-management/{contact}", contact_name, trail=True),
        Stop("inbox", "/user/inbox", "Inbox"),
        Stop("profile", "/user/profile", "My Profile"),
        Stop("coa-forbidden", "/system/coa-management", "Access Denied.", shell=False),
        Stop("sales-target-forbidden", "/system/sales-target", "Access Denied.", shell=False),
    ]
    Tour(browser, live_server, "sales1", viewport).run(stops)


@WIDTHS
@pytest.mark.parametrize("username", ["tl1", "topmanager"])
def test_team_leader_and_top_management_tour_the_pipeline(browser: Browser, live_server: LiveServer,
                                                          seeded: dict[str, Any], planned: None, username: str,
                                                          viewport: ViewportSize) -> None:
    draft, draft_name = seeded["draft"]
    activity_lead, activity = seeded["activity"]
    sales1, sales1_name = seeded["sales1"]
    # top management sets targets (the dialog is opened and measured); a team leader reads their team's
    set_target = (("button", r"^(Set|Change) the target of "),) if username == "topmanager" else ()
    stops = [
        Stop("dashboard", "/", GREETING, shell=False),
        Stop("leads", "/leads", "Leads"),
        Stop("lead-detail", f"/leads/{draft}", draft_name, trail=True),
        Stop("activity-detail", f"/leads/{activity_lead}/activity/{activity}", re.compile(r"^Meeting · "),
             trail=True),
        # the team's plans, read-only (sales1's)
        Stop("schedule", "/activity-schedule", "Activity Schedule"),
        Stop("schedule-calendar", "/activity-schedule?view=calendar", "Activity Schedule",
             shows=".schedule-calendar__grid--month"),
        Stop("system", "/system", "System"),
        Stop("sales-target", "/system/sales-target", "Sales Target", trail=True, checks=("words", "cells"),
             opens=set_target),
        Stop("sales-target-detail", f"/system/sales-target/{sales1}", sales1_name, trail=True),
        Stop("sales-monitoring", "/system/sales-monitoring", "Sales Monitoring", trail=True),
        Stop("inbox", "/user/inbox", "Inbox"),
        Stop("profile", "/user/profile", "My Profile"),
    ]
    Tour(browser, live_server, username, viewport).run(stops)


def test_approver_tours_the_queue(browser: Browser, live_server: LiveServer, queued: None) -> None:
    stops = [
        Stop("approval", "/system/approval", "Approval", trail=True, opens=(("button", r"^Review request"),)),
        Stop("inbox", "/user/inbox", "Inbox"),
        Stop("profile", "/user/profile", "My Profile"),
        # approvers may not open /leads (nor "/"): the phone's bottom bar offers only Notification, and the 403
        # page's Home Page leads to their first menu item
        Stop("leads-forbidden", "/leads", "Access Denied.", tabs=("Notification",), home="/system/approval",
             shell=False),
    ]
    for viewport in (DESKTOP, PHONE):
        Tour(browser, live_server, "approver1", viewport).run(stops)
