"""Schedule journey (issue 17): sales1, in Jakarta's time, plans a meeting from the month view, moves it in the week
view, hears the bell ring for a plan due in seconds (the real reminder workflow on the session's worker), and removes
another plan from the list; an administrator rewords the reminder in Reminder Management and the next reminder
reads as they wrote it. The month, the week and the list are screenshot at 1280 px, the month and the list at
390 px, the reminder's setting at both. Every plan the journey makes, the reminders it rings and the setting it
changes are put back afterwards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from sqlalchemy import text

from api.core.db import make_engine
from api.notifications.catalogue import ACTIONS
from tests.e2e.api import token
from tests.e2e.conftest import ARTIFACTS, LiveServer, new_context
from tests.e2e.layout import screenshot
from tests.e2e.pages.antd import choose, choose_day, choose_hour
from tests.e2e.test_journeys import sign_in
from tests.e2e.waits import until

SHOTS = ARTIFACTS / "schedule"
JAKARTA = ZoneInfo("Asia/Jakarta")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
MEETING = "Journey: walk the CIO through the proposal"
TO_REMOVE = "Journey: a demo that is called off"
DUE_SOON = "Journey: the presentation the bell reminds of"
REWORDED = "Journey: the demo reminded in the administrator's words"
DRAGGED = "Journey: the meeting dragged to the next day"
REMARKS = (MEETING, TO_REMOVE, DUE_SOON, REWORDED, DRAGGED)
UPDATED = "Activity Schedule information has been updated successfully."
REMOVED = "Activity Schedule has been removed successfully."

SEEDED_LEAD_MINUTES = ACTIONS["SCHEDULE_STARTING"].default_lead_minutes or 0  # the reminder setting's seeded lead time


@dataclass(frozen=True)
class Lead:
    client_id: int
    client_name: str
    lead_id: int
    project_name: str
    pic_id: int
    pic_name: str


def _leads(http: httpx.Client, headers: dict[str, str]) -> list[Lead]:
    """A lead with a person in charge from each of two of sales1's clients (what the schedule form offers)."""
    found: list[Lead] = []
    for client in http.get("/api/activity/client", headers=headers).json()["results"]:
        for project in http.get(f"/api/activity/project/{client['clientId']}", headers=headers).json()["results"]:
            pics = http.get(f"/api/activity/pic/{project['leadId']}", headers=headers).json()["results"]
            if pics:
                found.append(Lead(client["clientId"], client["clientName"], project["leadId"], project["projectName"],
                                  pics[0]["picId"], pics[0]["picName"]))
                break
        if len(found) == 2:
            return found
    pytest.fail(f"sales1 needs leads with a person in charge at two clients; found {found}")


@pytest.fixture
def planning(live_server: LiveServer) -> Iterator[tuple[httpx.Client, dict[str, str], list[Lead]]]:
    """sales1's API client and two of their leads; afterwards every plan with the journey's remarks is removed (through
    the API, so its reminder ends 'removed'; the database for one already past), and the reminder it rang."""
    started = datetime.now(UTC)
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "sales1")
        leads = _leads(http, headers)
        yield http, headers, leads
        engine = make_engine(live_server.database_url)
        try:
            with engine.begin() as conn:
                ids = conn.execute(text(
                    "SELECT s.id FROM activity_schedules s JOIN users u ON u.id = s.owner_id "
                    "WHERE u.username = 'sales1' AND s.notes = ANY(:remarks)"), {"remarks": list(REMARKS)}).scalars()
                for schedule_id in list(ids):
                    http.delete(f"/api/activity/schedule/{schedule_id}", headers=headers)
                conn.execute(text("DELETE FROM activity_schedules WHERE notes = ANY(:remarks)"),
                             {"remarks": list(REMARKS)})
                conn.execute(text(
                    "DELETE FROM notifications n USING users u WHERE u.id = n.user_id AND u.username = 'sales1' "
                    "AND n.kind = 'REMINDER' AND n.lead_id = ANY(:leads) AND n.created_at >= :started"),
                    {"leads": [lead.lead_id for lead in leads], "started": started})
        finally:
            engine.dispose()


