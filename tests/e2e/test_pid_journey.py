"""PID journey: the sales person of a lead whose cost sheet is approved generates its PID on the Generate PID
screen, watches it arrive and downloads its PDF; an administrator sends the sample PDF by mail from /pdf."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.service import RPCError

from api.core.db import make_engine
from api.leads.models import LeadProjectId
from tests import sealed
from tests.conftest import run_async
from tests.e2e.conftest import ARTIFACTS, LiveServer
from tests.e2e.layout import screenshot
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually, pdf_shown
from tests.integration.pcs.sheets import Sheet, make_sheet, remove
from workflows.contracts.sweeps import PAUSE, pid_sweep_id

SHOTS = ARTIFACTS / "pid"


async def _sweep(live_server: LiveServer, *, paused: bool) -> None:
    """Pause (or resume) the deployment's PID sweep; a pause answers once no pass is in flight: the sweep would give
    a freshly approved sheet its PID within 20 s, before the sales person clicks Generate PID."""
    client = await sealed.connect(live_server.temporal_address)
    handle = client.get_workflow_handle(pid_sweep_id(live_server.task_queue))
    deadline = time.monotonic() + 30
    while True:
        try:
            await handle.execute_update(PAUSE, paused)
            break
        except RPCError:  # the worker starts the sweep as it starts
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.3)


@pytest.fixture
def approved(live_server: LiveServer) -> Iterator[Sheet]:
    run_async(_sweep(live_server, paused=True))
    engine = make_engine(live_server.database_url)
    session = Session(engine, expire_on_commit=False)
    made = make_sheet(session, project="Journey Branch WAN Rollout")
    session.commit()
    try:
        yield made
    finally:
        run_async(_sweep(live_server, paused=False))
        remove(session, made)
        session.close()
        engine.dispose()


def test_the_sales_person_generates_the_pid(page: Page, live_server: LiveServer, approved: Sheet) -> None:
    lead_id = approved.lead.id
    sign_in(page, "sales1", to=f"/leads/{lead_id}/generate-pid")
    expect(page.get_by_role("heading", name="Generate PID Number for Journey Branch WAN Rollout")).to_be_visible()
    expect(page.get_by_role("tab", name="PID Generator")).to_be_visible()
    screenshot(page, SHOTS / "pid-generate-before.png", full_page=True)

    page.get_by_role("button", name="Generate PID").click()
    dialog = page.locator(".ant-modal-confirm")
    expect(dialog).to_contain_text("Generate PID ?")
    expect(dialog).to_contain_text("permanently tied to this project")
    screenshot(page, SHOTS / "pid-generate-confirm.png")
    dialog.get_by_role("button", name="Generate").click()

    done = page.get_by_text(re.compile(r"PID NDC-\d{4}-\d{4} has been generated\."))
    expect(done).to_be_visible(timeout=60_000)
    number = page.get_by_label("PID Number")
    expect(number).to_have_value(re.compile(r"^NDC-\d{4}-\d{4}$"))
    expect(number).to_have_attribute("readonly", "")
    screenshot(page, SHOTS / "pid-generate-after.png", full_page=True)

    with page.expect_download() as download:
        page.get_by_role("button", name=re.compile(r"PCS_.*Journey_Branch_WAN_Rollout\.pdf")).click()
    saved = download.value.path()
    assert saved is not None and Path(saved).read_bytes().startswith(b"%PDF-")
    assert download.value.suggested_filename.endswith("_Journey_Branch_WAN_Rollout.pdf")

    page.get_by_role("button", name="Finish").click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}$"))

    engine = make_engine(live_server.database_url)
    with Session(engine) as session:
        pids = list(session.scalars(select(LeadProjectId.pid_number).where(LeadProjectId.lead_id == lead_id)))
    engine.dispose()
    assert len(pids) == 1


def test_the_pdf_test_page_sends_the_sample(page: Page, live_server: LiveServer) -> None:
    sign_in(page, "admin", to="/pdf")
    expect(page.get_by_role("heading", name="PCS PDF Test")).to_be_visible()
    viewer = page.locator("iframe[title='Sample project cost sheet PDF']")
    expect(viewer).to_be_visible()
    pdf_shown(viewer, "the sample PDF")
    screenshot(page, SHOTS / "pid-pdf-test-page.png")
    before = set(live_server.outbox.glob("mail-pcs-pdf-*.eml")) if live_server.outbox.exists() else set()
    page.get_by_label("Send to").fill("finance@example.com")
    page.get_by_role("button", name="Send by mail").click()
    expect(page.get_by_text("The PDF has been sent to finance@example.com.")).to_be_visible()
    sent = eventually(lambda: set(live_server.outbox.glob("mail-pcs-pdf-*.eml")) - before,
                      "the mail is in the outbox", interval=0.3)
    assert len(sent) == 1
    raw = next(iter(sent)).read_text()
    assert "finance@example.com" in raw and 'filename="project-cost-sheet.pdf"' in raw
