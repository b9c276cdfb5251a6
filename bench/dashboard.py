"""Dashboard benchmark: 1,000,000 leads over 200 sales people (20 teams of 10) and five years, with their stage
history and service categories, in its own database.

For top management without filters and for a team leader (10 sales people), prints p50/p95 server time and SQL
statements per call of each dashboard call, and in the same run the time of the heaviest aggregate (the cards,
rates, milestone and cycle of sales-performance) as one hand-written SQL statement: the goals are p95 under 250 ms
for top management and under 100 ms for a team leader, within twice the hand-written statement.
Run: `.venv/bin/python bench/dashboard.py [runs] [leads]`.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import text

from bench.common import analyzed, api_client, bearer, embedded_stack, measure, report, seed_teams

TEAMS = 20
PER_TEAM = 10

HAND_WRITTEN = """
SELECT count(*) FILTER (WHERE l.created_at >= :s AND l.created_at < :e),
       coalesce(sum(l.total_gross_profit) FILTER (WHERE l.created_at >= :s AND l.created_at < :e), 0),
       count(*) FILTER (WHERE l.closed_at >= :s AND l.closed_at < :e),
       coalesce(sum(l.total_gross_profit) FILTER (WHERE l.closed_at >= :s AND l.closed_at < :e), 0),
       count(*) FILTER (WHERE l.status IN ('NEW', 'WAITING')),
       coalesce(sum(l.total_gross_profit) FILTER (WHERE l.status IN ('NEW', 'WAITING')), 0),
       count(*) FILTER (WHERE l.created_at >= :s AND l.created_at < :e AND st.stage_name IN ('E4','E5','E6','E7')),
       count(*) FILTER (WHERE l.created_at >= :s AND l.created_at < :e AND l.status = 'CLOSED'),
       count(*) FILTER (WHERE l.created_at >= :s AND l.created_at < :e AND st.stage_name IN ('E4','E5','E6','E7')
                          AND l.status = 'CLOSED'),
       count(*) FILTER (WHERE l.created_at >= :s AND l.created_at < :e AND l.status = 'DROPPED'),
       count(*) FILTER (WHERE l.created_at >= :s AND l.created_at < :e AND l.status = 'HOLD'),
       coalesce(sum(l.total_gross_profit) FILTER (WHERE l.closed_at >= :s AND l.closed_at < :e), 0),
       coalesce(sum(l.total_gross_profit) FILTER (WHERE l.status IN ('NEW', 'WAITING')
                                                    AND st.stage_name IN ('E4','E5','E6')), 0),
       avg(extract(epoch FROM l.closed_at - l.created_at) / 86400) FILTER (WHERE l.closed_at >= :s AND l.closed_at < :e)
FROM leads l JOIN stages st ON st.id = l.stage_id
WHERE (l.created_at >= :s AND l.created_at < :e) OR (l.closed_at >= :s AND l.closed_at < :e)
   OR l.status IN ('NEW', 'WAITING')
