"""Board benchmark: 100,000 leads over 200 sales people (20 teams of 10), in its own database.

Measures GET /api/leads for a team leader (10 sales people, about 5,000 leads) and a top manager (every lead)
and prints p50 and p95 server time and the SQL statements per call. Run: `.venv/bin/python bench/leads_board.py`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import text

from bench.common import analyzed, api_client, bearer, embedded_stack, measure, report, seed_teams

LEADS = 100_000
TEAMS = 20
PER_TEAM = 10


def populate(database_url: str) -> None:
    from api.core.db import make_engine

    engine = make_engine(database_url)
    started = time.perf_counter()
    with engine.begin() as conn:
        seed_teams(conn, TEAMS, PER_TEAM)
        conn.execute(text("""
            WITH sales AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE username LIKE 'bench-s%'),
                 clients AS (SELECT array_agg(id ORDER BY id) AS ids FROM clients)
            INSERT INTO leads (project_name, stage_id, status, client_id, sales_person_id, total_revenue,
                               total_gross_profit, gross_profit_margin, last_contacted_at, stage_changed_at,
                               created_at, updated_at)
            SELECT 'Bench project ' || g,
                   1 + (g % 7),
                   (ARRAY['NEW','NEW','NEW','WAITING','HOLD','DROPPED','NEW','NEW','WAITING','NEW',
                          'HOLD'])[1 + (g % 11)],
                   clients.ids[1 + (g % array_length(clients.ids, 1))],
                   sales.ids[1 + ((g * 7919) % array_length(sales.ids, 1))],
                   (g % 5000)::bigint * 1000000, (g % 5000)::bigint * 200000, 20,
                   now() - ((g % 200) || ' days')::interval - ((g % 24) || ' hours')::interval,
                   now(), now() - interval '300 days', now()
            FROM generate_series(1, :n) AS g, sales, clients
        """), {"n": LEADS})
        conn.execute(text("UPDATE leads SET status = 'CLOSED' WHERE stage_id = 7"))
    total = analyzed(engine, "leads")
    engine.dispose()
    print(f"seeded {total:,} leads over {TEAMS * PER_TEAM} sales people in {time.perf_counter() - started:.1f} s")


def main(runs: int) -> None:
    with embedded_stack("leads") as stack:
        populate(stack.database_url)
        with api_client(stack) as (client, counter):
            tl, top = bearer(client, "bench-tl7"), bearer(client, "topmanager")

            def call(headers: dict[str, str], **params: str) -> None:
                r = client.get("/api/leads", params=params, headers=headers)
                assert r.status_code == 200, r.text

            totals = {name: sum(c["totalLeads"] for c in client.get("/api/leads", headers=h).json()["results"])
                      for name, h in (("tl", tl), ("top", top))}
            rows = {
                f"board, team leader ({totals['tl']:,} ongoing leads visible)": measure(
                    lambda: call(tl), runs=runs, counter=counter),
                f"board, top manager ({totals['top']:,} ongoing leads visible)": measure(
                    lambda: call(top), runs=runs, counter=counter),
                "board, top manager, search 'project 12'": measure(
                    lambda: call(top, searchKeyword="project 12"), runs=runs, counter=counter),
                "board, top manager, status ALL, E1:asc": measure(
                    lambda: call(top, status="ALL", sort="E1:asc"), runs=runs, counter=counter),
            }
            report(f"Lead board benchmark: {LEADS:,} leads, {runs} runs per call, in-process ASGI client", rows)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
