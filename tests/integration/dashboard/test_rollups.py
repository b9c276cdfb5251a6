"""The dashboard's rollups (api/dashboard/models.py) stay equal to the leads they sum, whatever happens to the leads,
and the figures read from them equal the figures read from the leads."""

from __future__ import annotations

import json
import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, text, update
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.dashboard import repository
from api.dashboard.rollups import follow_zone, stored_zone
from api.leads.models import Lead, LeadServiceCategory, Stage
from api.master_data.models import ServiceCategory
from api.users.models import User
from tests.conftest import auth

ONGOING_FROM_LEADS = """
SELECT sales_person_id, stage_id, coalesce(extract(year FROM expected_close_date)::integer, 0), count(*),
       sum(total_gross_profit)
FROM leads WHERE status IN ('NEW', 'WAITING') GROUP BY 1, 2, 3"""
ONGOING_ROLLUP = """
SELECT sales_person_id, stage_id, close_year, lead_count, gross_profit FROM dashboard_ongoing
WHERE lead_count <> 0 OR gross_profit <> 0"""
# a closed lead counts for who closed it (closed_by_id), wherever a reassignment moved it since
CLOSED_FROM_LEADS = """
SELECT closed_by_id, date_trunc('month', closed_at AT TIME ZONE :zone)::date, count(*), sum(total_gross_profit),
       round(sum(extract(epoch FROM closed_at - created_at) / 86400), 6)
FROM leads WHERE closed_at IS NOT NULL GROUP BY 1, 2"""
CATEGORIES_FROM_LEADS = """
SELECT l.closed_by_id, date_trunc('month', l.closed_at AT TIME ZONE :zone)::date, c.service_category_id, count(*),
       sum(l.total_gross_profit)
FROM leads l JOIN lead_service_categories c ON c.lead_id = l.id WHERE l.closed_at IS NOT NULL GROUP BY 1, 2, 3"""
CATEGORIES_ROLLUP = """
SELECT sales_person_id, month, service_category_id, lead_count, gross_profit FROM dashboard_closed_categories
WHERE lead_count <> 0 OR gross_profit <> 0"""
CLOSED_ROLLUP = """
SELECT sales_person_id, month, lead_count, gross_profit, round(cycle_days, 6) FROM dashboard_closed_months
WHERE lead_count <> 0 OR gross_profit <> 0 OR cycle_days <> 0"""


def assert_rollups_match(db: Session) -> None:
    db.flush()
    zone = stored_zone(db)
    assert set(db.execute(text(ONGOING_ROLLUP))) == set(db.execute(text(ONGOING_FROM_LEADS)))
    assert set(db.execute(text(CLOSED_ROLLUP))) == set(db.execute(text(CLOSED_FROM_LEADS), {"zone": zone}))
    assert set(db.execute(text(CATEGORIES_ROLLUP))) == set(db.execute(text(CATEGORIES_FROM_LEADS), {"zone": zone}))


def _moment(rng: random.Random, first_year: int, years: int) -> datetime:
    # around midnight in Jakarta (17:00 UTC) often, where a month's first and last days meet
    day = datetime(first_year, 1, 1, tzinfo=UTC) + timedelta(days=rng.randrange(years * 365))
    return day + timedelta(hours=rng.choice([16, 17, 3]), minutes=rng.choice([0, 30, 59]))