"""


def populate(database_url: str, leads: int) -> None:
    from api.core.db import make_engine

    engine = make_engine(database_url)
    started = time.perf_counter()
    with engine.begin() as conn:
        seed_teams(conn, TEAMS, PER_TEAM)
        # a bulk load: the rollups are counted once at the end rather than a million times by the row trigger
        conn.execute(text("ALTER TABLE leads DISABLE TRIGGER dashboard_rollup"))
        conn.execute(text("ALTER TABLE lead_service_categories DISABLE TRIGGER dashboard_rollup"))
        # five years of leads; stage 1..7 (7: closed, 10 to 190 days after creation); GP up to 1 B
        conn.execute(text("""
            WITH sales AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE username LIKE 'bench-s%'),
                 clients AS (SELECT array_agg(id ORDER BY id) AS ids FROM clients),
                 types AS (SELECT array_agg(id ORDER BY id) AS ids FROM project_types),
                 entities AS (SELECT array_agg(id ORDER BY id) AS ids FROM entities)
            INSERT INTO leads (project_name, stage_id, status, client_id, sales_person_id, project_type_id, entity_id,
                               total_revenue, total_gross_profit, gross_profit_margin, last_contacted_at,
                               stage_changed_at, created_at, updated_at, closed_at, expected_close_date)
            SELECT 'Bench project ' || g, s.stage,
                   CASE WHEN s.stage = 7 THEN 'CLOSED'
                        ELSE (ARRAY['NEW','NEW','NEW','WAITING','HOLD','DROPPED','NEW','NEW','WAITING','NEW',
                                    'HOLD'])[1 + (g % 11)] END,
                   clients.ids[1 + (g % array_length(clients.ids, 1))],
                   sales.ids[1 + ((g::bigint * 7919) % array_length(sales.ids, 1))::int],
                   types.ids[1 + (g % array_length(types.ids, 1))],
                   entities.ids[1 + (g % array_length(entities.ids, 1))],
                   (g % 5000)::bigint * 1000000, (g % 5000)::bigint * 200000, 20,
                   c.created + interval '3 days', c.created + interval '5 days', c.created, c.created,
                   CASE WHEN s.stage = 7 THEN least(c.created + ((10 + g % 180) || ' days')::interval, now()) END,
                   (c.created + ((g % 240) || ' days')::interval)::date
            FROM generate_series(1, :n) AS g
            CROSS JOIN LATERAL (SELECT 1 + (g * 31 % 7) AS stage) AS s
            CROSS JOIN LATERAL (SELECT now() - ((g % 1825) || ' days')::interval
                                       - ((g % 24) || ' hours')::interval AS created) AS c,
                 sales, clients, types, entities
        """), {"n": leads})
        conn.execute(text("""
            INSERT INTO lead_service_categories (lead_id, service_category_id)
            SELECT l.id, c.ids[1 + (l.id % array_length(c.ids, 1))]
            FROM leads l, (SELECT array_agg(id ORDER BY id) AS ids FROM service_categories) AS c
        """))
        # the stage history: one change per stage reached, five days apart
        conn.execute(text("""
            INSERT INTO lead_histories (lead_id, changed_by, field, old_value, new_value, changed_at)
            SELECT l.id, l.sales_person_id, 'stage', 'E' || k, 'E' || (k + 1),
                   l.created_at + (k * 5 || ' days')::interval
            FROM leads l CROSS JOIN LATERAL generate_series(1, l.stage_id - 1) AS k
        """))
        conn.execute(text("ALTER TABLE leads ENABLE TRIGGER dashboard_rollup"))
        conn.execute(text("ALTER TABLE lead_service_categories ENABLE TRIGGER dashboard_rollup"))
        conn.execute(text("SELECT dashboard_rollup_rebuild()"))
    total = analyzed(engine, "leads")
    with engine.connect() as conn:
        history = conn.execute(text("SELECT count(*) FROM lead_histories")).scalar_one()
    engine.dispose()
    print(f"seeded {total:,} leads ({history:,} history rows) over {TEAMS * PER_TEAM} sales people in "
          f"{time.perf_counter() - started:.1f} s")


def main(runs: int, leads: int) -> None:
    from datetime import UTC, datetime

    with embedded_stack("dashboard") as stack:
        populate(stack.database_url, leads)
        with api_client(stack) as (client, counter):
            engine = client.app.state.engine  # type: ignore[attr-defined]

            tl, top = bearer(client, "bench-tl7"), bearer(client, "topmanager")
            year = datetime.now(UTC).year
            filters = json.dumps({"date": {"dateRange": {"start": f"{year}-01-01", "end": f"{year}-12-31"}}})

            def call(path: str, headers: dict[str, str]) -> None:
                r = client.get(f"/api/dashboard/{path}", params={"filters": filters}, headers=headers)
                assert r.status_code == 200, r.text

            start, end = datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)

            def hand() -> None:
                with engine.connect() as conn:
                    conn.execute(text(HAND_WRITTEN), {"s": start, "e": end}).one()

            rows = {}
            for who, headers in (("top", top), ("TL", tl)):
                for path in ("sales-performance", "revenue-per-stage", "gp-type", "avg-sales-cycle"):
                    rows[f"{path}, {who}"] = measure(lambda p=path, h=headers: call(p, h), runs=runs, warmup=3,
                                                     counter=counter)
                    if (path, who) == ("sales-performance", "top"):  # the statement it replaces, beside it
                        rows["  hand-written cards statement, top"] = measure(hand, runs=runs, warmup=3,
                                                                              counter=counter)

            # what the rollups cost a write: one statement changing the GP of 1,000 ongoing and closed leads (rolled
            # back), with the triggers and without
            def edit(trigger: bool) -> None:
                with engine.connect() as conn, conn.begin() as tx:
                    if not trigger:
                        conn.execute(text("ALTER TABLE leads DISABLE TRIGGER dashboard_rollup"))
                    conn.execute(text("UPDATE leads SET total_gross_profit = total_gross_profit + 1 "
                                      "WHERE id % 997 = 0 AND id <= 997000"))
                    tx.rollback()

            rows["1,000 leads' GP edited, with the rollup triggers"] = measure(lambda: edit(True), runs=runs,
                                                                             warmup=3, counter=counter)
            rows["1,000 leads' GP edited, without"] = measure(lambda: edit(False), runs=runs, warmup=3,
                                                              counter=counter)
            report(f"Dashboard benchmark: {leads:,} leads, {runs} runs per call, in-process ASGI client", rows)
            call_p95, hand_p95 = rows["sales-performance, top"]["p95_ms"], rows["  hand-written cards statement, top"][
                "p95_ms"]
            print(f"sales-performance, top / the hand-written statement (p95): {call_p95 / hand_p95:.2f} "
                  "(the goal: at most 2)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30, int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000)
