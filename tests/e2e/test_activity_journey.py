"""Activity journey (issue 16): a sales person on a 390 px phone, in Chromium with a fake microphone and camera, opens
a lead, records a meeting with a voice note (the real MediaRecorder path), a photo, a pdf, a place found through the
place search (the local fake geocoder) and a next step; back on the lead the activity is listed; its detail plays the
voice note and zooms the photo. The form and the detail are screenshot at 390 and 1280 px."""

from __future__ import annotations

import io
import json
import re
import socket
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, Playwright, expect
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from api.core.db import make_engine
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.pages.antd import choose_day, choose_hour
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import eventually, settled
from tests.integration.activities.conftest import WEBM

SHOTS = ARTIFACTS / "activities"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NOTES = "Met the CIO in the lobby; they want a demo of the portal next week."


@pytest.fixture(scope="module")
def media_browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium with a fake microphone and camera that it may use without asking."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
              "--autoplay-policy=no-user-gesture-required"])
    yield browser
    browser.close()


def _phone(browser: Browser, live_server: LiveServer, viewport: dict[str, int]) -> Page:
    context = new_context(browser, live_server, viewport=viewport,
                          permissions=["microphone", "camera", "geolocation"],
                          geolocation={"latitude": -6.26, "longitude": 106.62}, timezone_id="Asia/Jakarta",
                          has_touch=viewport["width"] < 500)
    return context.new_page()


@pytest.fixture
def lead_id(live_server: LiveServer) -> int:
    """A lead of sales1 with a person in charge."""
    engine = make_engine(live_server.database_url)
    with engine.connect() as conn:
        found = conn.execute(text(
            "SELECT l.id FROM leads l JOIN users u ON u.id = l.sales_person_id JOIN lead_pics p ON p.lead_id = l.id "
            "WHERE u.username = 'sales1' ORDER BY l.id LIMIT 1")).scalar_one()
    engine.dispose()
    return int(found)


