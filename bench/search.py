"""Search benchmark: the top bar's one search box over 100,000 leads, 20,000 clients and 50,000 contacts, in its own
database.

Measures GET /api/search for a team leader (a team of 10 sales people) and top management with a misspelt project
name, a misspelt client name, a client code and a PID, and beside each, in the same run, its floor: the very SQL
statements the call sent, replayed on one connection without the API. Prints p50 and p95 of both and their ratio.
Run: `.venv/bin/python bench/search.py [runs]`.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event, text

from bench.common import analyzed, api_client, bearer, embedded_stack, seed_teams

LEADS = 100_000
CLIENTS = 20_000
CONTACTS = 50_000
PIDS = 10_000
TEAMS = 20
PER_TEAM = 10
WORDS = ("Core", "Branch", "Data", "Network", "Cloud", "Payment", "Mobile", "Security", "Analytics", "Portal",
         "Billing", "Warehouse", "Contact", "Identity", "Backup")
KINDS = ("Migration", "Refresh", "Rollout", "Upgrade", "Assessment", "Integration", "Expansion", "Renewal")


def populate(database_url: str) -> None:
    from api.core.db import make_engine

    engine = make_engine(database_url)
    started = time.perf_counter()
    with engine.begin() as conn:
        seed_teams(conn, TEAMS, PER_TEAM)
        # client codes are three characters (the row number in base 36), names unique
        conn.execute(text("""
            INSERT INTO clients (client_code, client_name, legal_name, industry_id, address, country_id, affiliate_id)
            SELECT upper(substr('0123456789abcdefghijklmnopqrstuvwxyz', 1 + (g / 1296) % 36, 1)
                         || substr('0123456789abcdefghijklmnopqrstuvwxyz', 1 + (g / 36) % 36, 1)
                         || substr('0123456789abcdefghijklmnopqrstuvwxyz', 1 + g % 36, 1)),
                   (ARRAY['PT','CV','Bank','Asuransi','Koperasi'])[1 + g % 5] || ' '
                     || (ARRAY['Sinar','Nusa','Mitra','Karya','Bumi','Cahaya','Jaya','Mandiri'])[1 + (g / 5) % 8] || ' '
                     || (ARRAY['Abadi','Sentosa','Makmur','Utama','Persada','Lestari'])[1 + (g / 40) % 6] || ' ' || g,
                   'Legal ' || g, (SELECT min(id) FROM industries), 'Jl. Bench ' || g || ', Jakarta',
                   (SELECT min(id) FROM countries), (SELECT min(id) FROM affiliates)
            FROM generate_series(2000, 2000 + :n - 1) AS g
            ON CONFLICT DO NOTHING
        """), {"n": CLIENTS})  # (a code the demo's clients have is left out)
        conn.execute(text("""
            WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM clients)
            INSERT INTO contacts (client_id, fullname, gender, position, email)
            SELECT c.ids[1 + g % array_length(c.ids, 1)],
                   (ARRAY['Budi','Siti','Agus','Dewi','Rudi','Rina','Eko','Maya'])[1 + g % 8] || ' '
                     || (ARRAY['Santoso','Wijaya','Pratama','Lestari','Hidayat','Kusuma'])[1 + (g / 8) % 6] || ' ' || g,
                   'Male', 'Manager', 'contact' || g || '@example.com'
            FROM generate_series(1, :n) AS g, c
        """), {"n": CONTACTS})
        conn.execute(text("""
            WITH sales AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE username LIKE 'bench-s%'),
                 c AS (SELECT array_agg(id ORDER BY id) AS ids FROM clients)
            INSERT INTO leads (project_name, stage_id, status, client_id, sales_person_id, created_at, updated_at)
            SELECT (CAST(:words AS text[]))[1 + g % :nwords] || ' '
                     || (CAST(:kinds AS text[]))[1 + (g / 7) % :nkinds] || ' ' || g,
                   1 + (g % 7), 'NEW', c.ids[1 + (g * 31) % array_length(c.ids, 1)],
                   sales.ids[1 + ((g * 7919) % array_length(sales.ids, 1))], now(), now()
            FROM generate_series(1, :n) AS g, sales, c
        """), {"n": LEADS, "words": list(WORDS), "nwords": len(WORDS), "kinds": list(KINDS), "nkinds": len(KINDS)})
        conn.execute(text("""
            INSERT INTO lead_project_ids (lead_id, pid_number)
            SELECT id, 'PID-' || lpad(id::text, 7, '0') FROM leads ORDER BY id LIMIT :n
        """), {"n": PIDS})
    for table in ("clients", "contacts", "leads", "lead_project_ids"):
        analyzed(engine, table)
    engine.dispose()
    print(f"seeded {LEADS:,} leads, {CLIENTS:,} clients, {CONTACTS:,} contacts, {PIDS:,} PIDs in "
          f"{time.perf_counter() - started:.1f} s")


def p(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * q) - 1)]


def main(runs: int) -> None:
    with embedded_stack("search") as stack:
        populate(stack.database_url)
        with api_client(stack) as (client, _):
            engine = client.app.state.engine  # type: ignore[attr-defined]
            sent: list[tuple[str, Any]] = []

            def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
                sent.append((statement, parameters))

            people = {"team leader": bearer(client, "bench-tl7"), "top management": bearer(client, "topmanager")}
            with engine.connect() as conn:
                sample = conn.execute(text(
                    "SELECT client_name, client_code FROM clients WHERE client_name LIKE 'Bank Nusa %' LIMIT 1")).one()
            terms = {"misspelt project 'cloud migraton 4217'": "cloud migraton 4217",
                     f"misspelt client '{sample[0][:-1].lower()}...'": sample[0].replace("Nusa", "Nsa"),
                     f"client code '{sample[1]}'": sample[1], "PID 'PID-0004217'": "PID-0004217",
                     "one letter 'c'": "c"}
            print(f"\nSearch benchmark: {LEADS:,} leads, {CLIENTS:,} clients, {CONTACTS:,} contacts, {runs} runs "
                  "per call, in-process ASGI client; floor: the call's own SQL replayed on one connection")
            slow_notes: list[str] = []
            print(f"{'call':<62}{'p50 ms':>8}{'p95 ms':>8}{'floor p95':>10}{'ratio':>7}{'SQL':>5}{'hits':>6}")
            for who, headers in people.items():
                for name, term in terms.items():
                    def call(term: str = term, headers: dict[str, str] = headers) -> Any:
                        r = client.get("/api/search", params={"q": term}, headers=headers)
                        assert r.status_code == 200, r.text
                        return r.json()["results"]

                    for _ in range(10):
                        call()
                    sent.clear()
                    event.listen(engine, "before_cursor_execute", record)
                    answer = call()
                    event.remove(engine, "before_cursor_execute", record)
                    statements = list(sent)
                    times = []
                    for _ in range(runs):
                        start = time.perf_counter()
                        call()
                        times.append((time.perf_counter() - start) * 1000)
                    floor = []
                    each: list[list[float]] = [[] for _ in statements]  # each statement's time
                    with engine.connect() as conn:
                        raw = conn.connection.dbapi_connection
                        assert raw is not None
                        with raw.cursor() as cursor:
                            for _ in range(runs):
                                start = time.perf_counter()
                                for n, (statement, parameters) in enumerate(statements):
                                    began = time.perf_counter()
                                    cursor.execute(statement, parameters)
                                    cursor.fetchall()
                                    each[n].append((time.perf_counter() - began) * 1000)
                                floor.append((time.perf_counter() - start) * 1000)
                        raw.rollback()
                    slowest = max(range(len(statements)), key=lambda n: statistics.median(each[n]))
                    if os.environ.get("BENCH_EXPLAIN") == "1":  # the slowest statement's plan, as it ran
                        with engine.connect() as conn:
                            raw = conn.connection.dbapi_connection
                            assert raw is not None
                            with raw.cursor() as cursor:
                                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + statements[slowest][0],
                                               statements[slowest][1])
                                slow_notes.append("\n".join(f"    {row[0]}" for row in cursor.fetchall()))
                            raw.rollback()
                    slow_notes.append(f"  {who}, {name}: slowest statement {statistics.median(each[slowest]):.1f} ms "
                                      f"(p50): {' '.join(statements[slowest][0].split())[:150]}")
                    hits = sum(len(g["hits"]) for g in answer["groups"])
                    print(f"{who + ', ' + name:<62}{statistics.median(times):8.1f}{p(times, 0.95):8.1f}"
                          f"{p(floor, 0.95):10.1f}{p(times, 0.95) / max(p(floor, 0.95), 0.001):7.1f}"
                          f"{len(statements):5d}{hits:6d}")
            print("target: p95 under 50 ms")
            print("\n".join(slow_notes))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
