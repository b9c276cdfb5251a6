"""A cost sheet save either commits whole or changes nothing (issue 11): input the database or the date
arithmetic cannot hold is a 422 with the spec's kind of message, nothing is stored and the form keeps loading."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api.pcs.models import ProjectCostSheet, ProjectCostSheetBilling, ProjectCostSheetItem
from tests.conftest import auth
from tests.integration.pcs.cost_sheet_api import form, item, make_coa, new_lead, send


@pytest.fixture
def coas(db: Session) -> dict[str, int]:
    return {"revenue": make_coa(db, "Managed Service Fee", "REVENUE"),
            "cost": make_coa(db, "Subcontractor Cost", "COST")}


@pytest.fixture
def lead(client: TestClient) -> dict[str, Any]:
    return new_lead(client)


def sheet_of(db: Session, lead_id: int) -> ProjectCostSheet | None:
    db.expire_all()
    return db.scalars(select(ProjectCostSheet).where(ProjectCostSheet.lead_id == lead_id)).first()


class TestBillingDates:
    def test_a_billing_date_in_year_9999_is_refused_and_nothing_is_stored(
            self, client: TestClient, db: Session, coas: dict[str, int], lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], term=1, start=date(9999, 12, 15))])
        assert r.status_code == 422, r.text
        assert r.json()["messages"] == [
            "Managed Service Fee - Managed firewall: Billing date must be between 1-Jan-2000 and 31-Dec-2100"]
        assert sheet_of(db, lead["id"]) is None
        assert form(client, lead["id"])["projectCostSheets"]["projectCostSheet"] is None

    def test_a_bad_date_does_not_replace_a_saved_draft(self, client: TestClient, db: Session,
                                                       coas: dict[str, int], lead: dict[str, Any]) -> None:
        assert send(client, lead["id"], [item(coas["revenue"])]).status_code == 200
        r = send(client, lead["id"], [item(coas["revenue"], term=2, start=date(9999, 11, 15))], remark="Later")
        assert r.status_code == 422, r.text
        sheet = form(client, lead["id"])["projectCostSheets"]["projectCostSheet"]
        assert sheet["remark"] == "First costing" and sheet["pcsVersion"] == 1
        assert sheet["leadBillingSchedule"]["months"] == ["2026-11", "2026-12", "2027-01"]

    @pytest.mark.parametrize("start", [date(1, 1, 1), date(1999, 12, 31), date(2101, 1, 1)])
    def test_dates_outside_the_range(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any],
                                     start: date) -> None:
        r = send(client, lead["id"], [item(coas["revenue"], term=1, start=start)])
        assert r.status_code == 422, r.text
        assert any("Billing date must be between" in m for m in r.json()["messages"])

    def test_the_range_ends_are_kept(self, client: TestClient, coas: dict[str, int], lead: dict[str, Any]) -> None:
        items = [item(coas["revenue"], term=1, start=date(2000, 1, 1)),
                 item(coas["cost"], "COST", price=1, quantity=1, term=1, start=date(2100, 12, 31))]
        r = send(client, lead["id"], items)
        assert r.status_code == 200, r.text
        months = r.json()["results"]["projectCostSheets"]["projectCostSheet"]["leadBillingSchedule"]["months"]
        assert months[0] == "2000-01" and months[-1] == "2100-12" and len(months) == 101 * 12

    def test_a_date_stored_before_the_check_does_not_break_the_form(
            self, client: TestClient, db: Session, coas: dict[str, int], lead: dict[str, Any]) -> None:
        assert send(client, lead["id"], [item(coas["revenue"], term=1)]).status_code == 200
        db.execute(update(ProjectCostSheetBilling).values(schedule=date(9999, 12, 15)).where(
            ProjectCostSheetBilling.item_id.in_(select(ProjectCostSheetItem.id).join(ProjectCostSheet).where(
                ProjectCostSheet.lead_id == lead["id"]))))
        db.commit()
        sheet = form(client, lead["id"])["projectCostSheets"]["projectCostSheet"]
        assert sheet["leadBillingSchedule"]["months"] == ["9999-12"]


class TestIds:
    def test_a_chart_of_accounts_id_past_an_integer_is_an_unknown_entry(
            self, client: TestClient, db: Session, lead: dict[str, Any]) -> None:
        r = send(client, lead["id"], [item(2**31)])
        assert r.status_code == 422, r.text
        assert r.json()["messages"] == ["Item 1 - Managed firewall: Please choose an item from the chart of accounts"]
        assert sheet_of(db, lead["id"]) is None

    def test_a_lead_id_past_an_integer_is_refused(self, client: TestClient) -> None:
        r = client.put("/api/project-cost-sheet/save-as-draft",
                       data={"leadsId": str(2**31), "remark": "x", "projectCostSheetItems": "[]"},
                       headers=auth(client, "sales1"))
        assert r.status_code == 422, r.text