class Changes:
    """Random creations, edits, closes, reopenings, reassignments and deletions of leads, and their service
    categories added, changed and taken away."""

    def __init__(self, db: Session, seed: int, first_year: int = 2029, years: int = 3) -> None:
        self.db, self.rng, self.first_year, self.years = db, random.Random(seed), first_year, years
        self.sales = list(db.scalars(select(User.id).where(User.username.in_(["sales1", "sales2", "sales4"]))
                                     .order_by(User.id)))
        self.stages = list(db.scalars(select(Stage.id).order_by(Stage.id)))
        self.categories = list(db.scalars(select(ServiceCategory.id).order_by(ServiceCategory.id)))[:3]
        client = db.scalars(select(Client.id)).first()
        assert client is not None and len(self.sales) == 3
        self.client = client
        self.leads: list[Lead] = []

    def _fields(self) -> dict[str, Any]:
        rng = self.rng
        status = rng.choice(["NEW", "WAITING", "HOLD", "DROPPED", "CLOSED"])
        created = _moment(rng, self.first_year, self.years)
        return {"sales_person_id": rng.choice(self.sales), "stage_id": rng.choice(self.stages), "status": status,
                "total_gross_profit": Decimal(rng.randrange(0, 10_000)) / 4,
                "expected_close_date": rng.choice([None, date(2030, 12, 31), date(2031, 1, 1), date(2032, 6, 1)]),
                "created_at": created,
                "closed_at": created + timedelta(days=rng.randrange(0, 100), hours=rng.randrange(24))
                if status == "CLOSED" else None}

    def step(self) -> None:
        rng, db = self.rng, self.db
        kind = (rng.choices(["create", "edit", "delete", "reassign", "category"], [4, 3, 1, 1, 2])[0]
                if self.leads else "create")
        if kind == "create":
            lead = Lead(project_name=f"Rollup {len(self.leads)}", client_id=self.client, **self._fields())
            db.add(lead)
            db.flush()
            for category in rng.sample(self.categories, rng.randrange(3)):
                db.add(LeadServiceCategory(lead_id=lead.id, service_category_id=category))
            self.leads.append(lead)
        elif kind == "category":  # one added, one moved to another category, or one taken away
            lead = rng.choice(self.leads)
            db.flush()
            rows = list(db.scalars(select(LeadServiceCategory).where(LeadServiceCategory.lead_id == lead.id)))
            if not rows or rng.random() < 0.4:
                db.add(LeadServiceCategory(lead_id=lead.id, service_category_id=rng.choice(self.categories)))
            elif rng.random() < 0.5:
                rows[0].service_category_id = rng.choice(self.categories)
            else:
                db.delete(rows[0])
        elif kind == "edit":
            lead, fields = rng.choice(self.leads), self._fields()
            for name in rng.sample(sorted(fields), rng.randrange(1, len(fields) + 1)):
                setattr(lead, name, fields[name])
        elif kind == "delete":
            lead = self.leads.pop(rng.randrange(len(self.leads)))
            db.flush()
            db.execute(delete(Lead).where(Lead.id == lead.id))
            db.expunge(lead)
        else:  # one statement moves several leads to another sales person, as a reassignment does
            db.flush()
            ids = [lead.id for lead in rng.sample(self.leads, min(3, len(self.leads)))]
            db.execute(update(Lead).where(Lead.id.in_(ids)).values(sales_person_id=rng.choice(self.sales)))
            db.expire_all()
        db.flush()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rollups_equal_the_leads_after_any_changes(client: TestClient, db: Session, seed: int) -> None:
    assert_rollups_match(db)  # the demo leads, as seeded
    changes = Changes(db, seed)
    for i in range(120):
        changes.step()
        if i % 20 == 19:
            assert_rollups_match(db)
    assert_rollups_match(db)