def _plan(http: httpx.Client, headers: dict[str, str], lead: Lead, activity: tuple[int, str], at: datetime,
          remark: str) -> int:
    body = {"client": {"value": lead.client_id, "label": lead.client_name},
            "projectName": {"value": lead.lead_id, "label": lead.project_name},
            "personInCharge": {"value": lead.pic_id, "label": lead.pic_name},
            "activity": {"value": activity[0], "label": activity[1]}, "dateAndTime": at.isoformat(), "remark": remark}
    r = http.post("/api/activity/schedule", json=body, headers=headers)
    assert r.status_code == 200, r.text
    return int(r.json()["results"]["id"])


def _new_page(browser: Browser, live_server: LiveServer, viewport: dict[str, int], errors: list[str]) -> Page:
    phone = viewport["width"] < 500
    context = new_context(browser, live_server, viewport=viewport,
                          timezone_id="Asia/Jakarta", is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Content Security Policy" in m.text
            else None)
    return page


def _shot(page: Page, name: str, full_page: bool = True) -> None:
    # from the top: a full-page shot of a scrolled page draws the sticky top bar halfway down
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, SHOTS / f"{name}.png", full_page=full_page)


def _event(grid: Locator, day: date, title: str) -> Locator:
    """The chip of the plan titled '<HH:mm> <Meeting> · <client> · <project>' in the day's cell or column."""
    return grid.locator(f"[data-date='{day.isoformat()}']").locator(f".schedule-event__chip[title='{title}']")


def _schedule_time(live_server: LiveServer, remark: str) -> str:
    engine = make_engine(live_server.database_url)
    with engine.connect() as conn:
        found = conn.execute(text(
            "SELECT to_char(schedule_time AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI') FROM activity_schedules "
            "WHERE notes = :remark"), {"remark": remark}).scalar_one()
    engine.dispose()
    return str(found)


