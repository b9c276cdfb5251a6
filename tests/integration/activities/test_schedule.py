"""The activity schedule's calls (spec 2 §2.10, §3.5, §4.5, §5 schedule form, §7, §8): planning, changing and
removing one's own upcoming plans, the Upcoming and History pages, the calendar's range, and who sees what (the
leads' hierarchy: a team leader sees the team's, another team nothing)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.orm import Session

from tests.conftest import auth
from tests.integration.activities.conftest import pic_of


def form(lead: dict[str, Any], pic: dict[str, Any], days: float = 3, activity: int = 1,
         remark: str = "Kick-off with the IT team") -> dict[str, Any]:
    at = (datetime.now(UTC) + timedelta(days=days)).replace(microsecond=0)
    return {"client": {"value": lead["clientId"], "label": "Bank Nusa Mandiri"},
            "projectName": {"value": lead["id"], "label": lead["projectName"]},
            "personInCharge": {"value": pic["picId"], "label": pic["picName"]},
            "activity": {"value": activity, "label": "Meeting"}, "dateAndTime": at.isoformat(), "remark": remark}


def add(client: TestClient, body: dict[str, Any], user: str = "sales1") -> Any:
    return client.post("/api/activity/schedule", json=body, headers=auth(client, user))


def upcoming(client: TestClient, user: str, **params: Any) -> dict[str, Any]:
    r = client.get("/api/activity/schedule-list", params={"eventType": "upcoming", **params},
                   headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


@pytest.fixture
def pic(client: TestClient, lead: dict[str, Any]) -> dict[str, Any]:
    return pic_of(client, lead["id"])


def _move_to_past(db: Session, schedule_id: int) -> None:
    db.execute(text("UPDATE activity_schedules SET schedule_time = now() - interval '1 hour' WHERE id = :id"),
               {"id": schedule_id})
    db.commit()


class TestPlanning:
    def test_a_plan_is_set_with_the_spec_message_and_listed(self, client: TestClient, lead: dict[str, Any],
                                                            pic: dict[str, Any]) -> None:
        r = add(client, form(lead, pic, activity=3))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["message"] == (
            f"Activity Schedule 'Demo' with Bank Nusa Mandiri on {lead['projectName']} project has been set "
            "successfully.")
        # the message names the client as kept, whatever label the form sent
        relabelled = {**form(lead, pic), "client": {"value": lead["clientId"], "label": "<b>Anyone</b>"}}
        assert "with Bank Nusa Mandiri on" in add(client, relabelled).json()["results"]["message"]
        row = next(d for d in upcoming(client, "sales1", itemsPerPage=100)["data"]
                   if d["id"] == r.json()["results"]["id"])
        assert (row["clientName"], row["leadsId"], row["picName"], row["media"], row["scheduleNotes"],
                row["ownerName"], row["editable"]) == ("Bank Nusa Mandiri", lead["id"], pic["picName"], "Demo",
                                                       "Kick-off with the IT team", "Andi Pratama", True)

    def test_a_call_is_recorded_by_its_device_not_planned(self, client: TestClient, lead: dict[str, Any],
                                                          pic: dict[str, Any]) -> None:
        """Call (4) is an activity type since the call device (api/calls), never one the forms take."""
        r = add(client, form(lead, pic, activity=4))
        assert r.status_code == 422 and "Please choose activity" in r.json()["messages"]

    def test_every_missing_field_has_its_message(self, client: TestClient) -> None:
        r = add(client, {"remark": "  "})
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please choose activity", "Please choose client", "Please choose project name",
                                        "Please choose person in charge",
                                        "Please set the start date of this project.", "Please enter remark"]

    def test_the_project_is_the_clients_and_the_person_the_leads(self, client: TestClient, lead: dict[str, Any],
                                                                 pic: dict[str, Any], refs: dict[str, Any]) -> None:
        other_client = {**form(lead, pic), "client": {"value": refs["client"] + 10_000, "label": "?"}}
        assert add(client, other_client).json()["messages"] == [
            "The project is not one of the client's leads you may plan on."]
        other = next(p for p in refs["pics"] if p != pic["picId"])
        stranger = {**form(lead, pic), "personInCharge": {"value": other, "label": "?"}}
        assert add(client, stranger).json()["messages"] == [
            "The person in charge is not one of the lead's persons in charge."]
        # another team's lead is not one to plan on either
        assert add(client, form(lead, pic), user="sales4").json()["messages"] == [
            "The project is not one of the client's leads you may plan on."]

    def test_a_plan_is_for_later(self, client: TestClient, lead: dict[str, Any], pic: dict[str, Any]) -> None:
        r = add(client, form(lead, pic, days=-0.01))
        assert r.status_code == 422 and r.json()["fields"] == [
            {"field": "dateAndTime", "message": "Please choose a date and time in the future"}]

    def test_top_management_reads_but_does_not_plan(self, client: TestClient, lead: dict[str, Any],
                                                    pic: dict[str, Any]) -> None:
        assert add(client, form(lead, pic), user="topmanager").status_code == 403


class TestChanging:
    def test_the_owner_moves_and_removes_an_upcoming_plan(self, client: TestClient, lead: dict[str, Any],
                                                          pic: dict[str, Any]) -> None:
        plan = add(client, form(lead, pic)).json()["results"]["id"]
        moved = {**form(lead, pic, days=5, activity=2, remark="Pricing"), "id": plan}
        r = client.put("/api/activity/schedule", json=moved, headers=auth(client, "sales1"))
        assert r.status_code == 200 and r.json()["results"]["message"] == (
            "Activity Schedule information has been updated successfully.")
        row = next(d for d in upcoming(client, "sales1", itemsPerPage=100)["data"] if d["id"] == plan)
        assert (row["media"], row["scheduleNotes"]) == ("Presentation", "Pricing")
        assert datetime.fromisoformat(row["scheduleTime"]) == datetime.fromisoformat(moved["dateAndTime"])
        r = client.delete(f"/api/activity/schedule/{plan}", headers=auth(client, "sales1"))
        assert r.status_code == 200
        assert plan not in [d["id"] for d in upcoming(client, "sales1", itemsPerPage=100)["data"]]

    def test_only_the_owner_changes_a_plan_and_only_while_it_is_to_come(self, client: TestClient, db: Session,
                                                                         lead: dict[str, Any],
                                                                         pic: dict[str, Any]) -> None:
        plan = add(client, form(lead, pic)).json()["results"]["id"]
        body = {**form(lead, pic, days=4), "id": plan}
        r = client.put("/api/activity/schedule", json=body, headers=auth(client, "tl1"))
        assert r.status_code == 403
        assert r.json()["messages"] == ["Only the person who planned it may change this activity schedule."]
        assert client.delete(f"/api/activity/schedule/{plan}", headers=auth(client, "sales4")).status_code == 404
        _move_to_past(db, plan)
        r = client.put("/api/activity/schedule", json=body, headers=auth(client, "sales1"))
        assert r.status_code == 422 and r.json()["messages"] == ["A past activity schedule cannot be changed."]
        assert client.delete(f"/api/activity/schedule/{plan}", headers=auth(client, "sales1")).status_code == 422


class TestReading:
    def test_the_team_leader_sees_the_team_and_another_team_nothing(self, client: TestClient,
                                                                     lead: dict[str, Any],
                                                                     pic: dict[str, Any]) -> None:
        plan = add(client, form(lead, pic, remark="Hierarchy check")).json()["results"]["id"]
        seen = {u: [d["id"] for d in upcoming(client, u, searchKeywords="Hierarchy check")["data"]]
                for u in ("sales1", "tl1", "sales4", "topmanager")}
        assert seen == {"sales1": [plan], "tl1": [plan], "sales4": [], "topmanager": [plan]}
        tl_row = upcoming(client, "tl1", searchKeywords="Hierarchy check")["data"][0]
        assert tl_row["editable"] is False  # seen, not theirs

    def test_pages_of_five_with_more_and_history_latest_first(self, client: TestClient, db: Session,
                                                              lead: dict[str, Any], pic: dict[str, Any]) -> None:
        ids = [add(client, form(lead, pic, days=1 + i, remark=f"Paging {i}")).json()["results"]["id"]
               for i in range(6)]
        first = upcoming(client, "sales1", searchKeywords="Paging")
        assert [d["id"] for d in first["data"]] == ids[:5]
        assert first["pagination"] == {"currentPage": 1, "hasMore": True}
        second = upcoming(client, "sales1", searchKeywords="Paging", currentPage=2)
        assert [d["id"] for d in second["data"]] == ids[5:]
        assert second["pagination"] == {"currentPage": 2, "hasMore": False}
        _move_to_past(db, ids[0])
        _move_to_past(db, ids[1])
        history = client.get("/api/activity/schedule-list", headers=auth(client, "sales1"),
                             params={"eventType": "history", "searchKeywords": "Paging"}).json()["results"]
        assert sorted(d["id"] for d in history["data"]) == sorted(ids[:2])
        assert all(d["editable"] is False for d in history["data"])

    def test_the_calendar_shows_the_month_or_week_around_a_date(self, client: TestClient, lead: dict[str, Any],
                                                                 pic: dict[str, Any]) -> None:
        plan = add(client, form(lead, pic, days=2, remark="Calendar check")).json()["results"]
        row = next(d for d in upcoming(client, "sales1", searchKeywords="Calendar check")["data"])
        day = (datetime.fromisoformat(row["scheduleTime"]) + timedelta(hours=7)).date()

        def shown(current: date, view: str) -> list[int]:
            r = client.get("/api/activity/schedule-calendar", headers=auth(client, "sales1"),
                           params={"currentDate": current.isoformat(), "view": view, "search": "Calendar check"})
            assert r.status_code == 200, r.text
            return [d["id"] for d in r.json()["results"]]

        assert shown(day, "month") == [plan["id"]] and shown(day, "week") == [plan["id"]]
        assert shown(day + timedelta(days=7), "week") == []
        assert shown(day + timedelta(days=70), "month") == []

    @pytest.mark.parametrize("params", [{"eventType": "soon"}, {"itemsPerPage": 0}, {"currentPage": 0},
                                        {"searchKeywords": "x" * 201}])
    def test_bad_list_parameters_are_422(self, client: TestClient, params: dict[str, Any]) -> None:
        r = client.get("/api/activity/schedule-list", params=params, headers=auth(client, "sales1"))
        assert r.status_code == 422

    @pytest.mark.parametrize("params", [{"currentDate": "0001-01-01"}, {"currentDate": "9999-12-31"},
                                        {"currentDate": "2026-02-30"}, {"view": "year"}])
    def test_bad_calendar_parameters_are_422(self, client: TestClient, params: dict[str, Any]) -> None:
        r = client.get("/api/activity/schedule-calendar", params=params, headers=auth(client, "sales1"))
        assert r.status_code == 422

    def test_anonymous_is_401(self, client: TestClient) -> None:
        assert client.get("/api/activity/schedule-list").status_code == 401
        assert client.get("/api/activity/schedule-calendar").status_code == 401


class TestCalendarAnswer:
    """The calendar writes its rows as plain data (api/activities/schedule/service.py calendar); the list pages still
    build ScheduleRow: the same plan answers the same fields, with the same values, through both."""

    def test_a_calendar_row_is_the_list_row_field_by_field(self, client: TestClient, db: Session,
                                                           lead: dict[str, Any], pic: dict[str, Any]) -> None:
        mine = add(client, form(lead, pic, days=2, activity=2, remark="Field check mine")).json()["results"]["id"]
        past = add(client, form(lead, pic, days=3, remark="Field check past")).json()["results"]["id"]
        _move_to_past(db, past)
        # a team mate's plan without a person in charge (a next step may have none), on the same lead
        theirs = db.execute(text(
            "INSERT INTO activity_schedules (lead_id, activity_type, pic_contact_id, schedule_time, notes, owner_id) "
            "SELECT :lead, 3, NULL, now() + interval '4 days', 'Field check theirs', id FROM users "
            "WHERE username = 'sales2' RETURNING id"), {"lead": lead["id"]}).scalar_one()
        db.commit()

        def calendar(user: str) -> dict[int, dict[str, Any]]:
            """The plans of last month's, this month's and next month's pages (today's month may end in 2 days)."""
            rows = {}
            for days in (-31, 0, 31):
                current = (datetime.now(UTC) + timedelta(hours=7, days=days)).date().isoformat()
                r = client.get("/api/activity/schedule-calendar", headers=auth(client, user),
                               params={"currentDate": current, "view": "month", "search": "Field check"})
                assert r.status_code == 200, r.text
                assert r.headers["content-type"] == "application/json"
                rows |= {d["id"]: d for d in r.json()["results"]}
            return rows

        def listed(user: str) -> dict[int, dict[str, Any]]:
            rows = {}
            for event in ("upcoming", "history"):
                r = client.get("/api/activity/schedule-list", headers=auth(client, user),
                               params={"eventType": event, "searchKeywords": "Field check", "itemsPerPage": 100})
                rows |= {d["id"]: d for d in r.json()["results"]["data"]}
            return rows

        leader = calendar("tl1")
        assert set(leader) == {mine, past, theirs}
        for user, rows in (("tl1", leader), ("sales1", calendar("sales1"))):
            expected = listed(user)
            assert set(rows) == set(expected)
            for schedule_id, row in rows.items():
                assert list(row) == list(expected[schedule_id]), schedule_id  # the same fields, in the same order
                for field, value in expected[schedule_id].items():
                    assert row[field] == value, (user, schedule_id, field)
        assert (leader[mine]["media"], leader[mine]["picName"], leader[mine]["ownerName"], leader[mine]["editable"]
                ) == ("Presentation", pic["picName"], "Andi Pratama", False)  # the leader sees it, not theirs
        assert (leader[theirs]["picId"], leader[theirs]["picName"], leader[theirs]["media"]) == (None, None, "Demo")
        assert leader[past]["editable"] is False
        assert calendar("sales4") == {}  # another team
