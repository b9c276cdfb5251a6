"""A person's data on request (issue 39 point 3, UU PDP): an administrator opens a contact, downloads everything the
CRM holds about them (a ZIP with contact.json), then erases them with the name typed back (a wrong one is refused
in the dialog), and lands on the contact list; a sales person on the same page sees no Personal data card. The card
and the dialog at 1280 and 390 px (test-artifacts/personal-data/). Each journey erases a contact it made itself."""

from __future__ import annotations

import json
import re
import secrets
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import DESK, PHONE, fits, screenshot
from tests.e2e.test_journeys import sign_in

SHOTS = ARTIFACTS / "personal-data"


@contextmanager
def own_contact(server: LiveServer, first: str) -> Iterator[tuple[httpx.Client, dict[str, Any]]]:
    """A contact of Bank Nusa Mandiri this journey made (a fresh name each run); erased afterwards if the journey
    did not, so it leaves every list as it found it."""
    with httpx.Client(base_url=server.url, timeout=30) as http:
        admin = token(http, "admin")
        clients = http.get("/api/people/get-clients", headers=admin).json()["results"]
        bank = next(c["id"] for c in clients if c["clientName"] == "Bank Nusa Mandiri")
        tag = secrets.token_hex(3)
        r = http.post("/api/people", headers=admin, json={
            "clientId": bank, "fullname": f"{first} Hartono {tag}", "gender": "Female", "position": "Data Officer",
            "division": "Compliance", "email": f"{first.lower()}.{tag}@banknusa.co.id",
            "phoneNumber": f"0813{secrets.randbelow(10**8):08d}"})
        assert r.status_code == 200, r.text
        contact = r.json()["results"]
        try:
            yield http, contact
        finally:
            r = http.post(f"/api/personal-data/contacts/{contact['id']}/erase", headers=token(http, "admin"),
                          json={"confirmation": contact["fullname"]})
            assert r.status_code in (200, 409), r.text


def card(page: Page) -> Any:
    return page.locator(".personal-data")


def test_an_administrator_downloads_and_erases_a_contact(browser: Browser, live_server: LiveServer) -> None:
    with own_contact(live_server, "Ratna") as (http, contact):
        name = contact["fullname"]
        context = new_context(browser, live_server, viewport=DESK)
        page = context.new_page()
        sign_in(page, "admin", to=f"/system/contact-management/{contact['id']}/view")
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        expect(card(page)).to_contain_text("1 history entry")
        screenshot(page, SHOTS / "card-1280.png", full_page=True)

        with page.expect_download() as download:
            card(page).get_by_role("button", name="Download everything we hold").click()
        assert download.value.suggested_filename == f"contact-{contact['id']}-personal-data.zip"
        with zipfile.ZipFile(download.value.path()) as zf:
            held = json.loads(zf.read("contact.json"))
        assert held["contact"]["fullname"] == name and held["contact"]["email"] == contact["email"]

        card(page).get_by_role("button", name="Erase this person…").click()
        dialog = page.get_by_role("dialog", name=f"Erase {name}?")
        expect(dialog).to_contain_text("Approval records and cost sheet numbers stay as they are")
        box = dialog.get_by_label(f"Type {name} to confirm")
        box.fill("Ratna")
        dialog.get_by_role("button", name="Erase").click()
        expect(dialog.get_by_role("alert")).to_contain_text("Type the contact's full name exactly")
        box.fill(name)
        screenshot(page, SHOTS / "erase-dialog-1280.png")
        dialog.get_by_role("button", name="Erase").click()
        expect(page.get_by_text(f"'{name}' has been erased.")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/system/contact-management$"))

        found = http.get(f"/api/personal-data/contacts/{contact['id']}", headers=token(http, "admin")).json()
        assert found["results"]["name"] == f"Erased contact #{contact['id']}"
        assert found["results"]["erasedAt"] is not None
        context.close()


def test_the_card_on_a_phone_and_not_for_a_sales_person(browser: Browser, live_server: LiveServer) -> None:
    with own_contact(live_server, "Sekar") as (_, contact):
        name = contact["fullname"]
        context = new_context(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        sign_in(page, "admin", to=f"/system/contact-management/{contact['id']}/view")
        expect(card(page).get_by_role("button", name="Erase this person…")).to_be_visible()
        fits(page)
        card(page).scroll_into_view_if_needed()
        screenshot(page, SHOTS / "card-390.png")
        card(page).get_by_role("button", name="Erase this person…").click()
        dialog = page.get_by_role("dialog", name=f"Erase {name}?")
        expect(dialog.get_by_role("button", name="Erase")).to_be_disabled()  # nothing typed yet
        screenshot(page, SHOTS / "erase-dialog-390.png")
        dialog.get_by_role("button", name="Cancel").click()
        expect(dialog).to_have_count(0)
        context.close()

        sales = new_context(browser, live_server, viewport=DESK)
        page = sales.new_page()
        sign_in(page, "sales1", to=f"/system/contact-management/{contact['id']}/view")
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        expect(page.get_by_text("Full Name")).to_be_visible()
        expect(card(page)).to_have_count(0)
        sales.close()
