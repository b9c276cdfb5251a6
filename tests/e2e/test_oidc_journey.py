"""Single sign-on in a real browser: a team leader signs in through the organisation's provider (the real
oidc-provider's own sign-in pages), lands on her role's home, and signing out ends the provider's session too (a new
sign-in asks for her password again); a person without an account is told so on the sign-in page.

Its own live product (OIDC_PROVIDERS naming the test provider) and provider, on ports of this host. Screens at 1280 and
390 px in test-artifacts/oidc/ with E2E_SCREENSHOTS=1."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from api.core.embedded import free_port
from tests import live
from tests.conftest import DEMO_PASSWORD, ROOT, Services
from tests.e2e.conftest import ARTIFACTS, new_context
from tests.e2e.layout import shots
from tests.e2e.pages.shell import Shell
from tests.live import LiveServer
from tests.oidc_provider import TestProvider, client_metadata, provider_setting, start_provider

SHOTS = ARTIFACTS / "oidc"
BUTTON = "Sign in with Test ID"


@pytest.fixture(scope="module")
def sso_server(services: Services) -> Iterator[tuple[LiveServer, TestProvider]]:
    """The product configured with the provider, and the provider with the product as its client (the provider's
    port chosen first: each names the other)."""
    dist_dir = Path(os.environ.get("FRONTEND_DIST") or ROOT / "frontend" / "dist")
    if not (dist_dir / "index.html").is_file():
        pytest.fail("the front end is not built: run `make build` (make test does it)")
    port = free_port()
    issuer = f"http://127.0.0.1:{port}"
    providers = json.dumps([provider_setting(issuer, provisioning="refuse")])
    with live.live_server(services, "e2e_oidc", redis_db=7, FRONTEND_DIST=str(dist_dir),
                          OIDC_PROVIDERS=providers) as server:
        provider = start_provider(server.data_dir.parent / "oidc-e2e", port=port,
                                  clients=[client_metadata(server.url, "test")])
        try:
            yield server, provider
        finally:
            provider.stop()


@pytest.fixture
def page(browser: Browser, sso_server: tuple[LiveServer, TestProvider]) -> Iterator[Page]:
    context = new_context(browser, sso_server[0], viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def _at_provider_sign_in(page: Page, provider: TestProvider, sub: str) -> None:
    """The provider's own sign-in page (its password asked), then its consent page."""
    expect(page).to_have_url(re.compile(re.escape(provider.issuer) + r"/interaction/"))
    page.locator("input[name=login]").fill(sub)
    page.locator("input[name=password]").fill("her-password-at-the-provider")
    page.get_by_role("button", name="Sign-in").click()
    page.get_by_role("button", name="Continue").click()


def test_a_team_leader_signs_in_with_the_provider_and_out_of_both(
        page: Page, sso_server: tuple[LiveServer, TestProvider]) -> None:
    server, provider = sso_server
    page.goto("/signin")
    expect(page.get_by_role("link", name=BUTTON)).to_be_visible()
    expect(page.get_by_label("Password")).to_be_visible()  # password sign-in stays on beside it
    shots(page, SHOTS, "sign-in")

    page.get_by_role("link", name=BUTTON).click()
    _at_provider_sign_in(page, provider, "p-sari")

    # back in the product, signed in as Sari Lestari, on a team leader's home
    expect(page).to_have_url(f"{server.url}/")
    expect(Shell(page).top_bar).to_contain_text("Sari Lestari")
    expect(page.get_by_test_id("pipeline")).to_contain_text("Lead Pipeline")
    expect(page.get_by_test_id("leaderboard")).to_be_visible()
    shots(page, SHOTS, "signed-in")

    page.get_by_role("button", name="User menu").click()
    page.get_by_text("Sign Out", exact=True).click()
    # the provider asks to end its own session too, then sends the browser back to the product's sign-in page
    page.get_by_role("button", name="Yes, sign me out").click()
    expect(page).to_have_url(f"{server.url}/signin")
    expect(page.get_by_role("link", name=BUTTON)).to_be_visible()
    assert not [c for c in page.context.cookies() if c["name"] == "crm_refresh"]

    # signed out of both: the provider asks for the password again
    page.get_by_role("link", name=BUTTON).click()
    expect(page.locator("input[name=password]")).to_be_visible()


def test_a_person_without_an_account_is_told_on_the_sign_in_page(
        page: Page, sso_server: tuple[LiveServer, TestProvider]) -> None:
    provider = sso_server[1]
    page.goto("/signin")
    page.get_by_role("link", name=BUTTON).click()
    _at_provider_sign_in(page, provider, "p-nadia")
    expect(page).to_have_url(re.compile(r"/signin\?oidc_error=no_account"))
    expect(page.get_by_role("alert")).to_contain_text(
        "There is no CRM account for you yet. Ask an administrator to create one.")
    shots(page, SHOTS, "no-account")


def test_an_administrator_maps_a_providers_group_to_a_role(page: Page,
                                                           sso_server: tuple[LiveServer, TestProvider]) -> None:
    answer = page.request.post("/api/auth/login", data={"username": "admin", "password": DEMO_PASSWORD})
    assert answer.ok, answer.text()
    page.goto("/system/sign-in-providers")
    expect(page.get_by_role("heading", name="Sign-in Providers")).to_be_visible()
    expect(page.get_by_text(sso_server[1].issuer)).to_be_visible()
    page.get_by_role("button", name="Add Mapping").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Group or role at the provider").fill("crm-leaders")
    dialog.get_by_label("Role in the CRM").click()
    page.locator(".ant-select-item-option[title='Team Leader']").click()
    dialog.get_by_role("button", name="Add").click()
    row = page.get_by_role("row").filter(has_text="crm-leaders")
    expect(row).to_contain_text("Team Leader")
    shots(page, SHOTS, "role-mappings")
