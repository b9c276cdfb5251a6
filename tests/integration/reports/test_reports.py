"""Reports against a small hand-built data set (project type 'Report test', entity 'Report Entity', year 2031, times
in Asia/Jakarta) with the answers computed by hand in the comments: the preview tables, the XLSX and CSV files read
back, per role and visibility, and bad input."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import openpyxl
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.leads.models import Lead, LeadServiceCategory, Stage
from api.master_data.models import Entity, ProjectType, ServiceCategory
from api.users.models import User
from tests.conftest import auth

WIB = timezone(timedelta(hours=7))
INJECTED = "=1+1 Tower"  # a project name a spreadsheet would run as a formula


def at(day: str, hour: int = 10) -> datetime:
    return datetime.fromisoformat(day).replace(hour=hour, tzinfo=WIB).astimezone(UTC)


@pytest.fixture
def data(client: TestClient, db: Session) -> dict[str, Any]:
    users = {u.username: u for u in db.scalars(select(User))}
    stages = {s.stage_name: s for s in db.scalars(select(Stage))}
    kind, entity = ProjectType(project_type_name="Report test"), Entity(entity_name="Report Entity")
    category = ServiceCategory(service_category_name="Report A")
    db.add_all([kind, entity, category])
    db.flush()
    client_row = db.scalars(select(Client).order_by(Client.id)).first()
    assert client_row is not None
    # name: (project, sales person, stage, status, GP, closed at, expected close)
    spec = {
        "R1": (INJECTED, "sales1", "E7", "CLOSED", "1250000", at("2031-05-20"), None),
        "R2": ("Report R2", "sales1", "E4", "NEW", "2000000", None, date(2031, 9, 1)),
        # 02:00 in Jakarta on 1 June is still 31 May in UTC: the report counts it in June
        "R3": ("Report R3", "sales2", "E7", "CLOSED", "750000.25", at("2031-06-01", 2), None),
        "R4": ("Report R4", "sales4", "E7", "CLOSED", "3000000", at("2031-01-10"), None),
        "R5": ("Report R5", "sales4", "E5", "WAITING", "400000", None, date(2032, 1, 15)),
        "R6": ("Report R6", "sales1", "E7", "CLOSED", "999", at("2030-03-05"), None),  # closed the year before
    }
    leads = {}
    for name, (project, sales, stage, status, gp, closed, expected) in spec.items():
        lead = Lead(project_name=project, client_id=client_row.id, sales_person_id=users[sales].id,
                    stage_id=stages[stage].id, status=status, project_type_id=kind.id, entity_id=entity.id,
                    total_gross_profit=Decimal(gp), total_revenue=Decimal(gp) * 4, created_at=at("2030-12-01"),
                    last_contacted_at=at("2030-12-01"), closed_at=closed, expected_close_date=expected)
        db.add(lead)
        db.flush()
        db.add(LeadServiceCategory(lead_id=lead.id, service_category_id=category.id))
        leads[name] = lead
    db.commit()
    return {"kind": kind.id, "leads": leads, "users": users, "client": client_row.client_name}


def filters(data: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"date": {"dateRange": {"start": "2031-01-01", "end": "2031-12-31"}, "value": "year",
                                "label": "2031"}, "projectIds": [data["kind"]], **extra})


def preview(client: TestClient, user: str, kind: str, data: dict[str, Any], **extra: Any) -> dict[str, Any]:
    r = client.get(f"/api/report/{kind}", params={"filters": filters(data, **extra)}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def download(client: TestClient, user: str, kind: str, fmt: str, data: dict[str, Any]) -> Any:
    r = client.get(f"/api/report/{kind}/download", params={"format": fmt, "filters": filters(data)},
                   headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r


def sheet(content: bytes, *, values: bool = True) -> Any:
    return openpyxl.load_workbook(io.BytesIO(content), data_only=values).active


class TestPreview:
    def test_closed_leads_one_row_each_in_close_order(self, client: TestClient, data: dict[str, Any]) -> None:
        t = preview(client, "topmanager", "closed-leads", data)
        assert [c["key"] for c in t["columns"]] == ["closedDate", "leadId", "project", "client", "salesPerson",
                                                    "projectType", "entity", "revenue", "gp"]
        assert [(r["closedDate"], r["project"], r["salesPerson"], r["gp"]) for r in t["rows"]] == [
            ("2031-01-10", "Report R4", "Putri Maharani", 3000000), ("2031-05-20", INJECTED, "Andi Pratama", 1250000),
            ("2031-06-01", "Report R3", "Dewi Anggraini", 750000.25)]
        assert t["rows"][0]["projectType"] == "Report test" and t["rows"][0]["entity"] == "Report Entity"
        assert t["totals"] == {"closedDate": "Total", "revenue": 20000001.0, "gp": 5000000.25}
        assert (t["rowCount"], t["periodStart"], t["periodEnd"]) == (3, "2031-01-01", "2031-12-31")

    def test_closed_by_month_has_every_month(self, client: TestClient, data: dict[str, Any]) -> None:
        t = preview(client, "topmanager", "closed-by-month", data)
        months = {r["month"]: (r["leads"], r["gp"]) for r in t["rows"]}
        assert len(months) == 12 and months["2031-01-01"] == (1, 3000000) and months["2031-05-01"] == (1, 1250000)
        assert months["2031-06-01"] == (1, 750000.25) and months["2031-02-01"] == (0, 0)
        assert t["totals"] == {"month": "Total", "leads": 3, "gp": 5000000.25}

    def test_pipeline_every_stage_for_top_management(self, client: TestClient, data: dict[str, Any]) -> None:
        t = preview(client, "topmanager", "pipeline", data)
        # ongoing: R2 at E4 (expected to close in 2031), R5 at E5 (in 2032)
        assert [(r["stage"], r["leads"], r["totalGp"], r["yearGp"]) for r in t["rows"]] == [
            ("E1", 0, 0, 0), ("E2", 0, 0, 0), ("E3", 0, 0, 0), ("E4", 1, 2000000, 2000000), ("E5", 1, 400000, 0),
            ("E6", 0, 0, 0)]
        assert t["totals"] == {"stage": "Total", "leads": 2, "totalGp": 2400000, "yearGp": 2000000}

    def test_leaderboard_with_targets(self, client: TestClient, data: dict[str, Any]) -> None:
        body = {"salesPersonId": data["users"]["sales1"].id, "year": 2031, "amount": 5000000}
        assert client.put("/api/sales-targets", json=body, headers=auth(client, "topmanager")).status_code == 200
        t = preview(client, "topmanager", "leaderboard", data)
        rows = [(r["rank"], r["name"], r["closedLeads"], r["closedGp"], r["target"], r["remaining"], r["achieved"])
                for r in t["rows"]]
        assert rows[:3] == [(1, "Putri Maharani", 1, 3000000, 0, 0, 0), (2, "Andi Pratama", 1, 1250000, 5000000,
                                                                          3750000, 25.0),
                            (3, "Dewi Anggraini", 1, 750000.25, 0, 0, 0)]
        assert t["totals"]["closedLeads"] == 3 and t["totals"]["target"] == 5000000
        assert t["totals"]["achieved"] == 100.0  # 5,000,000.25 of 5,000,000, two decimals

    def test_a_team_leader_sees_their_team(self, client: TestClient, data: dict[str, Any]) -> None:
        t = preview(client, "tl1", "closed-leads", data)  # sales1-3: R1 R3, not sales4's R4
        assert [r["project"] for r in t["rows"]] == [INJECTED, "Report R3"] and t["totals"]["gp"] == 2000000.25
        pipe = preview(client, "tl1", "pipeline", data)
        assert pipe["totals"]["leads"] == 1 and pipe["totals"]["totalGp"] == 2000000
        board = preview(client, "tl1", "leaderboard", data)
        assert {r["name"] for r in board["rows"]} == {"Andi Pratama", "Dewi Anggraini", "Rizky Hidayat"}
        # a sales person filter narrows, and never widens past the team
        other = preview(client, "tl1", "closed-leads", data, salesPersonIds=[data["users"]["sales4"].id])
        assert other["rows"] == [] and other["rowCount"] == 0


class TestDownload:
    def test_xlsx_closed_leads(self, client: TestClient, data: dict[str, Any]) -> None:
        r = download(client, "topmanager", "closed-leads", "xlsx", data)
        assert r.headers["content-disposition"] == 'attachment; filename="closed-leads-2031-01-01_2031-12-31.xlsx"'
        assert r.headers["content-type"].startswith("application/vnd.openxmlformats-officedocument.spreadsheetml")
        ws = sheet(r.content)
        assert ws.title == "Closed leads" and ws.freeze_panes == "A2"
        header = [c.value for c in ws[1]]
        assert header == ["Closed date", "Lead ID", "Project", "Client", "Sales person", "Project type", "Entity",
                          "Revenue", "GP"]
        assert all(c.font.b for c in ws[1])
        first = ws[2]
        assert first[0].value == datetime(2031, 1, 10) and first[0].number_format == "dd mmm yyyy"
        assert first[1].value == data["leads"]["R4"].id and first[3].value == data["client"]
        assert first[8].value == 3000000 and first[8].number_format == '"Rp" #,##0'
        assert ws["C3"].value == INJECTED and ws["C3"].data_type == "s"  # text, never a formula
        assert ws["A4"].value == datetime(2031, 6, 1) and ws["I4"].value == 750000.25
        # the totals row: bold, SUM formulas with their values cached
        assert ws["A5"].value == "Total" and ws["A5"].font.b and ws["I5"].value == 5000000.25
        assert ws["I5"].number_format == '"Rp" #,##0' and ws["H5"].value == 20000001
        assert sheet(r.content, values=False)["I5"].value == "=SUM(I2:I4)"
        assert ws.max_row == 5
        # widths fitted: the client's name fits its column
        assert ws.column_dimensions["D"].width >= len(data["client"]) + 1
        assert ws.column_dimensions["I"].width >= len("Rp 5,000,000")

    def test_xlsx_leaderboard_percent_and_month_dates(self, client: TestClient, data: dict[str, Any]) -> None:
        body = {"salesPersonId": data["users"]["sales1"].id, "year": 2031, "amount": 5000000}
        assert client.put("/api/sales-targets", json=body, headers=auth(client, "topmanager")).status_code == 200
        ws = sheet(download(client, "topmanager", "leaderboard", "xlsx", data).content)
        assert ws.title == "Sales leaderboard 2031" and [c.value for c in ws[1]] == [
            "Rank", "Sales person", "Closed leads", "Closed GP", "Target", "Remaining", "Achieved"]
        andi = next(row for row in ws.iter_rows(min_row=2) if row[1].value == "Andi Pratama")
        assert andi[6].value == 0.25 and andi[6].number_format == "0.00%"
        assert andi[4].value == 5000000 and andi[4].number_format == '"Rp" #,##0'
        months = sheet(download(client, "topmanager", "closed-by-month", "xlsx", data).content)
        assert months["A2"].value == datetime(2031, 1, 1) and months["A2"].number_format == "mmm yyyy"
        assert (months["B14"].value, months["C14"].value) == (3, 5000000.25)

    def test_csv_closed_leads(self, client: TestClient, data: dict[str, Any]) -> None:
        r = download(client, "topmanager", "closed-leads", "csv", data)
        assert r.headers["content-disposition"] == 'attachment; filename="closed-leads-2031-01-01_2031-12-31.csv"'
        assert r.headers["content-type"] == "text/csv; charset=utf-8"
        assert r.content.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads UTF-8
        rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
        assert rows[0] == ["Closed date", "Lead ID", "Project", "Client", "Sales person", "Project type", "Entity",
                           "Revenue (IDR)", "GP (IDR)"]
        assert rows[1] == ["2031-01-10", str(data["leads"]["R4"].id), "Report R4", data["client"], "Putri Maharani",
                           "Report test", "Report Entity", "12000000", "3000000"]
        assert rows[2][2] == "'" + INJECTED  # quoted so a spreadsheet shows it as text
        assert rows[3][0] == "2031-06-01" and rows[3][-2:] == ["3000001", "750000.25"]
        assert len(rows) == 4  # the records only: no totals row

    def test_team_leader_file_holds_their_team_only(self, client: TestClient, data: dict[str, Any]) -> None:
        rows = list(csv.reader(io.StringIO(download(client, "tl1", "closed-leads", "csv", data).content.decode(
            "utf-8-sig"))))
        assert {r[4] for r in rows[1:]} == {"Andi Pratama", "Dewi Anggraini"}
        ws = sheet(download(client, "tl1", "pipeline", "xlsx", data).content)
        assert ws["A8"].value == "Total" and (ws["C8"].value, ws["D8"].value) == (1, 2000000)

    def test_an_empty_report_is_a_header_and_a_zero_total(self, client: TestClient, data: dict[str, Any]) -> None:
        r = client.get("/api/report/closed-leads/download", headers=auth(client, "topmanager"), params={
            "format": "xlsx", "filters": json.dumps({"date": {"dateRange": {"start": "2040-01-01",
                                                                            "end": "2040-03-31"}}})})
        assert r.status_code == 200 and 'filename="closed-leads-2040-01-01_2040-03-31.xlsx"' in r.headers[
            "content-disposition"]
        ws = sheet(r.content)
        assert ws["A1"].value == "Closed date" and ws["A2"].value == "Total" and ws["I2"].value == 0


class TestAccessAndInput:
    def test_roles(self, client: TestClient, data: dict[str, Any]) -> None:
        assert client.get("/api/report/pipeline").status_code == 401
        assert client.get("/api/report/pipeline/download").status_code == 401
        for user in ("sales1", "approver1"):
            assert client.get("/api/report/pipeline", headers=auth(client, user)).status_code == 403
            assert client.get("/api/report/pipeline/download", headers=auth(client, user)).status_code == 403

    @pytest.mark.parametrize(("path", "params", "message"), [
        ("/api/report/pipeline", {"filters": "{not json"}, "The dashboard filters are not valid."),
        ("/api/report/pipeline/download", {"filters": "[1]"}, "The dashboard filters are not valid."),
        ("/api/report/pipeline", {"filters": json.dumps({"date": {"dateRange": {
            "start": "2031-05-01", "end": "2031-01-01"}}})}, "The date range must end on or after its start."),
        ("/api/report/pipeline/download", {"format": "pdf"}, "format: Input should be 'xlsx' or 'csv'"),
        ("/api/report/sales/download", {}, "kind: Input should be 'pipeline', 'closed-leads', 'closed-by-month' or "
                                           "'leaderboard'"),
        ("/api/report/sales", {}, "kind: Input should be 'pipeline', 'closed-leads', 'closed-by-month' or "
                                  "'leaderboard'"),
    ])
    def test_bad_input_is_422(self, client: TestClient, data: dict[str, Any], path: str, params: dict[str, str],
                              message: str) -> None:
        r = client.get(path, params=params, headers=auth(client, "topmanager"))
        assert r.status_code == 422, r.text
        assert r.json()["messages"] == [message]
