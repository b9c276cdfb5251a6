"""Leads Management (the table), Leads Monitoring (the grid) and the older whole-state update call, against a small
hand-built set of leads created in 2001 (no seeded lead is that old)."""

import json
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update as sql_update
from sqlalchemy.orm import Session

from tests.conftest import auth
from tests.integration.leads.conftest import new_lead

YEAR = {"createdFrom": "2001-01-01", "createdTo": "2001-12-31"}
TOKEN = "Qorvex"


def _ids(db: Session, *names: str) -> dict[str, int]:
    from api.users.models import User

    return {u.username: u.id for u in db.query(User).filter(User.username.in_(names))}


def _stages(client: TestClient) -> dict[str, int]:
    stages = client.get("/api/stages", headers=auth(client, "admin")).json()["results"]
    return {s["stageName"]: s["id"] for s in stages}


@pytest.fixture
def hand_set(client: TestClient, refs: dict[str, Any], db: Session) -> dict[str, Any]:
    """Four leads; now = the test's clock:
    A sales1 E1 NEW     gp 100, created 2001-03-05, close 2001-06-30, contacted 10 days ago
    B sales2 E2 NEW     gp 250, created 2001-03-20, close 2001-09-15, contacted 40 days ago
    C sales4 E1 WAITING gp 400, created 2001-04-02, no close date,    contacted 100 days ago
    D sales4 E3 HOLD    gp  50, created 2001-04-10, close 2001-05-01, contacted 200 days ago"""
    from api.leads.models import Lead

    people = _ids(db, "sales1", "sales2", "sales4", "tl1", "tl2")
    stages = _stages(client)
    now = datetime.now(UTC)
    plan = {
        "A": ("sales1", "E1", "NEW", 100, date(2001, 3, 5), date(2001, 6, 30), 10),
        "B": ("sales2", "E2", "NEW", 250, date(2001, 3, 20), date(2001, 9, 15), 40),
        "C": ("sales4", "E1", "WAITING", 400, date(2001, 4, 2), None, 100),
        "D": ("sales4", "E3", "HOLD", 50, date(2001, 4, 10), date(2001, 5, 1), 200),
    }
    ids = {}
    for key, (owner, stage, status, gp, created, close, days) in plan.items():
        lead = new_lead(client, refs, user="admin", salesId=people[owner], projectName=f"{TOKEN} {key}")
        ids[key] = lead["id"]
        db.execute(sql_update(Lead).where(Lead.id == lead["id"]).values(
            stage_id=stages[stage], status=status, total_gross_profit=gp, expected_close_date=close,
            created_at=datetime(created.year, created.month, created.day, 5, tzinfo=UTC),  # noon in Jakarta
            last_contacted_at=now - timedelta(days=days, hours=1)))
    db.commit()
    return {"ids": ids, "people": people, "stages": stages}


def _names(client: TestClient, user: str, **query: Any) -> list[str]:
    r = client.get("/api/leads-management", params={"search": TOKEN, "limit": 100, **query},
                   headers=auth(client, user))
    assert r.status_code == 200, r.text
    page = r.json()["results"]
    assert page["totalRows"] == len(page["data"])
    return [row["projectName"].removeprefix(f"{TOKEN} ") for row in page["data"]]