def test_sales_person_plans_moves_hears_and_removes(browser: Browser, live_server: LiveServer,
                                                    planning: tuple[httpx.Client, dict[str, str], list[Lead]]) -> None:
    http, headers, (lead, other) = planning
    now = datetime.now(JAKARTA)
    day = (now + timedelta(days=3)).date()
    # another plan, the one the list will remove: the day before the meeting, 15:00
    _plan(http, headers, other, (3, "Demo"), datetime.combine(day - timedelta(days=1), datetime.min.time(),
                                                              JAKARTA).replace(hour=15), TO_REMOVE)
    errors: list[str] = []
    page = _new_page(browser, live_server, DESKTOP, errors)
    # 1. the month view: add a meeting through the dialog
    sign_in(page, "sales1", to="/activity-schedule?view=calendar")
    grid = page.locator(".schedule-calendar__grid")
    expect(grid.locator("[data-date]").first).to_be_visible()
    page.get_by_role("button", name="Add Schedule").click()
    dialog = page.get_by_role("dialog", name="Add Activity Schedule")
    expect(dialog).to_be_visible()
    choose(page, "Activity", "Meeting", dialog)
    choose(page, "Client", lead.client_name, dialog)
    choose(page, "Project Name", lead.project_name, dialog)
    choose(page, "Person in Charge", lead.pic_name, dialog)
    choose_day(page, dialog, day)
    expect(dialog.get_by_placeholder("Time")).to_have_value("09:00")
    choose_hour(page, dialog, 10, away=dialog.locator(".ant-modal-title"))
    dialog.get_by_label("Remark").fill(MEETING)
    dialog.get_by_role("button", name="Save").click()
    expect(page.get_by_text(f"Activity Schedule 'Meeting' with {lead.client_name} on {lead.project_name} project "
                            "has been set successfully.")).to_be_visible()
    expect(dialog).to_have_count(0)
    if grid.locator(f"[data-date='{day.isoformat()}']").count() == 0:  # the day is in next month's grid
        page.get_by_role("button", name="Next", exact=True).click()  # not the day panel's "Next day"
    meeting = f"Meeting · {lead.client_name} · {lead.project_name}"
    expect(_event(grid, day, f"10:00 {meeting}")).to_be_visible()
    assert _schedule_time(live_server, MEETING) == f"{day.isoformat()} 10:00"
    _shot(page, "month-1280")

    # 2. the week of the meeting: move it to 14:00
    page.locator(".ant-segmented-item", has_text="Week").click()
    expect(page).to_have_url(re.compile(r"mode=week"))
    # the week view is drawn when the grid holds seven days (the month's cells may still be on screen a moment);
    # the meeting, three days ahead, is in this week or the next
    until(page, """() => new Set([...document.querySelectorAll(
        '.schedule-calendar__grid [data-date]')].map((cell) => cell.dataset.date)).size === 7""")
    if grid.locator(f"[data-date='{day.isoformat()}']").count() == 0:
        page.get_by_role("button", name="Next", exact=True).click()  # not the day panel's "Next day"
    expect(grid.locator(f"[data-date='{day.isoformat()}']").first).to_be_visible()
    _event(grid, day, f"10:00 {meeting}").click()
    dialog = page.get_by_role("dialog", name="Edit Activity Schedule")
    expect(dialog.get_by_label("Remark")).to_have_value(MEETING)
    choose_hour(page, dialog, 14, away=dialog.locator(".ant-modal-title"))
    dialog.get_by_role("button", name="Save").click()
    expect(page.get_by_text(UPDATED)).to_be_visible()
    expect(_event(grid, day, f"14:00 {meeting}")).to_be_visible()
    expect(_event(grid, day, f"10:00 {meeting}")).to_have_count(0)
    assert _schedule_time(live_server, MEETING) == f"{day.isoformat()} 14:00"
    _shot(page, "week-1280")

    # 3. the bell: a presentation whose reminder is due in five seconds
    bell = page.locator("button.notification-bell")
    label = bell.get_attribute("aria-label") or ""
    unread = int(m.group(1)) if (m := re.search(r"(\d+) unread", label)) else 0
    minutes = SEEDED_LEAD_MINUTES
    _plan(http, headers, other, (2, "Presentation"), datetime.now(UTC) + timedelta(minutes=minutes, seconds=5),
          DUE_SOON)
    expect(bell).to_have_attribute("aria-label", f"Notifications, {unread + 1} unread", timeout=40_000)
    expect(bell.locator(".ant-badge-count")).to_have_attribute("title", str(unread + 1))
    bell.click()
    reminder = page.locator(".notification-panel .notification-item",
                            has_text=f"Reminder: Presentation with {other.client_name} on {other.project_name} at ")
    expect(reminder).to_be_visible()
    expect(reminder).to_have_class(re.compile("is-unread"))
    _shot(page, "bell-1280")
    page.keyboard.press("Escape")
    expect(page.locator(".notification-panel")).to_be_hidden()

    # 5. (before the removal, so each view has the three plans) the list, and a phone's month and list
    page.goto("/activity-schedule")
    expect(page.get_by_text(TO_REMOVE)).to_be_visible()
    _shot(page, "list-1280")
    phone = _new_page(browser, live_server, PHONE, errors)
    sign_in(phone, "sales1", to="/activity-schedule?view=calendar")
    expect(phone.locator(".schedule-calendar__grid .schedule-event__dot").first).to_be_visible()
    _shot(phone, "month-390", full_page=False)  # a phone's fixed bottom bar: what the screen shows
    phone.goto("/activity-schedule")
    expect(phone.get_by_text(MEETING)).to_be_visible()
    _shot(phone, "list-390", full_page=False)
    phone.context.close()

    # 4. the list: remove the demo
    to_remove = day - timedelta(days=1)
    name = f"Demo with {other.client_name} at {to_remove.day}-{to_remove:%b-%Y} 15:00"
    page.get_by_role("button", name=f"Actions for {name}").click()
    page.get_by_role("menuitem", name="Remove").click()
    confirm = page.get_by_role("dialog", name="Remove Activity Schedule?")
    expect(confirm).to_contain_text(f"Do you want to remove the Demo with {other.client_name}")
    confirm.get_by_role("button", name="Remove").click()
    expect(page.get_by_text(REMOVED)).to_be_visible()
    expect(page.get_by_text(TO_REMOVE)).to_have_count(0)
    expect(page.get_by_role("button", name=f"Actions for {name}")).to_have_count(0)
    expect(page.get_by_text(MEETING)).to_be_visible()
    engine = make_engine(live_server.database_url)
    with engine.connect() as conn:
        left = conn.execute(text("SELECT count(*) FROM activity_schedules WHERE notes = :r"),
                            {"r": TO_REMOVE}).scalar_one()
    engine.dispose()
    assert left == 0

    page.context.close()
    assert not errors, errors


