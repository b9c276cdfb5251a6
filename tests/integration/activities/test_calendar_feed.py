"""A private calendar address (api/activities/schedule/feed.py): made once and shown once, read by a calendar without
signing in as valid iCalendar (parsed back with `icalendar`), holding its owner's plans only (a team leader's the
team's when asked), at their times in the business's time zone; replaced or turned off, the old address answers 404,
and so does a deactivated person's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient
from icalendar import Calendar
from sqlalchemy import text
from sqlalchemy.orm import Session

from tests.conftest import auth
from tests.integration.activities.conftest import pic_of
from tests.integration.activities.test_schedule import add, form

FEED = "/api/activity/calendar-feed"


def make(client: TestClient, user: str, include_team: bool = False) -> dict[str, Any]:
    r = client.post(FEED, json={"includeTeam": include_team}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def fetch(client: TestClient, url: str) -> Any:
    client.headers.clear()  # a calendar signs in as nobody
    return client.get(urlparse(url).path)


def events(client: TestClient, url: str) -> dict[str, Any]:
    r = fetch(client, url)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/calendar")
    calendar = Calendar.from_ical(r.content)
    assert [str(z["tzid"]) for z in calendar.walk("VTIMEZONE")] == ["Asia/Jakarta"]  # for calendars that need it
    return {str(e["uid"]): e for e in calendar.walk("VEVENT")}


@pytest.fixture
def plan(client: TestClient, lead: dict[str, Any]) -> dict[str, Any]:
    r = add(client, form(lead, pic_of(client, lead["id"]), days=3, activity=2, remark="Proposal walk-through"))
    assert r.status_code == 200, r.text
    return {"id": r.json()["results"]["id"], "lead": lead}


def test_a_plan_reaches_the_calendar_with_its_client_place_and_lead(client: TestClient, plan: dict[str, Any],
                                                                   db: Session) -> None:
    made = make(client, "sales1")
    assert made["active"] is True and made["url"].startswith("http") and made["url"].endswith(".ics")
    assert len(made["url"].rsplit("/", 1)[1]) > 40  # a long random token
    state = client.get(FEED, headers=auth(client, "sales1")).json()["results"]
    assert state["active"] is True and "url" not in state  # shown once

    found = events(client, made["url"])
    event = next(e for uid, e in found.items() if uid.startswith(f"activity-schedule-{plan['id']}@"))
    lead = plan["lead"]
    assert str(event["summary"]) == f"Presentation: {lead['projectName']} (Bank Nusa Mandiri)"
    address = db.execute(text("select address from clients where id = :c"), {"c": lead["clientId"]}).scalar()
    assert str(event["location"]) == address
    assert "Proposal walk-through" in str(event["description"])
    assert str(event["url"]).endswith(f"/leads/{lead['id']}")
    start = event.decoded("dtstart")
    assert start.tzinfo is not None and str(start.tzinfo) == "Asia/Jakarta"  # the business's time zone
    kept = db.execute(text("select schedule_time from activity_schedules where id = :s"), {"s": plan["id"]}).scalar()
    assert start == kept.astimezone(ZoneInfo("Asia/Jakarta"))
    assert event.decoded("dtend") - start == timedelta(hours=1)

    # moved here, moved there at the next fetch
    later = (datetime.now(UTC) + timedelta(days=5)).replace(microsecond=0)
    moved = client.put("/api/activity/schedule", json={**form(lead, pic_of(client, lead["id"]), days=5),
                                                        "id": plan["id"], "dateAndTime": later.isoformat()},
                       headers=auth(client, "sales1"))
    assert moved.status_code == 200, moved.text
    again = next(e for uid, e in events(client, made["url"]).items()
                 if uid.startswith(f"activity-schedule-{plan['id']}@"))
    assert again.decoded("dtstart") == later


def test_only_what_its_owner_may_see(client: TestClient, plan: dict[str, Any]) -> None:
    mine = f"activity-schedule-{plan['id']}@"
    other_team = make(client, "sales4")
    assert not any(uid.startswith(mine) for uid in events(client, other_team["url"]))
    leader = make(client, "tl1")
    assert leader["canIncludeTeam"] is True
    assert not any(uid.startswith(mine) for uid in events(client, leader["url"]))  # their own plans only
    changed = client.put(FEED, json={"includeTeam": True}, headers=auth(client, "tl1")).json()["results"]
    assert changed["includeTeam"] is True
    team = events(client, leader["url"])  # the same address, the team's plans now
    event = next(e for uid, e in team.items() if uid.startswith(mine))
    assert str(event["summary"]).endswith("· Andi Pratama")  # whose plan it is
    # a sales person has no team to add
    own = make(client, "sales1", include_team=True)
    assert own["canIncludeTeam"] is False and own["includeTeam"] is False


def test_a_replaced_or_turned_off_address_answers_404(client: TestClient, plan: dict[str, Any], db: Session) -> None:
    first = make(client, "sales1")
    second = make(client, "sales1")
    assert fetch(client, first["url"]).status_code == 404
    assert fetch(client, second["url"]).status_code == 200
    assert client.delete(FEED, headers=auth(client, "sales1")).status_code == 200
    assert fetch(client, second["url"]).status_code == 404
    assert client.get(FEED, headers=auth(client, "sales1")).json()["results"]["active"] is False
    assert client.put(FEED, json={"includeTeam": True}, headers=auth(client, "sales1")).status_code == 404

    third = make(client, "sales1")
    # a role that no longer sees the schedule (an approver's) keeps no calendar of it
    db.execute(text("update users set role_id = (select role_id from users where username = 'approver1') "
                    "where username = 'sales1'"))
    db.commit()
    assert fetch(client, third["url"]).status_code == 404
    db.execute(text("update users set role_id = (select role_id from users where username = 'sales2') "
                    "where username = 'sales1'"))
    db.commit()
    assert fetch(client, third["url"]).status_code == 200
    db.execute(text("update users set is_active = false where username = 'sales1'"))
    db.commit()
    assert fetch(client, third["url"]).status_code == 404  # a leaver's calendar stops


@pytest.mark.parametrize("token", ["x", "a" * 101, "abc%27%20or%201%3D1--" + "a" * 30, "a" * 43])
def test_a_made_up_address_answers_404_or_422_never_500(client: TestClient, plan: dict[str, Any], token: str) -> None:
    assert fetch(client, make(client, "sales1")["url"]).status_code == 200  # beside a real one
    r = client.get(f"/api/calendar/{token}.ics")
    assert r.status_code in (404, 422), r.text


def test_the_settings_are_the_signed_in_persons_own(client: TestClient) -> None:
    assert client.get(FEED, headers=auth(client, "sales1")).json()["results"]["active"] is False
    client.headers.clear()
    assert client.get(FEED).status_code == 401
    assert client.post(FEED, json={}).status_code == 401
