"""Designer journey: an administrator builds a two-layer approval pipeline in the graph editor and saves it."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.conftest import DEMO_PASSWORD
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import screenshot
from tests.e2e.pages.antd import choose
from tests.e2e.test_journeys import sign_in

NAME = "Journey two-layer hold"


def pick_approver(page: Page, name: str) -> None:
    field = page.get_by_label("Approvers", exact=True)
    field.click()
    field.fill(name.split()[0])
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text=name).first.click()
    page.keyboard.press("Escape")


def test_admin_builds_and_saves_a_two_layer_pipeline(page: Page, live_server: LiveServer) -> None:
    sign_in(page, "admin", to="/system/approval-pipeline/add")
    page.get_by_label("Pipeline name").fill(NAME)
    choose(page, "Action type", "Hold Lead")
    # the demo's hold pipeline covers every sales person: this one is for one of them, the only kind that can
    # be saved beside it (the designer says so before saving)
    expect(page.get_by_text(re.compile("already applies to every"))).to_be_visible()
    people = page.get_by_label("Sales people", exact=True)
    people.click()
    people.fill("Intan")
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="Intan Permata").first.click()
    page.keyboard.press("Escape")
    expect(page.get_by_text(re.compile("already applies to every"))).to_be_hidden()

    # the first layer exists and is selected: fill its side form
    page.get_by_label("Layer name").fill("Team leader check")
    pick_approver(page, "Budi Santoso")

    page.get_by_role("button", name="Add layer").click()
    page.get_by_label("Layer name").fill("Management")
    choose(page, "Mode", "Any Order")
    pick_approver(page, "Hendra Gunawan")
    pick_approver(page, "Maya Kusuma")
    expect(page.get_by_label(re.compile(r"Layer 2: Management"))).to_be_visible()
    screenshot(page, ARTIFACTS / "pipeline-designer.png")

    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(r"/system/approval-pipeline$"))
    expect(page.get_by_role("row", name=re.compile(NAME))).to_be_visible()

    with httpx.Client(base_url=live_server.url) as http:
        token = http.post("/api/auth/login", json={"username": "admin", "password": DEMO_PASSWORD}).json()
        headers = {"Authorization": f"Bearer {token['results']['token']}"}
        saved = next(p for p in http.get("/api/approval-pipelines", headers=headers).json()["results"]
                     if p["name"] == NAME)
    assert saved["pipelineActionType"] == "HOLD_LEAD"
    assert [p["fullname"] for p in saved["salesPersons"]] == ["Intan Permata"]
    layers = [(layer["name"], layer["mode"], [a["fullname"] for a in layer["approvers"]]) for layer in saved["layers"]]
    assert layers == [
        ("Team leader check", "ANY_USER", ["Budi Santoso"]),
        ("Management", "ANY_ORDER", ["Hendra Gunawan", "Maya Kusuma"]),
    ]
