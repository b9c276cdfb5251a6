"""Every list as a spreadsheet (api/core/exports.py): a list call asked with export=xlsx answers its rows, unpaged, as
an XLSX of the one writer: exactly the rows its reader may see with the filters applied (another team's lead is never
in it), the columns asked for with their kinds (amounts as numbers, dates as dates), text never a formula; the list's
own access check holds, and a bad request is refused with its reason."""

from __future__ import annotations

import io
import json
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient
from openpyxl import load_workbook
from sqlalchemy import text
from sqlalchemy.orm import Session

from api.activities.models import ActivitySchedule
from api.core import exports
from api.core.spreadsheets import XLSX_TYPE
from tests.conftest import auth

LEAD_COLUMNS = [{"key": "clientName", "title": "Client"}, {"key": "projectName", "title": "Project"},
                {"key": "stageName", "title": "Stage"}, {"key": "totalGrossProfit", "title": "GP"},
                {"key": "salesFullname", "title": "Sales"}]


def sheet(response: Any) -> list[tuple[Any, ...]]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == XLSX_TYPE
    assert response.headers["content-disposition"].startswith('attachment; filename="')
    book = load_workbook(io.BytesIO(response.content))
    return list(book.active.iter_rows(values_only=True))


def every_row(client: TestClient, path: str, user: str, **params: Any) -> list[dict[str, Any]]:
    """The list as its JSON pages give it, page after page."""
    rows: list[dict[str, Any]] = []
    while True:
        r = client.get(path, params={**params, "offset": len(rows), "limit": 100}, headers=auth(client, user))
        page = r.json()["results"]
        rows += page["data"]
        if len(rows) >= page["totalRows"] or not page["data"]:
            return rows


def test_a_sales_persons_leads_are_theirs_alone_unpaged_with_their_kinds(client: TestClient) -> None:
    listed = every_row(client, "/api/leads/list", "sales1", status="ALL")
    r = client.get("/api/leads/list", params={"status": "ALL", "export": "xlsx", "limit": 5, "offset": 3,
                                              "exportColumns": json.dumps(LEAD_COLUMNS), "exportTitle": "My leads"},
                   headers=auth(client, "sales1"))
    rows = sheet(r)
    assert rows[0] == ("Client", "Project", "Stage", "GP", "Sales")
    assert len(rows) - 1 == len(listed) > 5  # the paging is not the export's
    assert {row[1] for row in rows[1:]} == {lead["projectName"] for lead in listed}
    assert {row[4] for row in rows[1:]} == {"Andi Pratama"}  # sales1's only
    assert all(isinstance(row[3], int | float) for row in rows[1:])  # an amount stays a number
    assert r.headers["x-export-rows"] == str(len(listed))
    assert 'filename="My leads ' in r.headers["content-disposition"]


def test_a_team_leader_gets_the_team_and_the_filters_hold(client: TestClient) -> None:
    team = sheet(client.get("/api/leads/list", params={"status": "ALL", "export": "xlsx",
                                                        "exportColumns": json.dumps(LEAD_COLUMNS)},
                            headers=auth(client, "tl1")))
    sales = {row[4] for row in team[1:]}
    assert sales and sales <= {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}  # tl1's team, not tl2's
    searched = every_row(client, "/api/leads/list", "tl1", status="ALL", search="bank")
    filtered = sheet(client.get("/api/leads/list", params={"status": "ALL", "search": "bank", "export": "xlsx",
                                                            "exportColumns": json.dumps(LEAD_COLUMNS)},
                                headers=auth(client, "tl1")))
    assert sorted(row[1] for row in filtered[1:]) == sorted(lead["projectName"] for lead in searched)
    assert len(filtered) < len(team)


def test_without_columns_every_plain_field_and_text_is_never_a_formula(client: TestClient, db: Session) -> None:
    db.execute(text("UPDATE clients SET legal_name = :formula WHERE client_name = 'Bank Nusa Mandiri'"),
               {"formula": '=HYPERLINK("http://x")'})
    db.commit()
    rows = sheet(client.get("/api/clients", params={"export": "xlsx", "search": "Bank Nusa"},
                            headers=auth(client, "admin")))
    header = rows[0]
    assert "Client name" in header and "Legal name" in header
    found = [dict(zip(header, row, strict=True)) for row in rows[1:]]
    mandiri = next(row for row in found if row["Client name"] == "Bank Nusa Mandiri")
    assert mandiri["Legal name"] == '=HYPERLINK("http://x")'  # the text, not a formula


