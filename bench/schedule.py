"""Activity schedule benchmark: 100,000 schedules over 200 sales people (10 teams of 20) and the 12 months either side
of today, on 10,000 leads (most with persons in charge), in its own database.

For a sales person (about 500 schedules) and a team leader (20 sales people, about 10,000), prints p50/p95/max server
time and SQL statements per call of the month calendar and of list pages (upcoming 1 and 10, history 1, a search):
the goal is p95 under 30 ms and the same statements whatever the rows or the page.
Run: `.venv/bin/python bench/schedule.py [runs]`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import text

from bench.common import analyzed, api_client, bearer, embedded_stack, measure, report, seed_teams

SCHEDULES = 100_000
TEAMS = 10
PER_TEAM = 20
LEADS = 10_000
CLIENTS = 200


def populate(database_url: str) -> None:
    from api.core.db import make_engine

    engine = make_engine(database_url)
    started = time.perf_counter()
    with engine.begin() as conn:
        seed_teams(conn, TEAMS, PER_TEAM)
        # clients (codes '0AA'..: the demo's are letters), two or three contacts each
        conn.execute(text("""
            INSERT INTO clients (client_code, client_name, legal_name, industry_id, address, country_id,
                                 affiliate_id, is_active)
            SELECT (g / 676)::text || chr(65 + (g / 26) % 26) || chr(65 + g % 26), 'Bench Client ' || g,
                   'PT Bench Client ' || g, c.industry_id, 'Jl. Bench ' || g, c.country_id, c.affiliate_id, true
            FROM generate_series(1, :n) AS g, (SELECT * FROM clients ORDER BY id LIMIT 1) AS c
        """), {"n": CLIENTS})
        conn.execute(text("""
            INSERT INTO contacts (client_id, fullname, gender, position)
            SELECT c.id, 'Bench Contact ' || c.id || '-' || k, 'Female', 'Manager'
            FROM clients c CROSS JOIN LATERAL generate_series(1, 2 + c.id % 2) AS k
            WHERE c.client_name LIKE 'Bench Client %'
        """))
        # 50 leads per sales person, each on another client (a client has leads of 50 sales people)
        conn.execute(text("""
            WITH sales AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE username LIKE 'bench-s%'),
                 clients AS (SELECT array_agg(id ORDER BY id) AS ids FROM clients
                             WHERE client_name LIKE 'Bench Client %')
            INSERT INTO leads (project_name, stage_id, status, client_id, sales_person_id, total_revenue,
                               total_gross_profit, gross_profit_margin, created_at, updated_at)
            SELECT 'Bench project ' || g, 1 + (g % 6),
                   (ARRAY['NEW','NEW','NEW','WAITING','HOLD','NEW','NEW'])[1 + (g % 7)],
                   clients.ids[1 + (g / 200) % array_length(clients.ids, 1)],
                   sales.ids[1 + (g % array_length(sales.ids, 1))],
                   (g % 5000)::bigint * 1000000, (g % 5000)::bigint * 200000, 20,
                   now() - interval '400 days', now()
            FROM generate_series(1, :n) AS g, sales, clients
        """), {"n": LEADS})
        # persons in charge: one or two of the client's contacts on four leads of five
        conn.execute(text("""
            INSERT INTO lead_pics (lead_id, contact_id)
            SELECT l.id, ct.id
            FROM leads l
            CROSS JOIN LATERAL (SELECT id FROM contacts WHERE client_id = l.client_id ORDER BY id
                                LIMIT 1 + l.id % 2) AS ct
            WHERE l.project_name LIKE 'Bench project %' AND l.id % 5 <> 0
        """))
        # schedules on working hours (08:00..17:45 Jakarta), from 365 days ago to 365 days ahead: about five per
        # sales person per week; the person in charge is the lead's first, if it has one
        conn.execute(text("""
            WITH l AS (SELECT array_agg(l.id ORDER BY l.id) AS ids,
                              array_agg(l.sales_person_id ORDER BY l.id) AS owners,
                              array_agg((SELECT min(p.contact_id) FROM lead_pics p WHERE p.lead_id = l.id)
                                        ORDER BY l.id) AS pics
                       FROM leads l WHERE l.project_name LIKE 'Bench project %')
            INSERT INTO activity_schedules (lead_id, activity_type, pic_contact_id, schedule_time, notes, owner_id)
            SELECT l.ids[k], 1 + g % 3, l.pics[k],
                   date_trunc('day', now()) + ((g::bigint * 7919) % 731 - 365) * interval '1 day'
                   + (1 + g % 10) * interval '1 hour' + (g % 4) * interval '15 minutes',
                   'Discuss the proposal, round ' || g, l.owners[k]
            FROM generate_series(1, :n) AS g, l
            CROSS JOIN LATERAL (SELECT 1 + (g % array_length(l.ids, 1)) AS k) AS i
        """), {"n": SCHEDULES})
    total = analyzed(engine, "activity_schedules")
    engine.dispose()
    print(f"seeded {total:,} schedules over {TEAMS * PER_TEAM} sales people in {time.perf_counter() - started:.1f} s")


def main(runs: int) -> None:
    from datetime import UTC, datetime, timedelta

    with embedded_stack("schedule") as stack:
        populate(stack.database_url)
        with api_client(stack) as (client, counter):

            today = (datetime.now(UTC) + timedelta(hours=7)).date().isoformat()

            def calendar(headers: dict[str, str]) -> int:
                r = client.get("/api/activity/schedule-calendar", params={"currentDate": today, "view": "month"},
                               headers=headers)
                assert r.status_code == 200, r.text
                return len(r.json()["results"])

            def listing(headers: dict[str, str], event: str, page: int, search: str | None = None) -> int:
                params = {"eventType": event, "itemsPerPage": "5", "currentPage": str(page)}
                if search:
                    params["searchKeywords"] = search
                r = client.get("/api/activity/schedule-list", params=params, headers=headers)
                assert r.status_code == 200, r.text
                return len(r.json()["results"]["data"])

            rows = {}
            for who, username in (("sales", "bench-s7-3"), ("TL", "bench-tl7")):
                h = bearer(client, username)
                rows[f"month calendar, {who} ({calendar(h)} rows)"] = measure(
                    lambda h=h: calendar(h), runs=runs, counter=counter)
                for event, page in (("upcoming", 1), ("upcoming", 10), ("history", 1)):
                    assert listing(h, event, page) == 5
                    rows[f"list {event} page {page}, {who}"] = measure(
                        lambda h=h, e=event, p=page: listing(h, e, p), runs=runs, counter=counter)
                found = listing(h, "upcoming", 1, "client 12")
                rows[f"list upcoming page 1, {who}, 'client 12' ({found})"] = measure(
                    lambda h=h: listing(h, "upcoming", 1, "client 12"), runs=runs, counter=counter)
            report(f"Activity schedule benchmark: {SCHEDULES:,} schedules, {runs} runs per call, in-process ASGI "
                   "client", rows)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
