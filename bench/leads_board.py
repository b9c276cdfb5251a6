"""Board benchmark: 100,000 leads over 200 sales people (20 teams of 10), in its own database.

Measures GET /api/leads for a team leader (10 sales people, about 5,000 leads) and a top manager (every lead), with a
search and with every status and a sort, and beside each, in the same run and process, its floor: the one
hand-written SQL statement that returns the same page (every column's first cards, counts, gross profit and pins),
run on the API's engine, checked once against the API's answer. The call and its floor run alternately, so the
machine's noise falls on both alike. Prints p50 and p95 of both, their ratio and the SQL statements per call, then the
plan of the board's search statement (BENCH_EXPLAIN=1: the whole plan). Run: `.venv/bin/python bench/leads_board.py`.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event, text

from bench.common import Stack, StatementCounter, analyzed, api_client, bearer, embedded_stack, seed_teams

LEADS = 100_000
TEAMS = 20
PER_TEAM = 10
PER_COLUMN = 50
ONGOING = ["NEW", "WAITING"]
EVERY_STATUS = ["NEW", "WAITING", "HOLD", "DROPPED", "CLOSED"]


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


# The floor, written by hand: the reader's team (a recursive query, read once as an array), then per board stage its
# pin, a LATERAL count and gross profit and a LATERAL first cards by last contact (oldest first for the stages in
# :ascending); a search first collects its leads (the project name's matches and the client name's) in a CTE.
_CARDS = """SELECT l.id, cl.client_name, l.project_name, l.last_contacted_at, u.nickname, u.fullname AS sales_fullname,
               l.sales_person_id, l.status, pt.project_type_name, l.total_gross_profit, s.status AS pcs_status
        FROM {leads} l JOIN clients cl ON cl.id = l.client_id JOIN users u ON u.id = l.sales_person_id
             LEFT JOIN project_types pt ON pt.id = l.project_type_id
             LEFT JOIN project_cost_sheets s ON s.lead_id = l.id
        WHERE l.stage_id = b.id AND {filters}"""
_READ = ("l.id, l.client_id, l.project_name, l.last_contacted_at, l.sales_person_id, l.status, l.project_type_id, "
         "l.total_gross_profit, l.stage_id")


def floor_statement(*, team: bool, search: bool, ascending: bool = False) -> str:
    """The page in one statement: a row per card (a column without cards: one row without a card); the columns
    sorted oldest first (`ascending`) a branch of their own."""
    filters = "l.status = ANY(:statuses)" + (" AND l.sales_person_id = ANY(ARRAY(SELECT id FROM team))" if team else "")
    leads, found = "leads", ""
    if search:
        found = f""", found AS (
            SELECT {_READ} FROM leads l WHERE l.project_name ILIKE :term AND {filters}
            UNION ALL
            SELECT {_READ} FROM leads l
            WHERE l.client_id IN (SELECT id FROM clients WHERE client_name ILIKE :term)
              AND l.project_name NOT ILIKE :term AND {filters})"""
        leads, filters = "found", "true"
    cards = _CARDS.format(leads=leads, filters=filters)
    first = (f"({cards} AND b.stage_name <> ALL(:ascending) "
             "ORDER BY l.last_contacted_at DESC, l.id DESC LIMIT :per_column)")
    if ascending:
        first += f"""
            UNION ALL
            ({cards} AND b.stage_name = ANY(:ascending) ORDER BY l.last_contacted_at, l.id DESC LIMIT :per_column)"""
    return f"""
        WITH RECURSIVE team(id) AS (
            SELECT id FROM users WHERE id = :reader
            UNION ALL SELECT u.id FROM users u JOIN team ON u.leader_id = team.id){found}
        SELECT b.id AS stage_id, b.stage_name, p.stage_id IS NOT NULL AS is_pinned, t.total_leads, t.total_gp, c.*
        FROM stages b
        LEFT JOIN lead_pins p ON p.user_id = :reader AND p.stage_id = b.id
        CROSS JOIN LATERAL (SELECT count(*) AS total_leads, coalesce(sum(l.total_gross_profit), 0) AS total_gp
                            FROM {leads} l WHERE l.stage_id = b.id AND {filters}) t
        LEFT JOIN LATERAL ({first}) c ON true
        WHERE b.stage_name <> 'E7'
        ORDER BY b.seq_number, CASE WHEN b.stage_name = ANY(:ascending) THEN c.last_contacted_at END,
                 c.last_contacted_at DESC, c.id DESC"""


def same_page(answer: list[dict[str, Any]], rows: list[Any]) -> None:
    """The floor's rows hold the API's page: the same columns, pins, counts, gross profit and cards in order."""
    floor: dict[str, dict[str, Any]] = {}
    for row in rows:
        column = floor.setdefault(row.stage_name, {"pinned": row.is_pinned, "total": row.total_leads,
                                                   "gp": float(row.total_gp), "ids": []})
        if row.id is not None:
            column["ids"].append(row.id)
    api = {c["stageName"]: {"pinned": c["isPinned"], "total": c["totalLeads"], "gp": c["totalGrossProfit"],
                            "ids": [card["id"] for card in c["leads"]]} for c in answer}
    assert api == floor, "the floor statement does not return the board's page"
    assert any(c["ids"] for c in api.values())


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * q) - 1)]


def measure_pair(call: Callable[[], object], floor: Callable[[], object], *, runs: int,
                 counter: StatementCounter, warmup: int = 20) -> dict[str, float]:
    """p50 and p95 (ms) of the call and of its floor, run alternately, and the call's SQL statements."""
    for _ in range(warmup):
        call()
        floor()
    calls: list[float] = []
    floors: list[float] = []
    statements: list[int] = []
    for _ in range(runs):
        before = counter.count
        start = time.perf_counter()
        call()
        calls.append((time.perf_counter() - start) * 1000)
        statements.append(counter.count - before)
        start = time.perf_counter()
        floor()
        floors.append((time.perf_counter() - start) * 1000)
    return {"p50": statistics.median(calls), "p95": percentile(calls, 0.95), "floor_p50": statistics.median(floors),
            "floor_p95": percentile(floors, 0.95), "sql": statistics.mean(statements)}


