"""Second factor journeys (issue 37.4): the administrator sets up two-step sign-in on their profile (the key read off
the page into an authenticator, here pyotp), signs out and back in with the password and a code, then with a recovery
code. And an administrator requires a second factor for the Approver role: an approver signing in sets one up (QR
code, a code, the recovery codes) before the session opens, and the administrator resets it in User Management.
Screens at 1280 and 390 px into test-artifacts/second-factor/ (E2E_SCREENSHOTS=1).

Everything is put back afterwards (the factors deleted, the role's requirement off), so the journeys after these on
the same server sign in with the password alone."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pyotp
import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from tests.conftest import DEMO_PASSWORD
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import shots as desk_and_phone
from tests.e2e.pages.auth import SignInPage
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "second-factor"
APPROVER = "approver2"


def shots(page: Page, name: str) -> None:
    desk_and_phone(page, SHOTS, name)


def _sql(server: LiveServer, statement: str, **params: str) -> None:
    engine = make_engine(server.database_url)
    with engine.begin() as conn:
        conn.execute(text(statement), params)
    engine.dispose()


def _user_id(server: LiveServer, username: str) -> int:
    engine = make_engine(server.database_url)
    with engine.connect() as conn:
        found = conn.execute(text("select id from users where username = :u"), {"u": username}).scalar_one()
    engine.dispose()
    return int(found)


@pytest.fixture
def factors_removed(live_server: LiveServer) -> Iterator[None]:
    """Afterwards no demo user has a second factor and no role requires one (as the seed left them)."""
    yield
    _sql(live_server, "delete from second_factors where user_id in (select id from users where username in "
                      "('admin', :approver))", approver=APPROVER)
    _sql(live_server, "update roles set require_second_factor = false")


def shown_secret(page: Page) -> str:
    """The key the page shows for typing into an app, as an app takes it."""
    return page.get_by_test_id("totp-secret").inner_text().replace(" ", "")


def qr_shown(page: Page) -> None:
    """The QR code is drawn (an image that failed to load has no natural width)."""
    expect(page.get_by_alt_text("QR code to add this account to an authenticator app")).to_be_visible()
    page.wait_for_function("() => { const qr = document.querySelector('.second-factor-setup__qr');"
                           " return qr && qr.complete && qr.naturalWidth > 0; }")


def next_code(secret: str) -> str:
    """The code an app shows in the next 30 seconds (a code is accepted one step either side, and the one that
    confirmed the set-up was this step's: it cannot sign in again)."""
    return pyotp.TOTP(secret).at(time.time() + 30)


def signs_out(page: Page) -> None:
    page.goto("/signout")
    expect(page).to_have_url(re.compile(r"/signin"))


@pytest.mark.usefixtures("factors_removed")
def test_admin_sets_up_two_step_sign_in_and_signs_in_with_a_code_then_a_recovery_code(page: Page) -> None:
    sign_in(page, "admin", to="/user/profile")
    card = page.locator(".second-factor-card")
    expect(card).to_contain_text("Off")
    shots(page, "profile-off")

    card.get_by_role("button", name="Set up two-step sign-in").click()
    dialog = page.get_by_role("dialog")
    qr_shown(page)
    secret = shown_secret(page)
    assert re.fullmatch(r"[A-Z2-7]{32}", secret), secret
    shots(page, "profile-setup")
    dialog.get_by_label("Authentication code").fill("000000")
    dialog.get_by_role("button", name="Turn on").click()
    expect(dialog.get_by_role("alert")).to_contain_text("That code is not right")
    dialog.get_by_label("Authentication code").fill(pyotp.TOTP(secret).now())
    dialog.get_by_role("button", name="Turn on").click()
    expect(dialog).to_contain_text("shown only this once")
    codes = dialog.get_by_role("list", name="Recovery codes").locator("li").all_inner_texts()
    assert len(codes) == 10, codes
    shots(page, "profile-recovery-codes")
    dialog.get_by_role("button", name="I have saved my codes").click()
    expect(card).to_contain_text("10 recovery codes left")
    expect(card.get_by_role("button", name="Turn off")).to_be_visible()

    signs_out(page)
    SignInPage(page).sign_in("admin", DEMO_PASSWORD)
    expect(page.get_by_role("heading", name="Two-step sign-in")).to_be_visible()
    shots(page, "signin-code")
    page.get_by_label("Authentication code").fill(next_code(secret))
    page.get_by_role("button", name="Verify and sign in").click()
    expect(page).not_to_have_url(re.compile(r"/signin"))
    page.goto("/user/profile")
    expect(card).to_contain_text("10 recovery codes left")

    signs_out(page)
    SignInPage(page).sign_in("admin", DEMO_PASSWORD)
    page.get_by_role("button", name="Use a recovery code instead").click()
    page.get_by_label("Recovery code").fill(codes[0])
    shots(page, "signin-recovery-code")
    page.get_by_role("button", name="Verify and sign in").click()
    expect(page).not_to_have_url(re.compile(r"/signin"))
    page.goto("/user/profile")
    expect(card).to_contain_text("9 recovery codes left")

    # a recovery code works once
    signs_out(page)
    SignInPage(page).sign_in("admin", DEMO_PASSWORD)
    page.get_by_role("button", name="Use a recovery code instead").click()
    page.get_by_label("Recovery code").fill(codes[0])
    page.get_by_role("button", name="Verify and sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("That recovery code is not right, or it was already used.")
    expect(page.get_by_role("heading", name="Two-step sign-in")).to_be_visible()


@pytest.mark.usefixtures("factors_removed")
def test_a_role_requires_a_second_factor_and_an_approver_sets_one_up_at_sign_in(
        page: Page, browser: Browser, live_server: LiveServer) -> None:
    sign_in(page, "admin", to="/system/menu-page-access")
    page.get_by_role("link", name="Approver").first.click()
    expect(page).to_have_url(re.compile(r"/system/menu-page-access/\d+$"))
    require = page.get_by_label("Require a second factor")
    expect(require).not_to_be_checked()
    require.check()
    shots(page, "role-form")
    page.get_by_role("button", name="Save details").click()
    expect(page.get_by_text("has been saved")).to_be_visible()

    context = new_context(browser, live_server, viewport={"width": 1280, "height": 800})
    approver = context.new_page()
    try:
        SignInPage(approver).open().sign_in(APPROVER, DEMO_PASSWORD)
        expect(approver.get_by_role("heading", name="Set up a second factor")).to_be_visible()
        expect(approver.get_by_text("Your role requires a second factor.")).to_be_visible()
        qr_shown(approver)
        shots(approver, "signin-enrolment")
        secret = shown_secret(approver)
        approver.get_by_label("Authentication code").fill(pyotp.TOTP(secret).now())
        approver.get_by_role("button", name="Turn on and sign in").click()
        expect(approver.get_by_role("heading", name="Save your recovery codes")).to_be_visible()
        expect(approver.get_by_role("list", name="Recovery codes").locator("li")).to_have_count(10)
        shots(approver, "signin-enrolment-codes")
        with approver.expect_download() as download:
            approver.get_by_role("button", name=re.compile(r"Download \(\.txt\)")).click()
        assert download.value.suggested_filename == "pipeline-crm-recovery-codes.txt"
        approver.get_by_role("button", name="I have saved my codes, continue").click()
        expect(approver).not_to_have_url(re.compile(r"/signin"))
    finally:
        context.close()

    # the approver lost their phone: an administrator resets it
    page.goto(f"/system/user-management/{_user_id(live_server, APPROVER)}")
    reset = page.get_by_role("button", name="Reset second factor")
    expect(reset).to_be_visible()
    shots(page, "user-reset")
    reset.click()
    page.locator(".ant-modal-confirm").get_by_role("button", name="Reset").click()
    expect(page.get_by_text("two-step sign-in has been reset.")).to_be_visible()
    expect(reset).to_have_count(0)