def test_dates_and_moments_as_dates() -> None:
    rows = [{"day": "2026-03-01", "at": "2026-03-01T02:30:00+00:00", "gp": 1500000, "ok": True}]
    book = load_workbook(io.BytesIO(exports.workbook(rows, [], title="T", total=1, zone=ZoneInfo("Asia/Jakarta"))))
    header, values = list(book.active.iter_rows(values_only=True))
    assert header == ("Day", "At", "Gp", "Ok")
    assert values == (datetime(2026, 3, 1), datetime(2026, 3, 1, 9, 30), 1500000, "Yes")
    assert isinstance(values[0], date)


def test_the_lists_own_access_holds(client: TestClient) -> None:
    r = client.get("/api/clients", params={"export": "xlsx"}, headers=auth(client, "approver1"))
    assert r.status_code == 403, r.text
    assert client.get("/api/clients", params={"export": "xlsx"}).status_code == 401


@pytest.mark.parametrize("params, message", [
    ({"export": "csv"}, exports.EXPORT_ONLY_XLSX),
    ({"export": "xlsx", "exportColumns": "not json"}, exports.COLUMNS_INVALID),
    ({"export": "xlsx", "exportColumns": "[]"}, exports.COLUMNS_INVALID),
    ({"export": "xlsx", "exportColumns": json.dumps([{"key": "x"}])}, exports.COLUMNS_INVALID),
    ({"export": "xlsx", "exportColumns": json.dumps([{"key": "x", "title": "X", "kind": "formula"}])},
     exports.COLUMNS_INVALID),
    ({"export": "xlsx", "exportColumns": json.dumps([{"key": "x", "title": "X"}] * 61)}, exports.COLUMNS_INVALID),
])
def test_a_bad_export_is_refused_with_its_reason(client: TestClient, params: dict[str, str], message: str) -> None:
    r = client.get("/api/clients", params=params, headers=auth(client, "admin"))
    assert r.status_code == 422 and r.json()["messages"] == [message], r.text


def test_a_call_that_is_no_list_ignores_the_parameter(client: TestClient) -> None:
    r = client.get("/api/auth/session", params={"export": "xlsx"}, headers=auth(client, "sales1"))
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")


SCHEDULE_COLUMNS = [{"key": "scheduleTime", "title": "When"}, {"key": "projectName", "title": "Project"},
                    {"key": "media", "title": "Activity"}, {"key": "ownerName", "title": "Owner"}]


@pytest.fixture
def plans(db: Session) -> list[int]:
    """Five plans of sales1 on their leads, upcoming (the demo has none)."""
    owner, leads = db.execute(text(
        "SELECT u.id, array_agg(l.id ORDER BY l.id) FROM leads l JOIN users u ON u.id = l.sales_person_id "
        "WHERE u.username = 'sales1' GROUP BY u.id")).one()
    made = [ActivitySchedule(lead_id=leads[i % len(leads)], activity_type=3, owner_id=owner, notes=f"Plan {i}",
                             schedule_time=datetime.now(UTC) + timedelta(days=i + 1)) for i in range(5)]
    db.add_all(made)
    db.commit()
    return [m.id for m in made]


@pytest.mark.parametrize("user", ["sales1", "tl1"])
def test_the_schedule_list_exports_every_row_of_its_tab(client: TestClient, plans: list[int], user: str) -> None:
    """The activity schedule's list (its own paging, itemsPerPage and currentPage) exports the tab's rows unpaged,
    the reader's own (and their team's) only."""
    listed: list[dict[str, Any]] = []
    page = 1
    while True:
        r = client.get("/api/activity/schedule-list", params={"eventType": "upcoming", "itemsPerPage": 100,
                                                              "currentPage": page}, headers=auth(client, user))
        assert r.status_code == 200, r.text
        listed += r.json()["results"]["data"]
        if not r.json()["results"]["pagination"]["hasMore"]:
            break
        page += 1
    assert set(plans) <= {s["id"] for s in listed}
    r = client.get("/api/activity/schedule-list", params={
        "eventType": "upcoming", "itemsPerPage": 2, "currentPage": 2, "export": "xlsx",
        "exportColumns": json.dumps(SCHEDULE_COLUMNS), "exportTitle": "Activity schedule"}, headers=auth(client, user))
    rows = sheet(r)
    assert rows[0] == ("When", "Project", "Activity", "Owner")
    assert len(rows) - 1 == len(listed)  # not the page of two asked for
    assert [row[1] for row in rows[1:]] == [s["projectName"] for s in listed]  # the list's order
    assert all(isinstance(row[0], datetime) for row in rows[1:])  # an instant as the company's wall-clock time
    assert {row[3] for row in rows[1:]} == {s["ownerName"] for s in listed}
    if user == "sales1":
        assert {row[3] for row in rows[1:]} == {"Andi Pratama"}
    other = client.get("/api/activity/schedule-list", params={"eventType": "upcoming", "export": "xlsx"},
                       headers=auth(client, "sales2"))
    assert not {"Andi Pratama"} & {row[-1] for row in sheet(other)[1:]}  # another sales person's plans are not theirs


