"""Browser journeys of the foundation: sign-in and menus, the 403 page, the forgot-password round trip, a new
device's mailed sign-in code while strangers hammer the username."""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.conftest import DEMO_PASSWORD
from tests.e2e.api import demo_password_back
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import shots
from tests.e2e.pages.auth import ForgotPasswordPage, SetPasswordPage, SignInPage
from tests.e2e.pages.shell import Shell
from tests.e2e.waits import eventually

POLICY_MESSAGE = (
    "Password must be 12-20 characters long, contain at least 2 uppercase letters, 2 lowercase letters, "
    "2 numbers, 2 special characters, and cannot contain more than 2 repeating characters or spaces."
)


def sign_in(page: Page, username: str, password: str = DEMO_PASSWORD, *, to: str | None = None) -> None:
    """Sign in through the form (the app then opens the user's home); with `to`, for a journey that goes on
    elsewhere, by the sign-in call (its answer sets the session's refresh cookie, as the form's does) and then a load
    of `to`, which restores the session from the cookie as any reload does: a third of the browser's work."""
    if to is None:
        SignInPage(page).open().sign_in(username, password)
        expect(page).not_to_have_url(re.compile(r"/signin"))
        return
    answer = page.request.post("/api/auth/login", data={"username": username, "password": password})
    assert answer.ok, answer.text()
    page.goto(to)


def test_sales_person_signs_in_and_sees_the_menus(page: Page) -> None:
    signin = SignInPage(page).open()
    signin.sign_in("sales1", "wrong-password")
    signin.expect_error("Invalid username or password combination")

    signin.sign_in("sales1", DEMO_PASSWORD)
    shell = Shell(page)
    for label in ("Dashboard", "Leads", "System"):
        expect(shell.top_menu(label)).to_be_visible()
    expect(shell.top_menu("Approval")).to_have_count(0)
    expect(shell.top_bar).to_contain_text("Andi Pratama")

    page.goto("/system")
    expect(page.get_by_text("Client Management").first).to_be_visible()
    expect(page.get_by_text("User Management")).to_have_count(0)


def test_a_system_page_without_access_shows_403(page: Page) -> None:
    sign_in(page, "sales2", to="/system/user-management")
    expect(page.get_by_text("Access Denied.")).to_be_visible()
    expect(page.get_by_role("button", name="Go Back")).to_be_visible()
    page.get_by_role("button", name="Home Page").click()
    expect(page).not_to_have_url(re.compile(r"user-management"))


def test_an_anonymous_visitor_is_sent_to_sign_in(page: Page) -> None:
    page.goto("/system/client-management")
    expect(page).to_have_url(re.compile(r"/signin"))


def _reset_link(server: LiveServer, address: str, timeout: float = 30) -> str:
    def link() -> str | None:
        for path in sorted(server.outbox.glob("*.eml")) if server.outbox.exists() else []:
            msg = email.message_from_string(path.read_text(), policy=email.policy.default)
            if msg["To"] == address:
                text = msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
                match = re.search(r"https?://\S+/forgot-password/\S+", text)
                assert match, text
                return match.group(0)
        return None

    return eventually(link, f"a reset mail for {address} in {server.outbox}", timeout=timeout, interval=0.3)


@pytest.fixture
def sales3_password_back(live_server: LiveServer) -> Iterator[None]:
    """The round trip gives sales3 a new password; the journeys after it on the same server sign in as Rizky with
    the demo one (the assignment journey's fixture got 400 in a run where it came next)."""
    with demo_password_back(live_server.url, "sales3"):
        yield


@pytest.mark.usefixtures("sales3_password_back")
def test_forgot_password_round_trip(page: Page, live_server: LiveServer) -> None:
    ForgotPasswordPage(page).open().request("sales3")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Email Sent")
    expect(dialog).to_contain_text(
        "We have sent a password reset link to your email. Check your inbox to continue.")
    dialog.get_by_role("button").first.click()

    link = _reset_link(live_server, "sales3@pipeline-crm.local")
    assert link.startswith(live_server.url)
    page.goto(link)
    expect(page.get_by_text("Please provide required information to recover your account")).to_be_visible()

    form = SetPasswordPage(page)
    form.fill("weakpassword", "weakpassword")
    expect(page.get_by_text(POLICY_MESSAGE)).to_be_visible()

    new_password = "Journey#Reset2026!"
    form.fill(new_password, new_password)
    success = page.get_by_role("dialog")
    expect(success).to_contain_text("Success")
    expect(success).to_contain_text("Password successfully been changed.")
    success.get_by_role("button").first.click()

    sign_in(page, "sales3", new_password)
    expect(Shell(page).top_bar).to_contain_text("Rizky Hidayat")


def _sign_in_code(server: LiveServer, address: str, timeout: float = 30) -> str:
    def code() -> str | None:
        for path in sorted(server.outbox.glob("*.eml")) if server.outbox.exists() else []:
            msg = email.message_from_string(path.read_text(), policy=email.policy.default)
            if msg["To"] == address and msg["Subject"] == "Your Pipeline CRM sign-in code":
                match = re.search(r"^\s*(\d{6})\s*$", msg.get_body(("plain",)).get_content(),  # type: ignore[union-attr]
                                  re.MULTILINE)
                assert match, path
                return match.group(1)
        return None

    return eventually(code, f"a sign-in code for {address} in {server.outbox}", timeout=timeout, interval=0.3)


def test_a_new_device_signs_in_with_the_mailed_code_while_strangers_hammer(page: Page,
                                                                           live_server: LiveServer) -> None:
    # 51 wrong passwords from 17 addresses (the live server believes 127.0.0.1's X-Forwarded-For, as it would its
    # proxy's): no lock, but a device and address that never signed in as Putri now need a mailed code
    with httpx.Client(base_url=live_server.url) as http:
        for i in range(51):
            r = http.post("/api/auth/login", json={"username": "sales4", "password": "Winter2026!"},
                          headers={"X-Forwarded-For": f"10.77.0.{i // 3}"})
            assert r.status_code == 400, r.text
    page.set_extra_http_headers({"X-Forwarded-For": "10.78.0.1"})  # a laptop on a new network

    SignInPage(page).open().sign_in("sales4", DEMO_PASSWORD)
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    expect(page.get_by_text("We emailed a code to s***@pipeline-crm.local. Enter it to finish signing in.")
           ).to_be_visible()
    code = _sign_in_code(live_server, "sales4@pipeline-crm.local")

    page.get_by_label("Code").fill("000000" if code != "000000" else "111111")
    page.get_by_role("button", name="Verify and sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("That code is not right. 4 tries left.")
    expect(page.get_by_role("button", name=re.compile(r"^Send a new code in \d+ s$"))).to_be_disabled()
    shots(page, ARTIFACTS / "sign-in-code", "code-step")  # it fits a phone

    page.get_by_label("Code").fill(code)
    page.get_by_role("button", name="Verify and sign in").click()
    expect(Shell(page).top_bar).to_contain_text("Putri Maharani")