def test_a_new_time_zone_counts_the_months_again(client: TestClient, db: Session) -> None:
    zone = stored_zone(db)
    assert zone == "Asia/Jakarta"
    sales = db.scalars(select(User.id).where(User.username == "sales1")).one()
    client_id = db.scalars(select(Client.id)).first()
    # closed at 20:00 UTC on 31 January: 1 February in Jakarta, still January in UTC
    closed = datetime(2031, 1, 31, 20, tzinfo=UTC)
    db.add(Lead(project_name="Zone", client_id=client_id, sales_person_id=sales, stage_id=db.scalars(
        select(Stage.id).where(Stage.stage_name == "E7")).one(), status="CLOSED", total_gross_profit=Decimal(5),
        created_at=closed - timedelta(days=10), closed_at=closed))
    db.flush()
    month = "SELECT month FROM dashboard_closed_months WHERE sales_person_id = :s AND month >= '2031-01-01' " \
            "AND month < '2031-03-01' AND lead_count > 0"
    assert list(db.scalars(text(month), {"s": sales})) == [date(2031, 2, 1)]
    assert follow_zone(db, "UTC") is True
    assert list(db.scalars(text(month), {"s": sales})) == [date(2031, 1, 1)]
    assert_rollups_match(db)
    assert follow_zone(db, "UTC") is False  # already counted in UTC
    assert follow_zone(db, "Asia/Jakarta") is True
    assert list(db.scalars(text(month), {"s": sales})) == [date(2031, 2, 1)]


PATHS = ["dashboard/sales-performance", "dashboard/revenue-per-stage", "dashboard/avg-sales-cycle", "dashboard/gp-type",
         "report/pipeline", "report/closed-by-month", "report/leaderboard"]


def _figures(client: TestClient, user: str, start: str, end: str) -> dict[str, Any]:
    filters = json.dumps({"date": {"dateRange": {"start": start, "end": end}}})
    found = {}
    for path in PATHS if user != "sales1" else PATHS[:4]:  # a sales person has no reports
        r = client.get(f"/api/{path}", params={"filters": filters}, headers=auth(client, user))
        assert r.status_code == 200, (path, r.text)
        found[path] = r.json()["results"]
    return found


@pytest.mark.parametrize("user", ["topmanager", "tl1", "sales1"])
def test_the_figures_from_the_rollups_equal_those_from_the_leads(
        client: TestClient, db: Session, user: str, monkeypatch: pytest.MonkeyPatch) -> None:
    changes = Changes(db, 7, first_year=2030, years=1)  # dense: every period below holds closed leads
    for _ in range(300):
        changes.step()
    # and for each sales person, leads closed on the first and last minutes of the periods' days, in Jakarta
    edges = ["2030-01-15T00:00", "2030-05-20T23:59", "2030-03-31T00:00", "2030-03-31T23:59", "2029-11-02T00:00",
             "2030-02-28T23:59", "2030-01-14T23:59", "2030-05-21T00:00"]
    closed_stage = db.scalars(select(Stage.id).where(Stage.stage_name == "E7")).one()
    for sales in changes.sales:
        for i, edge in enumerate(edges):
            closed = datetime.fromisoformat(edge + ":00+07:00")
            lead = Lead(project_name=f"Edge {edge}", client_id=changes.client, sales_person_id=sales,
                        stage_id=closed_stage, status="CLOSED", total_gross_profit=Decimal(1000 + i),
                        created_at=closed - timedelta(days=3 + i), closed_at=closed)
            db.add(lead)
            db.flush()
            db.add(LeadServiceCategory(lead_id=lead.id, service_category_id=changes.categories[i % 3]))
    db.commit()
    year = datetime.now(UTC).year
    # whole years, months cut at both ends, one day, and a period over a year's end
    periods = [("2030-01-01", "2031-12-31"), ("2030-01-15", "2030-05-20"), ("2030-03-31", "2030-03-31"),
               ("2029-11-02", "2030-02-28"), (f"{year}-01-01", f"{year}-12-31")]
    from_rollups = {p: _figures(client, user, *p) for p in periods}
    monkeypatch.setattr(repository.Scope, "by_people_only", property(lambda self: False))
    from_leads = {p: _figures(client, user, *p) for p in periods}
    assert from_rollups == from_leads
    # the periods hold closed leads
    closed = [from_rollups[p]["dashboard/avg-sales-cycle"]["closedLeads"] for p in periods]
    assert all(closed[:4]), closed
    assert all(from_rollups[p]["dashboard/gp-type"]["closedLeadGpByService"] for p in periods[:4])