def _files(tmp_path: Path) -> tuple[Path, Path]:
    photo = tmp_path / "site-visit.jpg"
    image = Image.new("RGB", (1200, 800))
    image.putdata([(x % 256, (x * y) % 256, y % 256) for y in range(800) for x in range(1200)])
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=80)
    photo.write_bytes(buffer.getvalue())
    pdf = tmp_path / "Minutes.pdf"
    pdf.write_bytes(b"%PDF-1.4\n% minutes of the meeting\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
    return photo, pdf


def _choose_tomorrow_at_ten(page: Page) -> None:
    tomorrow = page.evaluate("() => { const d = new Date(Date.now() + 86400000); "
                             "return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-"
                             "${String(d.getDate()).padStart(2, '0')}`; }")  # the browser's own day
    choose_day(page, page, date.fromisoformat(tomorrow))
    expect(page.get_by_placeholder("Time")).to_have_value("09:00")
    choose_hour(page, page, 10, away=page.get_by_role("heading", name=re.compile("^New ")))


# a voice note of about two seconds, as a player shows its length
LENGTH = re.compile(r"^0:(0[1-9]|[1-5]\d)$")


def test_sales_person_records_a_meeting_from_a_phone(media_browser: Browser, live_server: LiveServer, lead_id: int,
                                                     tmp_path: Path) -> None:
    photo, pdf = _files(tmp_path)
    page = _phone(media_browser, live_server, PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    sign_in(page, "sales1", to=f"/leads/{lead_id}")
    page.get_by_role("button", name=re.compile("Add Activity")).click()
    page.get_by_role("menuitem", name="Meeting", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}/activity/add/meeting$"))
    expect(page.get_by_role("heading", name="New Meeting")).to_be_visible()
    finish = page.get_by_role("button", name="Finish")
    expect(finish).to_be_disabled()

    page.get_by_label("Notes", exact=True).fill(NOTES)
    expect(page.get_by_text(f"{len(NOTES)}/1024")).to_be_visible()
    # the real recorder: Chromium's fake microphone, about two seconds
    page.get_by_role("button", name="Record a voice note").click()
    expect(page.get_by_role("button", name=re.compile("Stop recording"))).to_be_visible()
    expect(page.locator(".activity-voice__clock")).to_have_text(re.compile(r"^00:(0[2-9]|[1-5]\d)$"))
    page.get_by_role("button", name=re.compile("Stop recording")).click()
    expect(page.get_by_test_id("voice-note")).to_contain_text("Voice Note-1")
    # its real length, not "0:00": the recorder wrote the duration into the WebM it made
    expect(page.get_by_test_id("voice-note").get_by_test_id("voice-note-length")).to_have_text(LENGTH)
    page.set_input_files("input[aria-label='Choose photos']", str(photo))
    expect(page.get_by_text("site-visit.jpg")).to_be_visible()
    page.set_input_files("input[aria-label='Attach files']", str(pdf))
    expect(page.get_by_text("Minutes.pdf")).to_be_visible()
    # the phone's position (the context's geolocation), named by the fake geocoder's reverse lookup
    page.get_by_role("button", name="Use my location").click()
    expect(page.get_by_label("Place name")).to_have_value("Universitas Multimedia Nusantara")
    # a place searched for instead
    page.get_by_label("Search a place").fill("gading serpong")
    page.get_by_role("button", name="Search", exact=True).click()
    page.locator(".activity-location__result", has_text="Summarecon Mall Serpong").click()
    expect(page.get_by_label("Place name")).to_have_value("Summarecon Mall Serpong")

    step = page.get_by_test_id("next-step")
    step.get_by_label("Activity").click()
    page.locator(".ant-select-dropdown:visible .ant-select-item-option", has_text="Demo").click()
    _choose_tomorrow_at_ten(page)
    step.get_by_label("Remark").fill("Portal demo with the IT team")
    expect(finish).to_be_enabled()
    screenshot(page, SHOTS / "form-390.png", full_page=True)
    finish.click()

    expect(page.get_by_text("Activity has been started successfully.")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}$"))  # back where the form was opened from
    row = page.locator(".activity-row").first
    expect(row).to_contain_text("Meeting")
    expect(row).to_contain_text(NOTES[:30])
    expect(row.get_by_label("1 voice notes")).to_be_visible()
    expect(row.get_by_label("1 photos")).to_be_visible()
    expect(row.get_by_label("1 files")).to_be_visible()
    expect(row.get_by_test_id("activity-place")).to_contain_text("Summarecon Mall Serpong")  # where it took place

    engine = make_engine(live_server.database_url)
    with engine.connect() as conn:
        contacted, planned, place = conn.execute(text(
            "SELECT l.last_contacted_at > now() - interval '5 minutes', "
            "(SELECT count(*) FROM activity_schedules s WHERE s.lead_id = l.id AND s.activity_type = 3 "
            " AND to_char(s.schedule_time AT TIME ZONE 'Asia/Jakarta', 'HH24:MI') = '10:00'"
            " AND s.notes = 'Portal demo with the IT team'), "
            "(SELECT a.place_name FROM activities a WHERE a.lead_id = l.id ORDER BY a.id DESC LIMIT 1) "
            "FROM leads l WHERE l.id = :id"), {"id": lead_id}).one()
    engine.dispose()
    assert (contacted, planned, place) == (True, 1, "Summarecon Mall Serpong")

    row.click()
    expect(page).to_have_url(re.compile(rf"/leads/{lead_id}/activity/\d+$"))
    detail_path = page.url.split(live_server.url, 1)[1]
    expect(page.locator(".page-breadcrumb")).to_contain_text("Lead History")
    expect(page.get_by_text(NOTES)).to_be_visible()
    expect(page.get_by_text("Summarecon Mall Serpong", exact=True)).to_be_visible()
    # the voice note plays
    audio = page.locator("audio[aria-label='Voice Note-1']")
    expect(audio).to_be_visible()
    played = audio.evaluate("""async (a) => { a.muted = true; await a.play();
        await new Promise((r) => setTimeout(r, 600)); return a.currentTime; }""")
    assert played > 0.1, played
    expect(page.get_by_test_id("recording").get_by_test_id("voice-note-length")).to_have_text(LENGTH)
    # the stored file itself carries its duration (the EBML Duration element, 0x4489, in its header)
    activity = detail_path.rsplit("/", 1)[1]
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        sales = token(http, "sales1")
        [note] = http.get(f"/api/activity/files/{lead_id}/{activity}", headers=sales).json()["results"]["recordings"]
        stored = http.get(f"/api/activity/recordings/load/{lead_id}/{note['key']}", headers=sales).content
    assert b"\x44\x89" in stored[:4096], stored[:64]
    # the photo zooms in its preview
    page.locator(".activity-photo img").first.click()
    preview = page.locator(".ant-image-preview-img").first
    expect(preview).to_be_visible()
    before = preview.evaluate("(img) => img.getBoundingClientRect().width")
    page.locator(".ant-image-preview-operations-operation, .ant-image-preview-actions-action").filter(
        has=page.locator(".anticon-zoom-in")).first.click()
    settled(page)  # the zoom's transition has ended
    assert preview.evaluate("(img) => img.getBoundingClientRect().width") > before
    page.keyboard.press("Escape")
    expect(page.locator(".ant-image-preview-img")).to_have_count(0)
    expect(page.get_by_role("button", name="Download Minutes.pdf")).to_be_visible()
    screenshot(page, SHOTS / "detail-390.png", full_page=True)

    desk = _phone(media_browser, live_server, DESKTOP)
    sign_in(desk, "sales1", to=f"/leads/{lead_id}/activity/add/demo")
    expect(desk.get_by_text("Lead Details")).to_be_visible()
    screenshot(desk, SHOTS / "form-1280.png", full_page=True)
    desk.goto(detail_path)
    expect(desk.locator("audio[aria-label='Voice Note-1']")).to_be_visible()
    screenshot(desk, SHOTS / "detail-1280.png", full_page=True)
    desk.context.close()
    page.context.close()
    assert not errors, errors


def _activity_state(live_server: LiveServer, lead: int) -> tuple[int, set[str]]:
    """The lead's activity count and every file in its storage folder (temporary ones included)."""
    engine = make_engine(live_server.database_url)
    with engine.connect() as conn:
        count = conn.execute(text("SELECT count(*) FROM activities WHERE lead_id = :id"), {"id": lead}).scalar_one()
    engine.dispose()
    folder = live_server.data_dir / "storage" / "activities" / str(lead)
    return int(count), {p.name for p in folder.rglob("*")} if folder.is_dir() else set()


def _activity_posts_handled(live_server: LiveServer) -> float:
    """How many POST /api/activity calls the API has finished with, whatever their end (its metrics count each one
    as its handling returns: a call whose client went away included)."""
    metrics = httpx.get(f"{live_server.url}/api/metrics", timeout=30)
    assert metrics.status_code == 200, metrics.text
    return sum(sample.value for family in text_string_to_metric_families(metrics.text)
               if family.name == "crm_http_requests" for sample in family.samples
               if sample.labels["route"] == "/api/activity" and sample.labels["method"] == "POST")


def test_an_interrupted_upload_leaves_nothing_behind(live_server: LiveServer, lead_id: int) -> None:
    """A phone losing its network halfway through a 40 MB voice note: the API (a real uvicorn) keeps no activity and
    no file, not even a temporary one; the same activity sent whole afterwards is kept."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "sales1")
        pic = http.get(f"/api/activity/pic/{lead_id}", headers=headers).json()["results"][0]
    before = _activity_state(live_server, lead_id)
    handled = _activity_posts_handled(live_server)
    data = {"leadsId": str(lead_id), "type": "1", "variant": "2", "notes": "Cut off",
            "personInCharge": json.dumps({"value": pic["picId"], "label": pic["picName"]})}
    boundary = "----journey-boundary"
    fields = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                     for name, value in data.items())
    head = (f"{fields}--{boundary}\r\nContent-Disposition: form-data; name=\"recording\"; "
            "filename=\"Voice Note.webm\"\r\nContent-Type: audio/webm\r\n\r\n").encode() + WEBM
    tail = f"\r\n--{boundary}--\r\n".encode()
    size = 40 * 1024 * 1024
    total = len(head) + size + len(tail)
    host, port = urlsplit(live_server.url).hostname, urlsplit(live_server.url).port
    with socket.create_connection((host, port)) as sock:
        sock.sendall((f"POST /api/activity HTTP/1.1\r\nHost: {host}\r\nAuthorization: {headers['Authorization']}\r\n"
                      f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {total}\r\n"
                      "Connection: close\r\n\r\n").encode() + head)
        chunk = bytes(1024 * 1024)
        for _ in range(12):  # 12 MB of the 40, then the network is gone
            sock.sendall(chunk)
    # what the API keeps is read once it has finished with the cut call (its metrics say so), not after a pause
    # that a busy machine could outlast
    eventually(lambda: _activity_posts_handled(live_server) > handled, "the API has finished with the cut upload",
               timeout=30, interval=0.2)
    assert _activity_state(live_server, lead_id) == before

    with httpx.Client(base_url=live_server.url, timeout=60) as http:
        r = http.post("/api/activity", headers=headers, data=data,
                      files=[("recording", ("Voice Note.webm", WEBM + bytes(size), "audio/webm"))])
    assert r.status_code == 200, r.text
    count, files = _activity_state(live_server, lead_id)
    assert count == before[0] + 1 and len(files - before[1]) == 1