def main(runs: int) -> None:
    with embedded_stack("leads") as stack:
        populate(stack.database_url)
        run(stack, runs)


def run(stack: Stack, runs: int) -> None:
    """Every case on a seeded stack."""
    with api_client(stack) as (client, counter):
        engine = client.app.state.engine  # type: ignore[attr-defined]
        sent: list[tuple[str, Any]] = []
        event.listen(engine, "before_cursor_execute",
                     lambda _c, _cur, statement, parameters, *_: sent.append((statement, parameters)))
        with engine.connect() as conn:
            ids = dict(conn.execute(text("SELECT username, id FROM users WHERE username IN "
                                         "('bench-tl7', 'topmanager')")).all())
        tl, top = bearer(client, "bench-tl7"), bearer(client, "topmanager")
        every = {"statuses": ONGOING, "ascending": [], "per_column": PER_COLUMN}
        cases = {  # name: reader's headers, the call's parameters, the floor's statement and parameters
            "team leader": (tl, {}, floor_statement(team=True, search=False),
                            {**every, "reader": ids["bench-tl7"]}),
            "top manager": (top, {}, floor_statement(team=False, search=False),
                            {**every, "reader": ids["topmanager"]}),
            "top manager, search 'project 12'": (
                top, {"searchKeyword": "project 12"}, floor_statement(team=False, search=True),
                {**every, "reader": ids["topmanager"], "term": "%project 12%"}),
            "team leader, search 'project 12'": (
                tl, {"searchKeyword": "project 12"}, floor_statement(team=True, search=True),
                {**every, "reader": ids["bench-tl7"], "term": "%project 12%"}),
            "top manager, status ALL, E1:asc": (
                top, {"status": "ALL", "sort": "E1:asc"}, floor_statement(team=False, search=False, ascending=True),
                {**every, "statuses": EVERY_STATUS, "ascending": ["E1"], "reader": ids["topmanager"]}),
        }
        print(f"\nLead board benchmark: {LEADS:,} leads, {runs} runs per call, in-process ASGI client; floor: the "
              "one hand-written statement returning the same page, on the API's engine, run alternately")
        print(f"{'call':<40}{'ongoing':>8}{'p50 ms':>8}{'p95 ms':>8}{'floor p50':>10}{'floor p95':>10}"
              f"{'ratio':>7}{'SQL':>5}")
        plans: list[str] = []
        with engine.connect() as conn:
            for name, (headers, params, statement, floor_params) in cases.items():
                def call(headers: dict[str, str] = headers, params: dict[str, str] = params) -> Any:
                    r = client.get("/api/leads", params=params, headers=headers)
                    assert r.status_code == 200, r.text
                    return r

                def floor(statement: str = statement, floor_params: dict[str, Any] = floor_params) -> list[Any]:
                    return list(conn.execute(text(statement), floor_params))

                answer = call().json()["results"]
                board_statement = sent[-1]
                same_page(answer, floor())
                if "searchKeyword" in params:
                    plans.append(explain(conn, name, board_statement))
                r = measure_pair(call, floor, runs=runs, counter=counter)
                shown = sum(c["totalLeads"] for c in answer)
                print(f"{name:<40}{shown:>8,}{r['p50']:8.1f}{r['p95']:8.1f}{r['floor_p50']:10.1f}"
                      f"{r['floor_p95']:10.1f}{r['p95'] / r['floor_p95']:7.2f}{r['sql']:5.1f}")
            conn.rollback()
        print("target: p95 at most 1.5x the floor's (team leader, top manager); a search's p95 under 50 ms")
        print("\n".join(plans))


def explain(conn: Any, name: str, sent: tuple[str, Any]) -> str:
    """The plan of the board's own statement as it ran: the whole with BENCH_EXPLAIN=1, else its scans of names and
    its time; fails unless a trigram index finds the project names."""
    raw = conn.connection.dbapi_connection
    with raw.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sent[0], sent[1])
        plan = [row[0] for row in cursor.fetchall()]
    assert any("Index Scan on ix_leads_project_name" in line for line in plan), "\n".join(plan)
    shown = plan if os.environ.get("BENCH_EXPLAIN") == "1" else [
        line for line in plan if "_name" in line or "Time:" in line]
    return f"\nplan of the board's statement, {name}:\n" + "\n".join(f"    {line}" for line in shown)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
