"""Sign-in load benchmark (issue 32, point 7): the board's p95 alone and with 20 sign-ins a second beside it.

The API runs as a uvicorn process (one, as in production) with the production password profile: every user's hash
is argon2id at OWASP's setting, checked on the bounded password pool (PASSWORD_VERIFY_WORKERS, _QUEUE and _NICE:
their defaults unless the environment sets them). The data is bench/leads_board.py's: 100,000 leads over 200 sales
people, in its own PostgreSQL and Redis. Over real HTTP the bench calls the board (GET /api/leads as a team leader,
about 5,000 leads, bench/leads_board.py's first row) one call at a time, in alternating blocks: alone, then while
a process of its own signs the 200 sales people in at a steady 20 a second (open loop: each sign-in on time, whether
or not the earlier ones have answered). Short alternating blocks let a neighbour's load on a shared machine fall on
both alike. It prints p50, p95 and max of both, their p95 ratio (goal: <= 1.5), what the sign-ins got (200s, 429s,
their own times) and the CPU the API process used per second of each. It prints figures and asserts nothing.
Run: `.venv/bin/python bench/signin_load.py [calls per block] [rounds] [sign-ins a second]`.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
import psutil

from bench.common import embedded_stack, start_api, wait_ready
from bench.leads_board import populate

PASSWORD = "Pipeline#2026!Go"
BOARD_USER = "bench-tl7"
SIGN_IN_USERS = [f"bench-s{t}-{s}" for t in range(1, 21) for s in range(1, 11)]
WARMUP = 20
LEAD_IN = 1.0  # seconds of sign-ins before a loaded block's first board call, so that it meets a steady load
LATE = 0.05  # a sign-in sent this much after its time: the load process itself could not keep up


@dataclass
class Phase:
    """What the board calls of one kind of block measured, over all the rounds."""

    board_ms: list[float] = field(default_factory=list)
    board_errors: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"p50": statistics.median(ordered), "p95": ordered[max(0, int(len(ordered) * 0.95) - 1)],
            "max": ordered[-1]}


def cpu_seconds(process: psutil.Process) -> float:
    """The CPU the process has used so far (its threads' user and system time)."""
    times = process.cpu_times()
    return float(times.user + times.system)


def board_block(http: httpx.Client, headers: dict[str, str], calls: int, phase: Phase, api: psutil.Process) -> None:
    cpu, started = cpu_seconds(api), time.perf_counter()
    for _ in range(calls):
        start = time.perf_counter()
        try:
            ok = http.get("/api/leads", headers=headers).status_code == 200
        except httpx.HTTPError:  # a dropped connection is as much a failure as a 500
            ok = False
        phase.board_ms.append((time.perf_counter() - start) * 1000)
        phase.board_errors += not ok
    phase.seconds += time.perf_counter() - started
    phase.cpu_seconds += cpu_seconds(api) - cpu


def sign_in_load(base: str, rate: float, on: Event, done: Event, results: Any) -> None:
    """The load process: while `on` is set, a sign-in every 1/rate s, each on time; at `done`, every sign-in's
    (ms, status code or 0 for no answer, sent late) goes to `results`."""

    async def main() -> list[tuple[float, int, bool]]:
        records: list[tuple[float, int, bool]] = []
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)  # slow answers overlap
        async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:

            async def one(username: str, late: bool) -> None:
                start = time.perf_counter()
                try:
                    code = (await http.post("/api/auth/login",
                                            json={"username": username, "password": PASSWORD})).status_code
                except httpx.HTTPError:
                    code = 0
                records.append(((time.perf_counter() - start) * 1000, code, late))

            tasks, n = [], 0
            while not done.is_set():
                if not on.is_set():
                    await asyncio.sleep(0.005)
                    continue
                started, sent = time.perf_counter(), 0
                while on.is_set():
                    due = started + sent / rate
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    late = time.perf_counter() - due > LATE
                    tasks.append(asyncio.create_task(one(SIGN_IN_USERS[n % len(SIGN_IN_USERS)], late)))
                    sent, n = sent + 1, n + 1
            await asyncio.gather(*tasks)
        return records

    results.put(asyncio.run(main()))