@pytest.fixture
def reminder_text_restored(live_server: LiveServer) -> Iterator[dict[str, object]]:
    """The schedule reminder's setting as seeded; put back afterwards (the live server is shared)."""
    with httpx.Client(base_url=live_server.url, timeout=30) as http:
        headers = token(http, "admin")
        settings = http.get("/api/reminder-setting", headers=headers).json()["results"]
        setting: dict[str, object] = next(s for s in settings if s["reminderAction"] == "SCHEDULE_STARTING")
        yield setting
        now = http.get(f"/api/reminder-setting/{setting['id']}", headers=headers).json()["results"]
        body = {"channel": setting["channel"], "recipientList": setting["recipientList"], "userIds": [],
                "messageTemplate": setting["defaultTemplate"], "leadMinutes": setting["leadMinutes"],
                "version": now["version"]}
        r = http.put(f"/api/reminder-setting/{setting['id']}", json=body, headers=headers)
        assert r.status_code == 200, r.text


def test_an_administrator_rewords_the_reminder_and_the_next_one_uses_it(
        browser: Browser, live_server: LiveServer, planning: tuple[httpx.Client, dict[str, str], list[Lead]],
        reminder_text_restored: dict[str, object]) -> None:
    http, headers, (lead, _other) = planning
    errors: list[str] = []
    admin = _new_page(browser, live_server, DESKTOP, errors)
    sign_in(admin, "admin", to="/system/reminder-management")
    admin.get_by_role("button", name="Edit Activity schedule starting").click()
    expect(admin.get_by_role("heading", name="Edit Activity schedule starting")).to_be_visible()
    template = admin.get_by_label("Message template")
    expect(template).to_have_value(str(reminder_text_restored["defaultTemplate"]))
    # a template that does not render is refused before it is saved: the preview says why, Save waits
    template.fill("Heads-up: {{ activity }} at {{ place }}")
    preview = admin.locator(".setting-preview")
    expect(preview).to_contain_text("The template uses 'place', which is not among this action's variables")
    save = admin.get_by_role("button", name="Save")
    expect(save).to_be_disabled()
    # the administrator's words, a variable inserted from the list at the cursor
    template.fill("Heads-up for {{ recipient }}: {{ activity }} on {{ project }} starts at ")
    template.press("End")
    admin.get_by_role("button", name="Insert {{ time }}").click()
    expect(template).to_have_value("Heads-up for {{ recipient }}: {{ activity }} on {{ project }} starts at "
                                   "{{ time }}")
    expect(preview).to_contain_text("Heads-up for Rina Wijaya: Meeting on Core Banking starts at 27-Nov-2026 10:00 WIB")
    _shot(admin, "reminder-setting-1280")
    expect(save).to_be_enabled()
    save.click()
    expect(admin.get_by_text("Reminder setting saved.")).to_be_visible()
    expect(admin).to_have_url(re.compile(r"/system/reminder-management$"))
    expect(admin.get_by_text("Heads-up for Rina Wijaya: Meeting on Core Banking starts at").first).to_be_visible()
    phone = _new_page(browser, live_server, PHONE, errors)
    sign_in(phone, "admin", to=f"/system/reminder-management/{reminder_text_restored['id']}")
    expect(phone.get_by_label("Message template")).to_have_value(re.compile("^Heads-up for"))
    _shot(phone, "reminder-setting-390", full_page=False)
    phone.context.close()
    admin.context.close()

    # sales1's next reminder reads as the administrator wrote it
    page = _new_page(browser, live_server, DESKTOP, errors)
    sign_in(page, "sales1")
    bell = page.locator("button.notification-bell")
    # the count as the server has it (the bell's own label is empty until its first load)
    unread = int(http.get("/api/notification/limited", headers=headers).json()["results"]["total"])
    expect(bell).to_have_attribute("aria-label", f"Notifications, {unread} unread" if unread else "Notifications")
    minutes = int(str(reminder_text_restored["leadMinutes"]))
    _plan(http, headers, lead, (3, "Demo"), datetime.now(UTC) + timedelta(minutes=minutes, seconds=5), REWORDED)
    expect(bell).to_have_attribute("aria-label", f"Notifications, {unread + 1} unread", timeout=40_000)
    bell.click()
    expect(page.locator(".notification-panel .notification-item",
                        has_text=f"Heads-up for Andi Pratama: Demo on {lead.project_name} starts at ")).to_be_visible()
    page.context.close()
    assert not errors, errors