class TestManagementList:
    def test_anonymous_and_roles_without_the_page(self, client: TestClient) -> None:
        assert client.get("/api/leads-management").status_code == 401
        for user in ("sales1", "approver1"):
            assert client.get("/api/leads-management", headers=auth(client, user)).status_code == 403

    def test_visibility_per_role(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        assert _names(client, "admin") == ["D", "C", "B", "A"]  # newest first by default
        assert _names(client, "topmanager") == ["D", "C", "B", "A"]
        assert _names(client, "tl1") == ["B", "A"]
        assert _names(client, "tl2") == ["D", "C"]

    def test_row(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        r = client.get("/api/leads-management", params={"search": f"{TOKEN} B"}, headers=auth(client, "admin"))
        row = r.json()["results"]["data"][0]
        assert (row["salesPersonId"], row["stageName"], row["status"], row["totalGrossProfit"]) == (
            hand_set["people"]["sales2"], "E2", "NEW", 250.0)
        assert row["teamLeaderName"] and row["expectedCloseDate"] == "2001-09-15" and row["lastContacted"] == 40

    def test_sort(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        assert _names(client, "admin", sort="projectName") == ["A", "B", "C", "D"]
        assert _names(client, "admin", sort="totalGrossProfit", desc=True) == ["C", "B", "A", "D"]
        assert _names(client, "admin", sort="lastContacted") == ["D", "C", "B", "A"]
        assert _names(client, "admin", sort="stage", desc=True)[0] == "D"
        assert _names(client, "admin", sort="expectedCloseDate") == ["D", "A", "B", "C"]  # no date last

    def test_criteria(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        people, stages = hand_set["people"], hand_set["stages"]

        def criteria(**values: Any) -> str:
            return json.dumps([{"field": k, "value": v} for k, v in values.items()])

        assert _names(client, "admin", criteria=criteria(salesPersonId=people["sales4"])) == ["D", "C"]
        assert _names(client, "admin", criteria=criteria(stageId=stages["E1"])) == ["C", "A"]
        assert _names(client, "admin", criteria=criteria(status=["NEW", "WAITING"])) == ["C", "B", "A"]
        assert _names(client, "admin", criteria=criteria(salesPersonId=people["sales4"], stageId=stages["E1"])) == [
            "C"]

    def test_team_dates_and_stale_days(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        people = hand_set["people"]
        assert _names(client, "admin", teamLeaderId=people["tl1"]) == ["B", "A"]
        assert _names(client, "tl1", teamLeaderId=people["tl2"]) == []  # another team: still only what tl1 sees
        assert _names(client, "admin", createdFrom="2001-03-10", createdTo="2001-04-02") == ["C", "B"]
        assert _names(client, "admin", expectedCloseFrom="2001-06-01") == ["B", "A"]
        assert _names(client, "admin", expectedCloseTo="2001-06-30") == ["D", "A"]
        assert _names(client, "admin", staleDays=30) == ["C", "B"]  # D is on hold: only ongoing leads go cold
        assert _names(client, "admin", staleDays=90) == ["C"]

    def test_paging(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        r = client.get("/api/leads-management", params={"search": TOKEN, "limit": 2, "offset": 2,
                                                         "sort": "projectName"}, headers=auth(client, "admin"))
        page = r.json()["results"]
        assert page["totalRows"] == 4 and [d["projectName"] for d in page["data"]] == [f"{TOKEN} C", f"{TOKEN} D"]

    @pytest.mark.parametrize("query", [{"sort": "password"}, {"criteria": '[{"field": "createdBy", "value": 1}]'},
                                       {"createdFrom": "2001-05-01", "createdTo": "2001-04-01"},
                                       {"staleDays": 0}])
    def test_refusals(self, client: TestClient, query: dict[str, Any]) -> None:
        assert client.get("/api/leads-management", params=query, headers=auth(client, "admin")).status_code == 422

    def test_filter_options(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        options = client.get("/api/leads-management/filter-options", headers=auth(client, "tl1")).json()["results"]
        assert [t["id"] for t in options["teams"]] == [hand_set["people"]["tl1"]]  # tl1 leads only their team
        assert hand_set["people"]["sales4"] not in {p["id"] for p in options["salesPersons"]}
        assert options["staleDays"] == [30, 90] and [s["stageName"] for s in options["stages"]][-1] == "E7"
        assert client.get("/api/leads-management/filter-options", headers=auth(client, "sales1")).status_code == 403


def _grid(client: TestClient, user: str, **query: Any) -> dict[str, Any]:
    r = client.get("/api/leads-monitoring", params={**YEAR, **query}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def _cells(grid: dict[str, Any], person: int) -> tuple[dict[str, tuple[int, float]], dict[str, Any]]:
    names = {s["id"]: s["stageName"] for s in grid["stages"]}
    row = next(r for r in grid["rows"] if r["salesPersonId"] == person)
    return {names[c["stageId"]]: (c["count"], c["totalGrossProfit"]) for c in row["cells"] if c["count"]}, row


class TestMonitoring:
    def test_anonymous_and_roles_without_the_page(self, client: TestClient) -> None:
        assert client.get("/api/leads-monitoring").status_code == 401
        assert client.get("/api/leads-monitoring", headers=auth(client, "sales1")).status_code == 403

    def test_counts_gp_and_stale_as_computed_by_hand(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        people = hand_set["people"]
        grid = _grid(client, "admin")
        assert [s["stageName"] for s in grid["stages"]] == ["E1", "E2", "E3", "E4", "E5", "E6", "E7"]
        cells, row = _cells(grid, people["sales1"])
        assert cells == {"E1": (1, 100.0)} and (row["count"], row["stale30"], row["stale90"]) == (1, 0, 0)
        cells, row = _cells(grid, people["sales2"])
        assert cells == {"E2": (1, 250.0)} and (row["stale30"], row["stale90"]) == (1, 0)
        cells, row = _cells(grid, people["sales4"])
        assert cells == {"E1": (1, 400.0), "E3": (1, 50.0)}
        assert (row["count"], row["totalGrossProfit"], row["stale30"], row["stale90"]) == (2, 450.0, 1, 1)
        totals = {s["stageName"]: (t["count"], t["totalGrossProfit"]) for s, t in zip(grid["stages"], grid["totals"],
                                                                                      strict=True)}
        assert totals == {"E1": (2, 500.0), "E2": (1, 250.0), "E3": (1, 50.0), "E4": (0, 0.0), "E5": (0, 0.0),
                          "E6": (0, 0.0), "E7": (0, 0.0)}
        assert (grid["count"], grid["totalGrossProfit"], grid["stale30"], grid["stale90"]) == (4, 800.0, 2, 1)
        # every active sales person has a row, with or without leads
        assert {people["sales1"], people["sales2"], people["sales4"]} <= {r["salesPersonId"] for r in grid["rows"]}
        assert len(grid["rows"]) >= 6

    def test_status_filter_keeps_the_stale_counts(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        grid = _grid(client, "admin", status="ONGOING")
        cells, row = _cells(grid, hand_set["people"]["sales4"])
        assert cells == {"E1": (1, 400.0)} and (row["stale30"], row["stale90"]) == (1, 1)
        assert (grid["count"], grid["totalGrossProfit"]) == (3, 750.0)

    def test_team_and_visibility(self, client: TestClient, hand_set: dict[str, Any]) -> None:
        people = hand_set["people"]
        mine = _grid(client, "tl1")
        assert people["sales4"] not in {r["salesPersonId"] for r in mine["rows"]}
        assert (mine["count"], mine["totalGrossProfit"], mine["stale30"]) == (2, 350.0, 1)
        team = _grid(client, "admin", teamLeaderId=people["tl2"])
        assert {r["salesPersonId"] for r in team["rows"]} >= {people["sales4"]}
        assert people["sales1"] not in {r["salesPersonId"] for r in team["rows"]}
        assert (team["count"], team["totalGrossProfit"]) == (2, 450.0)
        narrow = _grid(client, "admin", createdFrom="2001-04-01", createdTo="2001-04-30")
        assert (narrow["count"], narrow["stale30"], narrow["stale90"]) == (2, 1, 1)


class TestCreateForSomeoneElse:
    def test_an_administrator_chooses_an_active_sales_person(self, client: TestClient, refs: dict[str, Any],
                                                              db: Session) -> None:
        from api.users.models import User

        people = _ids(db, "sales4", "sales6", "tl1")
        assert new_lead(client, refs, user="admin", salesId=people["sales4"])["salesPersonId"] == people["sales4"]
        db.execute(sql_update(User).where(User.id == people["sales6"]).values(is_active=False))
        db.commit()
        for chosen in (people["tl1"], people["sales6"], 99_999):  # not a sales person, inactive, absent
            r = client.post("/api/leads", json={"clientId": refs["client"], "projectName": "X", "salesId": chosen},
                            headers=auth(client, "admin"))
            assert r.status_code == 422 and r.json()["messages"] == ["Please choose a sales person from your team"]


def _put(client: TestClient, lead_id: int, body: dict[str, Any], user: str = "sales1") -> Any:
    return client.put(f"/api/leads/{lead_id}/update", json=body, headers=auth(client, user))


class TestOlderUpdate:
    def test_a_plain_edit(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = _put(client, lead["id"], {"projectName": "Zeta Core Refresh", "totalRevenue": 1000,
                                      "totalGrossProfit": 250, "expectedCloseDate": "2027-01-31"})
        assert r.status_code == 200, r.text
        result = r.json()["results"]
        assert result["stageMoved"] is False and result["approvalRequired"] is False
        assert (result["lead"]["projectName"], result["lead"]["grossProfitMargin"]) == ("Zeta Core Refresh", 25.0)
        history = client.get(f"/api/leads/{lead['id']}/history", headers=auth(client, "sales1")).json()["results"]
        assert {"projectName", "totalRevenue"} <= {h["field"] for h in history}

    @pytest.mark.parametrize("path", ["update", "update/v2"])
    def test_an_administrators_gated_stage_is_asked_for_not_entered(self, client: TestClient, lead: dict[str, Any],
                                                                     path: str) -> None:
        headers = auth(client, "admin")
        stages = client.get("/api/stages", headers=headers).json()["results"]
        e2 = next(s for s in stages if s["stageName"] == "E2")
        assert client.put("/api/stages", json={**e2, "needsApproval": True}, headers=headers).status_code == 200
        if path == "update":
            r = client.put(f"/api/leads/{lead['id']}/update", json={"stageId": e2["id"]}, headers=headers)
        else:
            r = client.put(f"/api/leads/{lead['id']}/update/v2", data={"data": json.dumps({"stageId": e2["id"]})},
                           headers=headers)
        assert r.status_code == 200, r.text
        result = r.json()["results"]
        assert result["stageMoved"] is False and result["approvalRequired"] is True and result["approvalId"]
        assert "needs approval" in result["message"]
        now = client.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]
        assert now["stageName"] == "E1" and now["status"] == "WAITING"
        assert now["waitingFor"]["approvalId"] == result["approvalId"]

    def test_validation_messages(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = _put(client, lead["id"], {"projectName": "  "})
        assert r.status_code == 422 and r.json()["messages"] == ["Please enter project name"]
        r = _put(client, lead["id"], {"projectStartDate": "2027-05-01", "projectEndDate": "2027-04-01"})
        assert r.json()["messages"] == ["Project end date cannot be before the start date."]
        r = _put(client, lead["id"], {"totalUnit": -1})
        assert r.status_code == 422 and [f["field"] for f in r.json()["fields"]] == ["totalUnit"]

    def test_visibility_and_access(self, client: TestClient, lead: dict[str, Any]) -> None:
        assert client.put(f"/api/leads/{lead['id']}/update", json={}).status_code == 401
        assert _put(client, lead["id"], {"projectName": "Nope"}, user="sales2").status_code == 404
        assert _put(client, lead["id"], {"projectName": "Nope"}, user="tl2").status_code == 404
        assert _put(client, lead["id"], {"projectName": "Nope"}, user="approver1").status_code == 403
        assert _put(client, 2_000_000_000, {}, user="admin").status_code == 404
        assert _put(client, lead["id"], {"projectName": "Seen by the team leader"}, user="tl1").status_code == 200