def measure(port: int, api: psutil.Process, calls: int, rounds: int,
            rate: float) -> tuple[Phase, Phase, list[tuple[float, int, bool]]]:
    base = f"http://127.0.0.1:{port}"
    spawn = multiprocessing.get_context("spawn")
    on, done, results = spawn.Event(), spawn.Event(), spawn.Queue()
    load = spawn.Process(target=sign_in_load, args=(base, rate, on, done, results), daemon=True)
    load.start()
    alone, loaded, warm = Phase(), Phase(), Phase()
    try:
        with httpx.Client(base_url=base, timeout=120) as http:
            r = http.post("/api/auth/login", json={"username": BOARD_USER, "password": PASSWORD})
            r.raise_for_status()
            headers = {"Authorization": f"Bearer {r.json()['results']['token']}"}
            on.set()  # the warm-up: the board and the sign-in path both, their connections opened
            board_block(http, headers, WARMUP, warm, api)
            on.clear()
            time.sleep(0.5)
            for _ in range(rounds):
                board_block(http, headers, calls, alone, api)
                on.set()
                time.sleep(LEAD_IN)
                board_block(http, headers, calls, loaded, api)
                on.clear()
                time.sleep(0.5)  # the last sign-ins are answered before the next quiet block
        done.set()
        records: list[tuple[float, int, bool]] = results.get(timeout=300)
        load.join(30)
    finally:
        if load.is_alive():
            load.terminate()
    return alone, loaded, records


def hash_parameters(database_url: str) -> str:
    """The argon2 parameters of the sign-in users' hashes, as stored."""
    from argon2 import extract_parameters
    from sqlalchemy import text

    from api.core.db import make_engine

    engine = make_engine(database_url, pool_size=1, max_overflow=0)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT DISTINCT password_hash FROM users WHERE username = ANY(:names)"),
                              {"names": SIGN_IN_USERS}).scalars().all()
    engine.dispose()
    return "; ".join(sorted({f"argon2{p.type.name.lower()} m={p.memory_cost} KiB t={p.time_cost} p={p.parallelism}"
                             for p in map(extract_parameters, stored)}))


def report(alone: Phase, loaded: Phase, sign_ins: list[tuple[float, int, bool]], calls: int, rounds: int,
           rate: float, params: str) -> None:
    from api.core.config import get_settings

    settings = get_settings()
    print(f"\nSign-in load benchmark: GET /api/leads as {BOARD_USER}, {rounds} rounds of {calls} calls alone and "
          f"{calls} beside {rate:g} sign-ins/s; uvicorn, 1 process, {os.cpu_count()}-core machine")
    print(f"  hashes: {params}; password pool: {settings.password_verify_workers} workers, "
          f"{settings.password_verify_queue} waiting, nice +{settings.password_verify_nice}")
    print(f"{'':<34}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}{'errors':>8}{'API CPU/s':>11}")
    for name, phase in (("board alone", alone), (f"board + {rate:g} sign-ins/s", loaded)):
        t = percentiles(phase.board_ms)
        print(f"{name:<34}{t['p50']:>10.2f}{t['p95']:>10.2f}{t['max']:>10.2f}{phase.board_errors:>8}"
              f"{phase.cpu_seconds / phase.seconds:>11.2f}")
    quiet, busy = percentiles(alone.board_ms), percentiles(loaded.board_ms)
    print(f"  p95 with sign-ins / alone: {busy['p95']:.2f} / {quiet['p95']:.2f} ms = "
          f"{busy['p95'] / quiet['p95']:.2f} (goal: <= 1.5); p50 ratio {busy['p50'] / quiet['p50']:.2f}")
    codes: dict[int, int] = {}
    for _, code, _ in sign_ins:
        codes[code] = codes.get(code, 0) + 1
    s = percentiles([ms for ms, _, _ in sign_ins])
    answers = ", ".join(f"{code or 'no answer'}: {n}" for code, n in sorted(codes.items()))
    print(f"  sign-ins: {len(sign_ins)} sent ({answers});"
          f" p50 {s['p50']:.1f} ms, p95 {s['p95']:.1f} ms, max {s['max']:.1f} ms; "
          f"{sum(late for _, _, late in sign_ins)} sent over {LATE * 1000:.0f} ms late")
    print("  API CPU/s: CPU seconds the API process used per second of the block (2.00 = two cores)")


def main(calls: int, rounds: int, rate: float) -> None:
    from api.core.config import get_settings
    from api.core.embedded import _terminate, free_port

    # every hash the seed makes and every check the API runs at the production profile's cost
    os.environ["PASSWORD_HASH_PROFILE"] = "production"
    get_settings.cache_clear()
    with embedded_stack("signin") as stack:
        populate(stack.database_url)
        params = hash_parameters(stack.database_url)
        port = free_port()
        process = start_api(port)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
                wait_ready(client, process)
            alone, loaded, sign_ins = measure(port, psutil.Process(process.pid), calls, rounds, rate)
        finally:
            _terminate(process)
    report(alone, loaded, sign_ins, calls, rounds, rate, params)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 25, int(sys.argv[2]) if len(sys.argv) > 2 else 16,
         float(sys.argv[3]) if len(sys.argv) > 3 else 20.0)
