"""A user's data on request (UU PDP, an ex-employee's request): an administrator opens a deactivated user in User
Management, downloads everything the CRM holds about them (a ZIP with user.json), then erases them with the name
typed back (a wrong one is refused in the dialog) and sees the erased state; on a phone, an active user's card says
why they cannot be erased yet. The card and the dialog at 1280 and 390 px (test-artifacts/user-personal-data/).
Each journey makes its own users (fresh names each run) and erases them."""

from __future__ import annotations

import json
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

SHOTS = ARTIFACTS / "user-personal-data"
PASSWORD = "Kopi#Tubruk!2026x"


def _set_active(http: httpx.Client, user: dict[str, Any], active: bool) -> None:
    admin = token(http, "admin")
    current = http.get(f"/api/users/{user['id']}", headers=admin).json()["results"]
    r = http.put(f"/api/users/{user['id']}", headers=admin, json={**current, "isActive": active})
    assert r.status_code == 200, r.text


@contextmanager
def own_user(server: LiveServer, first: str, *, active: bool = False) -> Iterator[tuple[httpx.Client, dict[str, Any]]]:
    """A sales person of tl1's team this journey made (a fresh name each run), deactivated unless `active`; erased
    afterwards if the journey did not."""
    with httpx.Client(base_url=server.url, timeout=30) as http:
        admin = token(http, "admin")
        roles = http.get("/api/users/roles", headers=admin).json()["results"]
        sales = next(r["id"] for r in roles if r["name"] == "SALES")
        leaders = http.get("/api/users", params={"search": "tl1"}, headers=admin).json()["results"]["data"]
        tag = secrets.token_hex(3)
        r = http.post("/api/users", headers=admin, json={
            "username": f"{first.lower()}.{tag}", "fullname": f"{first} Prasetyo {tag}", "nickname": first,
            "roleId": sales, "leaderId": next(u["id"] for u in leaders if u["username"] == "tl1"),
            "email": f"{first.lower()}.{tag}@example.id", "phoneNumber": f"0813{secrets.randbelow(10**8):08d}",
            "gender": "male", "dob": "1994-05-06", "isActive": True, "password": PASSWORD,
            "confirmPassword": PASSWORD})
        assert r.status_code == 200, r.text
        user = r.json()["results"]
        if not active:
            _set_active(http, user, False)
        try:
            yield http, user
        finally:
            found = http.get(f"/api/personal-data/users/{user['id']}", headers=token(http, "admin")).json()
            if found["results"]["erasedAt"] is None:
                if found["results"]["isActive"]:
                    _set_active(http, user, False)
                r = http.post(f"/api/personal-data/users/{user['id']}/erase", headers=token(http, "admin"),
                              json={"confirmation": user["fullname"]})
                assert r.status_code == 200, r.text


def card(page: Page) -> Any:
    return page.locator(".user-personal-data")


def test_an_administrator_downloads_and_erases_a_user(browser: Browser, live_server: LiveServer) -> None:
    with own_user(live_server, "Galih") as (http, user):
        name = user["fullname"]
        context = new_context(browser, live_server, viewport=DESK)
        page = context.new_page()
        sign_in(page, "admin", to=f"/system/user-management/{user['id']}")
        expect(page.get_by_label("Full Name")).to_have_value(name)
        expect(card(page)).to_contain_text("2 audit entries")
        card(page).scroll_into_view_if_needed()
        screenshot(page, SHOTS / "card-1280.png")

        with page.expect_download() as download:
            card(page).get_by_role("button", name="Download everything we hold").click()
        assert download.value.suggested_filename == f"user-{user['id']}-personal-data.zip"
        with zipfile.ZipFile(download.value.path()) as zf:
            held = json.loads(zf.read("user.json"))
        assert held["user"]["fullname"] == name and held["user"]["email"] == user["email"]
        assert "passwordHash" not in held["user"]

        card(page).get_by_role("button", name="Erase this user…").click()
        dialog = page.get_by_role("dialog", name=f"Erase {name}?")
        expect(dialog).to_contain_text("counted by their id")
        box = dialog.get_by_label(f"Type {name} to confirm")
        box.fill("Galih")
        dialog.get_by_role("button", name="Erase").click()
        expect(dialog.get_by_role("alert")).to_contain_text("Type the user's full name exactly")
        box.fill(name)
        screenshot(page, SHOTS / "erase-dialog-1280.png")
        dialog.get_by_role("button", name="Erase").click()
        toast = page.get_by_text(f"'{name}' has been erased.")
        expect(toast).to_be_visible()
        expect(card(page)).to_contain_text("Erased on")
        expect(card(page).get_by_role("button", name="Erase this user…")).to_have_count(0)
        expect(page.get_by_label("Full Name")).to_have_value(f"Erased user #{user['id']}")
        expect(toast).to_be_hidden(timeout=15_000)  # the toast covers the card's foot until it goes
        card(page).scroll_into_view_if_needed()
        screenshot(page, SHOTS / "erased-1280.png")

        r = http.post("/api/auth/login", json={"username": user["username"], "password": PASSWORD})
        assert r.status_code in (400, 401), r.text
        context.close()


def test_the_card_on_a_phone_says_why_not_yet(browser: Browser, live_server: LiveServer) -> None:
    with own_user(live_server, "Bima", active=True) as (_, active), own_user(live_server, "Dimas") as (_, leaver):
        context = new_context(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        sign_in(page, "admin", to=f"/system/user-management/{active['id']}")
        expect(card(page)).to_contain_text("Deactivate the user before erasing their data.")
        expect(card(page).get_by_role("button", name="Erase this user…")).to_be_disabled()
        fits(page)
        card(page).scroll_into_view_if_needed()
        screenshot(page, SHOTS / "card-refused-390.png")

        page.goto(f"/system/user-management/{leaver['id']}")
        expect(page.get_by_label("Full Name")).to_have_value(leaver["fullname"])
        erase = card(page).get_by_role("button", name="Erase this user…")
        expect(erase).to_be_enabled()
        fits(page)
        card(page).scroll_into_view_if_needed()
        screenshot(page, SHOTS / "card-390.png")
        erase.click()
        dialog = page.get_by_role("dialog", name=f"Erase {leaver['fullname']}?")
        expect(dialog.get_by_role("button", name="Erase")).to_be_disabled()  # nothing typed yet
        screenshot(page, SHOTS / "erase-dialog-390.png")
        dialog.get_by_role("button", name="Cancel").click()
        expect(dialog).to_have_count(0)
        context.close()
