"""The dashboard's figures against a small hand-built data set (project type 'Dashboard test', year 2031, times in
Asia/Jakarta), per role and per visibility, with the answers computed by hand in the comments."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals import queue
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.clients.models import Client
from api.leads.models import Lead, LeadHistory, LeadServiceCategory, Stage
from api.master_data.models import ProjectType, ServiceCategory
from api.users.models import User
from tests.conftest import auth

WIB = timezone(timedelta(hours=7))


def at(day: str, hour: int = 10) -> datetime:
    return datetime.fromisoformat(day).replace(hour=hour, tzinfo=WIB).astimezone(UTC)


@pytest.fixture
def data(client: TestClient, db: Session) -> dict[str, Any]:
    users = {u.username: u for u in db.scalars(select(User))}
    stages = {s.stage_name: s for s in db.scalars(select(Stage))}
    kind = ProjectType(project_type_name="Dashboard test")
    a, b = ServiceCategory(service_category_name="Dash A"), ServiceCategory(service_category_name="Dash B")
    db.add_all([kind, a, b])
    db.flush()
    client_row = db.scalars(select(Client)).first()
    assert client_row is not None
    # name: (sales person, stage, status, GP, created, closed, expected close, category)
    spec = {
        "L1": ("sales1", "E7", "CLOSED", 100, "2031-02-10", "2031-05-20", None, a),
        "L2": ("sales1", "E4", "NEW", 200, "2031-03-01", None, date(2031, 9, 1), a),
        "L3": ("sales2", "E2", "DROPPED", 50, "2031-04-01", None, None, b),
        "L4": ("sales2", "E5", "HOLD", 80, "2031-04-15", None, None, b),
        "L5": ("sales4", "E7", "CLOSED", 300, "2030-11-01", "2031-01-10", None, b),
        "L6": ("sales4", "E1", "WAITING", 40, "2031-06-01", None, date(2032, 1, 15), a),
        "L7": ("sales1", "E7", "CLOSED", 70, "2030-03-01", "2030-03-05", None, a),
    }
    leads = {}
    for name, (sales, stage, status, gp, created, closed, expected, category) in spec.items():
        lead = Lead(project_name=f"Dash {name}", client_id=client_row.id, sales_person_id=users[sales].id,
                    stage_id=stages[stage].id, status=status, project_type_id=kind.id, total_gross_profit=Decimal(gp),
                    total_revenue=Decimal(gp * 4), created_at=at(created), last_contacted_at=at(created),
                    closed_at=at(closed) if closed else None, expected_close_date=expected)
        db.add(lead)
        db.flush()
        db.add(LeadServiceCategory(lead_id=lead.id, service_category_id=category.id))
        leads[name] = lead
    db.commit()
    return {"kind": kind.id, "leads": leads, "users": users, "stages": stages}


def call(client: TestClient, user: str, path: str, data: dict[str, Any], year: int = 2031,
         **extra: Any) -> dict[str, Any]:
    """The figures of the test's project type (read from the leads; `projectIds=[]`: of every lead, from the
    rollups)."""
    filters = {"date": {"dateRange": {"start": f"{year}-01-01", "end": f"{year}-12-31"}, "value": "year",
                        "label": str(year)}, "projectIds": [data["kind"]], **extra}
    r = client.get(f"/api/dashboard/{path}", params={"filters": json.dumps(filters)}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def test_top_management_sees_every_figure_of_every_lead(client: TestClient, data: dict[str, Any]) -> None:
    target = {"salesPersonId": data["users"]["sales1"].id, "year": 2031, "amount": 1000}
    assert client.put("/api/sales-targets", json=target, headers=auth(client, "topmanager")).status_code == 200
    p = call(client, "topmanager", "sales-performance", data)
    # created in 2031: L1 L2 L3 L4 L6; closed in 2031: L1 L5; ongoing now: L2 L6
    assert (p["newLeads"], p["newLeadsAmount"]) == (5, 470)
    assert (p["closeLeads"], p["closeLeadsAmount"]) == (2, 400)
    assert (p["totalOngoingLeads"], p["totalOngoingLeadsAmount"]) == (2, 240)
    # SQL: created in 2031 and at E4 or beyond: L1 L2 L4; won: L1; dropped L3; hold L4
    assert (p["sqlLeadCount"], p["totalLeads"], p["leadDropCount"], p["leadHoldCount"]) == (3, 5, 1, 1)
    assert p["rates"] == {"sqlConversion": 60.0, "sqlWin": 33.33, "leadWin": 20.0, "dropped": 20.0, "hold": 20.0}
    # the year: closed GP 400, ongoing GP in E4-E6 (L2) 200, target of sales1 1000
    assert (p["achievedLeadsAmount"], p["potentialLeadsAmount"], p["salesTargetAmount"]) == (400, 200, 1000)
    assert p["yearValueClosedGp"] == [{"year": y, "gp": {2030: 70, 2031: 400}.get(y, 0)} for y in range(2027, 2032)]
    months = {m["month"]: (m["thisYear"], m["lastYear"]) for m in p["closedLeadPerMonth"]}
    assert months[1] == (1, 0) and months[5] == (1, 0) and months[3] == (0, 1)
    assert sum(v[0] for v in months.values()) == 2
    sums = {m["month"]: (m["thisYear"], m["lastYear"]) for m in p["closedLeadPerMonthSum"]}
    assert sums[1] == (300, 0) and sums[5] == (100, 0) and sums[3] == (0, 70)
    board = {r["fullname"]: r for r in p["salesLeaderboard"]}
    assert [r["fullname"] for r in p["salesLeaderboard"]][:2] == ["Putri Maharani", "Andi Pratama"]
    andi = board["Andi Pratama"]
    assert (andi["totalLeads"], andi["achievedGpInCurrentYear"], andi["targetAmount"], andi["remainingTarget"],
            andi["achievedPercent"]) == (1, 100, 1000, 900, 10.0)
    assert board["Dewi Anggraini"]["achievedPercent"] == 0 and board["Dewi Anggraini"]["totalLeads"] == 0
    assert p["salesActivityOverview"] is not None  # top management has the weekly grid

    cycle = call(client, "topmanager", "avg-sales-cycle", data)
    assert cycle == {"averageDays": 84.5, "closedLeads": 2}  # L1: 99 days, L5: 70 days

    gp = call(client, "topmanager", "gp-type", data)  # the spec's names (spec 2 §3.2)
    assert gp["closedLeadGpByService"] == [{"serviceCategoryName": "Dash B", "gpTotal": 300, "leadCount": 1},
                                           {"serviceCategoryName": "Dash A", "gpTotal": 100, "leadCount": 1}]
    assert gp["closedLeadAvgGpByService"] == [{"serviceCategoryName": "Dash B", "avg": 300, "leadCount": 1},
                                              {"serviceCategoryName": "Dash A", "avg": 100, "leadCount": 1}]
    assert gp["closedLeadGpByProjectType"] == [{"projectTypeName": "Dashboard test", "gpTotal": 400, "leadCount": 2}]
    assert gp["closedLeadAvgGpByProjectType"] == [{"projectTypeName": "Dashboard test", "avg": 200, "leadCount": 2}]

    pipe = call(client, "topmanager", "revenue-per-stage", data)
    assert pipe["title"] == "SQL Lead Pipeline"
    assert [(s["stageName"], s["leadCount"], s["totalGrossProfit"], s["leadYearValueGp"])
            for s in pipe["leadPipeline"]] == [("E4", 1, 200, 200), ("E5", 0, 0, 0), ("E6", 0, 0, 0)]
    assert (pipe["total"]["leadCount"], pipe["total"]["totalGrossProfit"]) == (1, 200)


def test_a_team_leader_sees_their_team_and_every_stage(client: TestClient, data: dict[str, Any]) -> None:
    p = call(client, "tl1", "sales-performance", data)  # sales1-3: L1 L2 L3 L4 (L7 closed in 2030)
    assert (p["newLeads"], p["closeLeads"], p["totalOngoingLeads"], p["sqlLeadCount"]) == (4, 1, 1, 3)
    assert p["rates"]["sqlConversion"] == 75.0 and p["rates"]["leadWin"] == 25.0
    assert {r["fullname"] for r in p["salesLeaderboard"]} == {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}
    pipe = call(client, "tl1", "revenue-per-stage", data)
    assert pipe["title"] == "Lead Pipeline"
    assert [s["stageName"] for s in pipe["leadPipeline"]] == ["E1", "E2", "E3", "E4", "E5", "E6"]
    # a sales person filter narrows, and never widens past the team
    other = call(client, "tl1", "sales-performance", data, salesPersonIds=[data["users"]["sales4"].id])
    assert other["newLeads"] == 0 and other["salesLeaderboard"] == []


def period(client: TestClient, user: str, data: dict[str, Any], start: str, end: str,
           **extra: Any) -> dict[str, Any]:
    """sales-performance over the local days start..end (both included) of the test's project type."""
    filters = {"date": {"dateRange": {"start": start, "end": end}}, "projectIds": [data["kind"]], **extra}
    r = client.get("/api/dashboard/sales-performance", params={"filters": json.dumps(filters)},
                   headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def cards(p: dict[str, Any]) -> tuple[Any, ...]:
    return (p["newLeads"], p["newLeadsAmount"], p["sqlLeadCount"], p["leadDropCount"], p["leadHoldCount"],
            p["closeLeads"], p["closeLeadsAmount"], p["totalOngoingLeads"], p["totalOngoingLeadsAmount"],
            p["achievedLeadsAmount"], p["potentialLeadsAmount"])


def test_a_period_cut_inside_months_counts_its_first_and_last_days(client: TestClient, data: dict[str, Any]) -> None:
    """The cards and rates of a period that is not whole months, by hand, for top management and a team leader: the
    merged statements must keep each figure's own condition (created, closed, ongoing, stage, status, scope)."""
    # 10 January .. 15 April 2031: created L1 (E7 closed) L2 (E4) L3 (dropped) L4 (E5 hold), 430; closed L5 on the
    # first day (300); ongoing (any time) L2 L6; the year 2031's closed GP L1 + L5, its E4-E6 pipeline L2
    top = period(client, "topmanager", data, "2031-01-10", "2031-04-15")
    assert cards(top) == (4, 430, 3, 1, 1, 1, 300, 2, 240, 400, 200)
    assert top["rates"] == {"sqlConversion": 75.0, "sqlWin": 33.33, "leadWin": 25.0, "dropped": 25.0, "hold": 25.0}
    assert (top["periodStart"], top["periodEnd"], top["year"]) == ("2031-01-10", "2031-04-15", 2031)
    # tl1 (sales1-3): the same created leads, not L5 (sales4) nor L6; the board of their three
    leader = period(client, "tl1", data, "2031-01-10", "2031-04-15")
    assert cards(leader) == (4, 430, 3, 1, 1, 0, 0, 1, 200, 100, 200)
    assert leader["rates"] == top["rates"]
    assert {(r["fullname"], r["totalLeads"], r["achievedGpInCurrentYear"]) for r in leader["salesLeaderboard"]} == {
        ("Andi Pratama", 1, 100), ("Dewi Anggraini", 0, 0), ("Rizky Hidayat", 0, 0)}
    # a day later the first day's close falls out; the last day's close (L1 on 20 May) is in, the day before it not
    assert cards(period(client, "topmanager", data, "2031-01-11", "2031-05-19"))[5:7] == (0, 0)
    assert cards(period(client, "tl1", data, "2031-04-16", "2031-05-20")) == (0, 0, 0, 0, 0, 1, 100, 1, 200, 100,
                                                                               200)
    # a sales person filter narrows the leader's figures to sales2: L3 L4 created, nothing closed
    sales2 = period(client, "tl1", data, "2031-01-10", "2031-04-15", salesPersonIds=[data["users"]["sales2"].id])
    assert cards(sales2) == (2, 130, 1, 1, 1, 0, 0, 0, 0, 0, 0)
    assert sales2["rates"] == {"sqlConversion": 50.0, "sqlWin": 0, "leadWin": 0, "dropped": 50.0, "hold": 50.0}


def test_a_sales_person_sees_their_own_without_the_grid(client: TestClient, data: dict[str, Any]) -> None:
    p = call(client, "sales1", "sales-performance", data)  # L1 L2
    assert (p["newLeads"], p["newLeadsAmount"], p["closeLeads"]) == (2, 300, 1)
    assert p["salesActivityOverview"] is None


def test_a_closed_lead_shows_in_the_next_call(client: TestClient, db: Session, data: dict[str, Any]) -> None:
    now = datetime.now(WIB).year  # the close happens now: this year's figures show it
    before = call(client, "topmanager", "sales-performance", data, year=now)
    before_all = call(client, "topmanager", "sales-performance", data, year=now, projectIds=[])
    pipeline_all = call(client, "topmanager", "revenue-per-stage", data, year=now, projectIds=[])
    lead = data["leads"]["L2"]
    version = db.scalars(select(ApprovalPipelineVersion)).first()
    assert version is not None
    request = ApprovalRequest(workflow_id="dash-close-l2", request_type="CLOSE_LEAD", lead_id=lead.id,
                              requested_by=lead.sales_person_id, pipeline_version_id=version.id)
    db.add(request)
    db.commit()
    # the engine's own step (the workflow's activity) applies the approved close
    assert queue.finish(db, request_id=request.id, status="APPROVED", decided_by=data["users"]["approver1"].id)
    after = call(client, "topmanager", "sales-performance", data, year=now)
    assert after["closeLeads"] == before["closeLeads"] + 1
    assert after["closeLeadsAmount"] == before["closeLeadsAmount"] + 200
    assert after["totalOngoingLeads"] == before["totalOngoingLeads"] - 1
    # the same change, read from the rollups
    after_all = call(client, "topmanager", "sales-performance", data, year=now, projectIds=[])
    assert (after_all["closeLeads"], after_all["closeLeadsAmount"]) == (
        before_all["closeLeads"] + 1, before_all["closeLeadsAmount"] + 200)
    assert after_all["totalOngoingLeads"] == before_all["totalOngoingLeads"] - 1
    assert after_all["achievedLeadsAmount"] == before_all["achievedLeadsAmount"] + 200
    assert after_all["potentialLeadsAmount"] == before_all["potentialLeadsAmount"] - 200  # L2 left E4
    board = {r["fullname"]: r["totalLeads"] for r in after_all["salesLeaderboard"]}
    assert board["Andi Pratama"] == {r["fullname"]: r["totalLeads"] for r in before_all["salesLeaderboard"]}[
        "Andi Pratama"] + 1
    def e4(pipeline: dict[str, Any]) -> int:
        return int(next(s["leadCount"] for s in pipeline["leadPipeline"] if s["stageName"] == "E4"))

    assert e4(call(client, "topmanager", "revenue-per-stage", data, year=now, projectIds=[])) == e4(pipeline_all) - 1


def test_filters_and_roles(client: TestClient, data: dict[str, Any]) -> None:
    bad = client.get("/api/dashboard/sales-performance", params={"filters": "{not json"},
                     headers=auth(client, "topmanager"))
    assert bad.status_code == 422 and bad.json()["messages"] == ["The dashboard filters are not valid."]
    backwards = client.get("/api/dashboard/sales-performance", headers=auth(client, "topmanager"), params={
        "filters": json.dumps({"date": {"dateRange": {"start": "2031-05-01", "end": "2031-01-01"}}})})
    assert backwards.status_code == 422
    assert client.get("/api/dashboard/sales-performance", headers=auth(client, "approver1")).status_code == 403
    role = data["users"]["tl1"].role_id
    assert client.get(f"/api/dashboard/dashboard-role-component/{role}", headers=auth(client, "sales1")).json()[
        "results"] == {"roleId": role, "dashboardComponent": "TL"}


def test_the_weekly_grid_counts_stage_changes_monday_to_the_following_monday(
        client: TestClient, db: Session, data: dict[str, Any]) -> None:
    """Today lies outside 2031, so the grid shows the week of the period's end: Wednesday 31 December 2031 is in the
    week of Monday 29 December, which runs to Monday 5 January 2032 (both Mondays included, in TIME_ZONE)."""
    leads, sales1 = data["leads"], data["users"]["sales1"].id
    moves = [("L2", "2031-12-28", 23), ("L2", "2031-12-29", 0), ("L2", "2031-12-29", 17), ("L1", "2031-12-31", 9),
             ("L4", "2032-01-04", 12), ("L4", "2032-01-05", 23), ("L4", "2032-01-06", 0), ("L6", "2031-12-30", 8)]
    for name, day, hour in moves:
        db.add(LeadHistory(lead_id=leads[name].id, changed_by=sales1, changed_at=at(day, hour), field="stage",
                           old_value="E1", new_value="E2"))
    # not a stage change: never counted
    db.add(LeadHistory(lead_id=leads["L2"].id, changed_by=sales1, changed_at=at("2031-12-30"), field="notes",
                       old_value=None, new_value="x"))
    db.commit()

    def grid(user: str, **extra: Any) -> set[tuple[str, str, int]]:
        p = call(client, user, "sales-performance", data, **extra)
        assert p["weekStart"] == "2031-12-29"
        return {(c["name"], c["activityDate"], c["count"]) for c in p["salesActivityOverview"]}

    # Sunday 28th and Tuesday 6th fall outside; Monday 29th counts twice (00:00 and 17:00 WIB), Monday 5th at 23:00
    assert grid("topmanager") == {("Andi Pratama", "2031-12-29", 2), ("Andi Pratama", "2031-12-31", 1),
                                  ("Dewi Anggraini", "2032-01-04", 1), ("Dewi Anggraini", "2032-01-05", 1),
                                  ("Putri Maharani", "2031-12-30", 1)}
    # a team leader: their team only (sales4 is Putri, of tl2); a filter narrows to one sales person
    assert grid("tl1") == {("Andi Pratama", "2031-12-29", 2), ("Andi Pratama", "2031-12-31", 1),
                           ("Dewi Anggraini", "2032-01-04", 1), ("Dewi Anggraini", "2032-01-05", 1)}
    assert grid("tl1", salesPersonIds=[sales1]) == {("Andi Pratama", "2031-12-29", 2),
                                                    ("Andi Pratama", "2031-12-31", 1)}


def test_rates_are_zero_when_nothing_was_created(client: TestClient, data: dict[str, Any]) -> None:
    """A period with no leads created: every rate is 0, never a division by zero."""
    p = call(client, "topmanager", "sales-performance", data, year=2033)
    assert p["totalLeads"] == 0 and p["closeLeads"] == 0
    assert p["rates"] == {"sqlConversion": 0, "sqlWin": 0, "leadWin": 0, "dropped": 0, "hold": 0}
    assert call(client, "topmanager", "avg-sales-cycle", data, year=2033) == {"averageDays": 0, "closedLeads": 0}


def test_a_role_without_a_dashboard_component(client: TestClient, data: dict[str, Any]) -> None:
    """The approver's role has no dashboard component: the front end says 'You are not enrolled to any Dashboard'."""
    role = data["users"]["approver1"].role_id
    answer = client.get(f"/api/dashboard/dashboard-role-component/{role}", headers=auth(client, "approver1"))
    assert answer.status_code == 200 and answer.json()["results"] == {"roleId": role, "dashboardComponent": None}
    session = client.get("/api/auth/session", headers=auth(client, "approver1"))
    assert session.status_code == 200 and session.json()["results"]["user"]["dashboardComponent"] is None