def test_a_plan_dragged_to_the_next_day_and_the_calendar_address(
        browser: Browser, live_server: LiveServer, planning: tuple[httpx.Client, dict[str, str], list[Lead]]) -> None:
    """sales1 drags a meeting to the next day in the month view (it keeps its time), then makes a private calendar
    address, which a calendar reads as iCalendar with the moved meeting; a new address retires it."""
    http, headers, (lead, _) = planning
    # a day still to come that is not a Sunday: the next day is in the same row of the month's grid
    day = next(d for d in ((datetime.now(JAKARTA) + timedelta(days=n)).date() for n in range(2, 9))
               if d.weekday() != 6)
    _plan(http, headers, lead, (1, "Meeting"), datetime.combine(day, datetime.min.time(), JAKARTA).replace(hour=10),
          DRAGGED)
    errors: list[str] = []
    page = _new_page(browser, live_server, DESKTOP, errors)
    sign_in(page, "sales1", to="/activity-schedule?view=calendar")
    grid = page.locator(".schedule-calendar__grid")
    expect(grid.locator("[data-date]").first).to_be_visible()
    if grid.locator(f"[data-date='{day.isoformat()}']").count() == 0:  # the day is in next month's grid
        page.get_by_role("button", name="Next", exact=True).click()
    chip = _event(grid, day, f"10:00 Meeting · {lead.client_name} · {lead.project_name}")
    expect(chip).to_be_visible()
    target = grid.locator(f"[data-date='{(day + timedelta(days=1)).isoformat()}']").first
    chip.drag_to(target)
    expect(page.get_by_text(UPDATED)).to_be_visible()
    expect(_event(grid, day + timedelta(days=1), f"10:00 Meeting · {lead.client_name} · {lead.project_name}")) \
        .to_be_visible()
    assert _schedule_time(live_server, DRAGGED) == f"{(day + timedelta(days=1)).isoformat()} 10:00"

    page.get_by_role("button", name="Subscribe").click()
    dialog = page.get_by_role("dialog", name="Subscribe from your calendar")
    dialog.get_by_role("button", name="Create address").click()
    address = dialog.get_by_label("Calendar address")
    expect(address).to_have_value(re.compile(r"/api/calendar/[A-Za-z0-9_-]{40,}\.ics$"))
    url = address.input_value()
    _shot(page, "calendar-address-1280", full_page=False)
    feed = http.get(urlparse(url).path)
    assert feed.status_code == 200 and feed.headers["content-type"].startswith("text/calendar")
    assert f"{(day + timedelta(days=1)):%Y%m%d}T100000" in feed.text and "TZID=Asia/Jakarta" in feed.text
    dialog.get_by_role("button", name="Done").click()

    phone = _new_page(browser, live_server, PHONE, errors)
    sign_in(phone, "sales1", to="/activity-schedule?view=calendar")
    phone.get_by_role("button", name="Subscribe").click()
    on = phone.get_by_role("dialog", name="Subscribe from your calendar")
    expect(on.get_by_text(re.compile("Your private calendar address is on since"))).to_be_visible()
    expect(on.get_by_text(re.compile("A calendar last read it on"))).to_be_visible()
    _shot(phone, "calendar-address-390", full_page=False)
    on.get_by_role("button", name="Turn off").click()
    phone.get_by_role("dialog", name="Turn the calendar address off?").get_by_role("button", name="Turn off").click()
    expect(phone.get_by_text("The calendar address is off.")).to_be_visible()
    assert http.get(urlparse(url).path).status_code == 404
    phone.context.close()
    page.context.close()
    assert not errors, errors
