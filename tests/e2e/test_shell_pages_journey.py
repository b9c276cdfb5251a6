"""Issue 21's shell pages: a signed-out visit to /change-password signs in and comes back, the policy's messages, the
change itself (restored through the API afterwards); /privacy-policy; /notifications from a phone's bottom bar; the
debug viewer on Control+` with the last failed API call, closed with Control+1. Screenshots at 1280 and 390 px of
each go to test-artifacts/shell-pages/."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.conftest import DEMO_PASSWORD
from tests.e2e.api import demo_password_back
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import DESK, PHONE, shots
from tests.e2e.pages.auth import SignInPage
from tests.e2e.waits import until

SHOTS = ARTIFACTS / "shell-pages"
USER = "sales6"  # no other journey signs in as this user: its password may change for a moment
NEW_PASSWORD = "Journey#2026!Pw"
POLICY = ("Password must be 12-20 characters long, contain at least 2 uppercase letters, 2 lowercase letters, "
          "2 numbers, 2 special characters, and cannot contain more than 2 repeating characters or spaces.")


def _signs_in(http: httpx.Client, password: str) -> bool:
    return http.post("/api/auth/login", json={"username": USER, "password": password}).status_code == 200


@pytest.fixture
def restored_password(live_server: LiveServer) -> Iterator[httpx.Client]:
    with demo_password_back(live_server.url, USER) as http:
        yield http


def test_change_password_privacy_notifications_and_the_debug_viewer(page: Page,
                                                                   restored_password: httpx.Client) -> None:
    http = restored_password

    # /change-password signed out: sign in first, then back here
    page.goto("/change-password")
    expect(page).to_have_url(re.compile(r"/signin$"))
    SignInPage(page).sign_in(USER, DEMO_PASSWORD)
    expect(page).to_have_url(re.compile(r"/change-password$"))
    expect(page.get_by_role("heading", name="Change Password")).to_be_visible()
    expect(page.get_by_text("Intan Permata")).to_be_visible()
    shots(page, SHOTS, "change-password")

    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Current password is required")).to_be_visible()
    expect(page.get_by_text("New password is required")).to_be_visible()
    expect(page.get_by_text("Confirm password is required")).to_be_visible()
    page.get_by_label("Current Password").fill(DEMO_PASSWORD)
    page.get_by_label("New Password", exact=True).fill("weakpassword")
    page.get_by_label("Confirm New Password").fill("another")
    expect(page.get_by_text(POLICY)).to_be_visible()
    expect(page.get_by_text("Passwords must match")).to_be_visible()
    shots(page, SHOTS, "change-password-errors")

    page.get_by_label("New Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Confirm New Password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Save").click()
    dialog = page.locator(".ant-modal-confirm")
    expect(dialog).to_contain_text("Success")
    expect(dialog).to_contain_text("Password successfully been changed.")
    shots(page, SHOTS, "change-password-success")
    dialog.get_by_role("button", name="OK").click()
    expect(page).not_to_have_url(re.compile(r"/change-password"))
    assert _signs_in(http, NEW_PASSWORD)
    assert not _signs_in(http, DEMO_PASSWORD)

    # the privacy policy, signed in (and out: see below)
    page.goto("/privacy-policy")
    expect(page.get_by_role("heading", name="Privacy Policy")).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Last updated "))).to_be_visible()
    expect(page.get_by_role("heading", name="What is kept, and for how long")).to_be_visible()
    shots(page, SHOTS, "privacy-policy")

    # a phone: the bottom bar's Notification opens /notifications
    page.goto("/welcome")
    page.set_viewport_size(PHONE)
    page.locator(".bottom-bar").get_by_role("link", name=re.compile("Notification")).click()
    expect(page).to_have_url(re.compile(r"/notifications$"))
    card = page.locator(".notifications-card")
    for tab in ("All", "Informations", "Approval"):
        expect(card.get_by_role("tab", name=tab)).to_be_visible()
    expect(card.get_by_role("button", name=re.compile("Mark all as read"))).to_be_visible()
    expect(card.get_by_role("link", name="View All")).to_have_attribute("href", "/user/inbox")
    page.set_viewport_size(DESK)
    until(page, "() => window.innerWidth === 1280")
    shots(page, SHOTS, "notifications")

    # a call that fails, then the debug viewer
    page.goto("/leads/999999")
    expect(page.get_by_text(re.compile("not found", re.I)).first).to_be_visible()
    page.keyboard.press("Control+Backquote")
    viewer = page.locator(".debug-viewer")
    expect(viewer.get_by_text("Debug viewer")).to_be_visible()
    expect(viewer.get_by_text(f"Intan Permata ({USER})")).to_be_visible()
    expect(viewer.get_by_text(re.compile(r"\(in \d+ (s|min)\)$"))).to_be_visible()
    failure = viewer.locator(".debug-failure", has_text="999999").first
    expect(failure).to_contain_text("404")
    expect(failure).to_contain_text("GET /api/")
    shots(page, SHOTS, "debug-viewer")
    page.keyboard.press("Control+1")
    expect(viewer.get_by_text("Debug viewer")).to_be_hidden()

    # signed out, the policy is still there
    page.goto("/signout")
    expect(page).to_have_url(re.compile(r"/signin"))
    page.goto("/privacy-policy")
    expect(page.get_by_role("heading", name="Privacy Policy")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/privacy-policy$"))