@pytest.mark.parametrize(("path", "user", "columns"), [
    ("/api/holidays", "admin", [{"key": "day", "title": "Date"}, {"key": "name", "title": "Holiday"}]),
    ("/api/stages", "admin", [{"key": "stageName", "title": "Stage"}, {"key": "stageDescription", "title": "Name"}]),
    ("/api/approval-pipelines", "admin", [{"key": "name", "title": "Pipeline"}, {"key": "version", "title": "V"},
                                          {"key": "salesPersons", "title": "Sales people"}]),
    ("/api/pcs-approval-pipelines", "admin", [{"key": "name", "title": "Pipeline"}]),
    ("/api/sales-monitoring", "tl1", [{"key": "name", "title": "Name"}, {"key": "status", "title": "Status"}]),
])
def test_a_list_answered_whole_exports_the_same_rows(client: TestClient, path: str, user: str,
                                                      columns: list[dict[str, str]]) -> None:
    listed = client.get(path, headers=auth(client, user))
    assert listed.status_code == 200, listed.text
    rows = sheet(client.get(path, params={"export": "xlsx", "exportColumns": json.dumps(columns)},
                            headers=auth(client, user)))
    assert rows[0] == tuple(c["title"] for c in columns)
    expected = [tuple(exports._cell(item.get(c["key"]), exports._kind_of(c["key"], [i.get(c["key"]) for i in
                                                                                   listed.json()["results"]]),
                                    ZoneInfo("Asia/Jakarta")) for c in columns)
                for item in listed.json()["results"]]
    def plain(value: Any) -> Any:  # a date cell reads back as midnight
        return value.date() if isinstance(value, datetime) and value.time() == datetime.min.time() else value

    assert [tuple(plain(v) for v in row) for row in rows[1:]] == expected and len(expected) > 0
    assert all(any(row[i] is not None for row in rows[1:]) for i in range(len(columns)))  # every column filled


def test_a_whole_lists_export_keeps_its_access_check(client: TestClient) -> None:
    assert client.get("/api/holidays", headers=auth(client, "sales1")).status_code == 403
    assert client.get("/api/holidays", params={"export": "xlsx"}, headers=auth(client, "sales1")).status_code == 403


def test_the_leads_monitoring_grid_exports_its_rows_with_a_column_per_stage(client: TestClient) -> None:
    """A grid's rows (its `rows`), a stage's cell picked by its place ('cells.0.count'), amounts as money."""
    grid = client.get("/api/leads-monitoring", headers=auth(client, "tl1")).json()["results"]
    first = grid["stages"][0]["stageDescription"]
    columns = [{"key": "salesFullname", "title": "Sales"}, {"key": "cells.0.count", "title": first},
               {"key": "cells.0.totalGrossProfit", "title": f"{first} GP"}, {"key": "count", "title": "Total"},
               {"key": "totalGrossProfit", "title": "GP"}, {"key": "cells.99.count", "title": "No such stage"}]
    rows = sheet(client.get("/api/leads-monitoring", params={"export": "xlsx", "exportColumns": json.dumps(columns)},
                            headers=auth(client, "tl1")))
    assert rows[0] == tuple(c["title"] for c in columns)
    assert [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows[1:]] == [
        (r["salesFullname"], r["cells"][0]["count"], r["cells"][0]["totalGrossProfit"], r["count"],
         r["totalGrossProfit"], None) for r in grid["rows"]]
    assert len(rows) > 2 and sum(r[3] for r in rows[1:]) == grid["count"]  # the team leader's team only
