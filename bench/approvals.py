"""Approval throughput: N requests through the full HTTP path against N bare signal workflows.

Full path, per request: POST /api/leads/{id}/approval-requests (sales1), two-layer pipeline, PUT handle-hold
by the first layer's approver, then by the second's, until the lead is HOLD. The API (uvicorn) and the worker
run as their own processes, as in `make run`. Baseline: N workflows that each wait for one signal, on the same
Temporal server. Prints approvals per second for both and their ratio.
Run: `.venv/bin/python bench/approvals.py [N]`; with BENCH_ROUTES=1 it measures instead what a route decided on
conditions and the route preview add to an approval (routes_cost).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from sqlalchemy import text

from bench.common import embedded_stack

PASSWORD = "Pipeline#2026!Go"
THREADS = int(os.environ.get("BENCH_THREADS", "8"))


STATUS_AFTER = {"HOLD_LEAD": "HOLD", "DROP_LEAD": "DROPPED"}


def prepare(database_url: str, n: int, action: str = "HOLD_LEAD", conditional: bool | str = False,
            pipeline: bool = True, sales: str = "sales1") -> list[int]:
    """A two-layer pipeline of `action` for `sales` (without `pipeline`: none) and n leads of theirs. `conditional`:
    the same two decisions with the route decided on conditions, the sign-off layer kept by one (GP >= 0); "skip":
    and a third layer skipped by another."""
    from api.core.db import make_engine

    engine = make_engine(database_url)
    with engine.begin() as conn:
        ids = dict(conn.execute(text("select username, id from users")).all())
        client = conn.execute(text("select id from clients order by id limit 1")).scalar_one()
        if pipeline:
            pipeline_id = conn.execute(text(
                "insert into approval_pipelines (name, action_type, current_version) values (:name, :action, 1)"
                " returning id"), {"name": f"Bench {action.lower()}", "action": action}).scalar_one()
            layers = [{"name": "Check", "mode": "ANY_USER", "minApprovals": 1, "approvers": [ids["approver1"]]},
                      {"name": "Sign-off", "mode": "ANY_USER", "minApprovals": 1, "approvers": [ids["approver2"]]}]
            if conditional == "skip":  # and a third layer its conditions skip: a larger input, a row of history more
                layers.append({"name": "Board", "mode": "ANY_USER", "minApprovals": 1, "approvers": [ids["topmanager"]],
                               "conditions": [{"fact": "GP", "op": ">=", "amount": 1e12}]})
            if conditional:
                layers[1]["conditions"] = [{"fact": "GP", "op": ">=", "amount": 0}]
            conn.execute(text(
                "insert into approval_pipeline_versions (pipeline_id, version, layers, sales_person_ids) values "
                "(:p, 1, cast(:layers as jsonb), cast(:sales as jsonb))"),
                {"p": pipeline_id, "sales": json.dumps([ids[sales]]), "layers": json.dumps(layers)})
            conn.execute(text("insert into approval_pipeline_sales (pipeline_id, user_id) values (:p, :u)"),
                         {"p": pipeline_id, "u": ids[sales]})
        leads = conn.execute(text(
            "insert into leads (project_name, stage_id, status, client_id, sales_person_id) "
            "select 'Bench approval ' || g, 1, 'NEW', :c, :s from generate_series(1, :n) g returning id"),
            {"c": client, "s": ids[sales], "n": n}).scalars().all()
    engine.dispose()
    return list(leads)


STEPS: dict[str, list[float]] = {"request": [], "layer 1 decision": [], "layer 2 decision": [],
                                 "until the lead is HOLD": []}


RETRIES: dict[str, list[int]] = {"layer 1 decision": [], "layer 2 decision": []}
POLLS: list[int] = []  # the bench's own reads of the lead until it is HOLD (not part of the approval)


def full_path(base: str, lead_ids: list[int], action: str = "HOLD_LEAD", preview: bool = False,
              requester: str = "sales1") -> float:
    """Each lead's request decided by both layers until the lead shows it; `preview`: the request dialog's route
    preview first, as a sales person sees it before Confirm."""
    def token(http: httpx.Client, username: str) -> dict[str, str]:
        r = http.post("/api/auth/login", json={"username": username, "password": PASSWORD})
        return {"Authorization": f"Bearer {r.json()['results']['token']}"}

    with httpx.Client(base_url=base, timeout=60) as http:
        sales, first, second = token(http, requester), token(http, "approver1"), token(http, "approver2")

    local = threading.local()

    def http_client() -> httpx.Client:  # one keep-alive connection per thread, as a browser keeps one
        if not hasattr(local, "http"):
            local.http = httpx.Client(base_url=base, timeout=60)
        return local.http

    def one(lead_id: int) -> None:
        http = http_client()
        if preview:
            shown = http.post(f"/api/leads/{lead_id}/approval-requests/route-preview", json={"requestType": action},
                              headers=sales)
            assert shown.status_code == 200, shown.text
        t0 = time.perf_counter()
        r = http.post(f"/api/leads/{lead_id}/approval-requests", json={"requestType": action, "notes": "b"},
                      headers=sales)
        assert r.status_code == 200, r.text
        STEPS["request"].append(time.perf_counter() - t0)
        approval = r.json()["results"]["approvalId"]
        for step, headers in (("layer 1 decision", first), ("layer 2 decision", second)):
            t0 = time.perf_counter()
            for _ in range(200):  # the next layer's task appears when the workflow has moved on
                d = http.put(f"/api/approval/{approval}/handle-hold", json={"approversAction": "APPROVED"},
                             headers=headers)
                RETRIES[step].append(d.status_code)
                if d.status_code == 200:
                    break
                time.sleep(0.05)
            else:
                raise AssertionError(d.text)
            STEPS[step].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        for _ in range(400):  # the final decision answers once the outcome is applied: one read is enough
            POLLS.append(lead_id)
            if http.get(f"/api/leads/{lead_id}", headers=sales).json()["results"]["status"] == STATUS_AFTER[action]:
                STEPS["until the lead is HOLD"].append(time.perf_counter() - t0)
                return
            time.sleep(0.05)
        raise AssertionError(f"lead {lead_id} never reached {STATUS_AFTER[action]}")

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(one, lead_ids))
    return time.perf_counter() - started


async def bare(address: str, n: int, shape: bool = False, shown: bool = False) -> float:
    """N bare signal workflows (or, with `shape`, N of the approval's shape without the CRM; `shown`: with its
    operator view), THREADS at a time."""
    from temporalio.client import Client
    from temporalio.common import SearchAttributePair, TypedSearchAttributes
    from temporalio.worker import Worker

    from bench.bare_workflow import BareWorkflow, ShapeWorkflow, step
    from worker.main import RUNNER
    from workflows.contracts.search_attributes import (
        CRM_LEAD_ID,
        PENDING_APPROVERS,
        REQUEST_STATUS,
        REQUEST_TYPE,
        REQUESTED_BY,
    )

    client = await Client.connect(address)
    queue = f"bench-bare-{uuid.uuid4().hex[:6]}"
    # the product's worker runs workflows outside the sandbox; the baseline gets the same runner
    with concurrent.futures.ThreadPoolExecutor(4) as executor:
        async with Worker(client, task_queue=queue, workflows=[BareWorkflow, ShapeWorkflow], activities=[step],
                          activity_executor=executor, workflow_runner=RUNNER):
            started = time.perf_counter()
            sem = asyncio.Semaphore(THREADS)

            async def one(i: int) -> None:
                async with sem:
                    if shape:
                        shown_as = {"search_attributes": TypedSearchAttributes([
                            SearchAttributePair(CRM_LEAD_ID, i), SearchAttributePair(REQUEST_TYPE, "HOLD_LEAD"),
                            SearchAttributePair(REQUESTED_BY, "sales1"),
                            SearchAttributePair(PENDING_APPROVERS, ["approver1"]),
                            SearchAttributePair(REQUEST_STATUS, "PENDING")]),
                            "static_summary": f"Lead {i} · Hold: hold 'Bench approval {i}' (PT Client) · by sales1",
                            "static_details": "Requested by Andi Pratama\n\nPipeline:\n\n1. Check\n2. Sign-off",
                        } if shown else {}
                        handle = await client.start_workflow(ShapeWorkflow.run, shown, id=f"{queue}-{i}",
                                                             task_queue=queue, **shown_as)
                        for layer in (1, 2):
                            await handle.execute_update(ShapeWorkflow.decide, layer)
                    else:
                        handle = await client.start_workflow(BareWorkflow.run, id=f"{queue}-{i}", task_queue=queue)
                        await handle.signal(BareWorkflow.approve)
                    await handle.result()

            await asyncio.gather(*(one(i) for i in range(n)))
            return time.perf_counter() - started


def http_floor(base: str, api: list[int], calls: int = 400) -> float:
    """The API's CPU per call of GET /api/health (no sign-in, no database, no Temporal), THREADS at a time on
    keep-alive connections: what any call costs the process (uvicorn, the middleware, FastAPI) before its work."""
    local = threading.local()

    def one(_: int) -> None:
        if not hasattr(local, "http"):
            local.http = httpx.Client(base_url=base, timeout=60)
        assert local.http.get("/api/health").status_code == 200

    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(one, range(THREADS)))  # connections open
        before = cpu_seconds({"api": api})["api"]
        list(pool.map(one, range(calls)))
        return (cpu_seconds({"api": api})["api"] - before) / calls


def call_cost(base: str, groups: dict[str, list[int]], calls: list[tuple[str, str, dict[str, object] | None]],
              username: str = "sales1") -> float:
    """CPU of every process (the bench client's included) per call of these calls, signed in as `username`,
    THREADS at a time on keep-alive connections."""
    with httpx.Client(base_url=base, timeout=60) as http:
        r = http.post("/api/auth/login", json={"username": username, "password": PASSWORD})
        headers = {"Authorization": f"Bearer {r.json()['results']['token']}"}
    local = threading.local()

    def one(call: tuple[str, str, dict[str, object] | None]) -> None:
        if not hasattr(local, "http"):
            local.http = httpx.Client(base_url=base, timeout=60)
        method, path, body = call
        answer = local.http.request(method, path, json=body, headers=headers)
        assert answer.status_code == 200, answer.text

    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(one, calls[:THREADS]))  # connections open
        before, client_before = cpu_seconds(groups), os.times()
        list(pool.map(one, calls))
        after, client_after = cpu_seconds(groups), os.times()
    spent = sum(after[k] - before[k] for k in before) + (client_after.user + client_after.system
                                                         - client_before.user - client_before.system)
    return spent / len(calls)


def cpu_seconds(groups: dict[str, list[int]]) -> dict[str, float]:
    """CPU time (user + system) used so far by each group of processes and their children."""
    import psutil

    totals = {}
    for name, pids in groups.items():
        total = 0.0
        for pid in pids:
            try:
                proc = psutil.Process(pid)
                for p in [proc, *proc.children(recursive=True)]:
                    t = p.cpu_times()
                    total += t.user + t.system
            except psutil.NoSuchProcess:
                pass
        totals[name] = total
    return totals


def postgres_pids() -> list[int]:
    """This benchmark's postmaster (its data directory is under bench-approvals-...); backends are its children."""
    import psutil

    return [p.pid for p in psutil.process_iter(["name", "cmdline"])
            if (p.info["name"] or "").startswith("postgres")
            and "bench-approvals-" in " ".join(p.info["cmdline"] or [])]


def with_app_name(url: str, name: str) -> str:
    """The URL with application_name set, so the server log tells which process sent a statement."""
    return url + ("&" if "?" in url else "?") + f"application_name={name}"


def statement_log(database_url: str, on: bool) -> Path:
    """Turn logging of every statement (prefixed with the application name) on or off; returns the log file."""
    from api.core.db import make_engine

    engine = make_engine(database_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        for name, value in (("log_statement", "all" if on else "none"), ("log_line_prefix", "%a|" if on else "")):
            conn.execute(text(f"alter system set {name} = '{value}'"))
        conn.execute(text("select pg_reload_conf()"))
        log = Path(conn.execute(text("show data_directory")).scalar_one()) / "log"
    engine.dispose()
    return log


# BENCH_SQL_DUMP=<file>: every statement counted is written there too, to read what a step sends
DUMP = open(os.environ["BENCH_SQL_DUMP"], "w") if os.environ.get("BENCH_SQL_DUMP") else None  # noqa: SIM115


def count_statements(log: Path, start: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    with log.open(errors="replace") as f:
        f.seek(start)
        for line in f:
            app, sep, rest = line.partition("|")
            if sep and ("statement: " in rest or "execute " in rest):
                counts[app] = counts.get(app, 0) + 1
                if DUMP:
                    DUMP.write(line)
    return counts


async def history_size(address: str, workflow_id: str) -> tuple[int, int]:
    """A closed workflow's history: its events and their size in bytes (as JSON)."""
    from temporalio.client import Client

    client = await Client.connect(address)
    history = await client.get_workflow_handle(workflow_id).fetch_history()
    return len(history.events), len(history.to_json())


def routes_cost(base: str, database_url: str, groups: dict[str, list[int]], n: int, address: str) -> None:
    """BENCH_ROUTES=1: what conditions and the route preview add to an approval's CPU. The same hold request and two
    decisions per request, alternated in thirds in one run: sales1's pipeline without conditions; sales2's, the same
    layers with the route decided on a condition the sign-off layer's requests meet (BENCH_ROUTES_SKIP=1 adds a third
    layer its condition skips); and sales2's again with the route preview read before each request, as the request
    dialog does (other leads); each third in another order."""
    plain = prepare(database_url, n, "HOLD_LEAD")
    routed = prepare(database_url, 2 * n, "HOLD_LEAD", sales="sales2",
                     conditional="skip" if os.environ.get("BENCH_ROUTES_SKIP") == "1" else True)
    variants = (("without conditions", plain, "sales1", False),
                ("routed on conditions", routed[:n], "sales2", False),
                ("routed, with the preview", routed[n:], "sales2", True))
    spent = {name: dict.fromkeys([*groups, "bench client"], 0.0) for name, *_ in variants}
    tries = dict.fromkeys(spent, 0)  # decision calls sent (a decision refused before its task is queued is sent again)
    reads = dict.fromkeys(spent, 0)  # the bench's reads of the lead until it shows the outcome
    thirds = [slice(i * n // 3, (i + 1) * n // 3) for i in range(3)]
    for turn, part in enumerate(thirds):  # each variant first once: none always runs in another's tail
        for name, leads, requester, preview in variants[turn:] + variants[:turn]:
            before, client_before = cpu_seconds(groups), os.times()
            sent, read = sum(len(codes) for codes in RETRIES.values()), len(POLLS)
            full_path(base, leads[part], "HOLD_LEAD", preview, requester)
            after, client_after = cpu_seconds(groups), os.times()
            tries[name] += sum(len(codes) for codes in RETRIES.values()) - sent
            reads[name] += len(POLLS) - read
            for key in before:
                spent[name][key] += after[key] - before[key]
            spent[name]["bench client"] += (client_after.user + client_after.system
                                            - client_before.user - client_before.system)
    base_cost = sum(spent["without conditions"].values())
    print(f"\nConditions and route preview, {n} requests each, {THREADS} at a time, alternated in thirds")
    for name, parts in spent.items():
        cost = sum(parts.values())
        print(f"  {name:<26} CPU {cost * 1000 / n:6.1f} ms per approval, every process ({cost / base_cost - 1:+.1%}): "
              + ", ".join(f"{key} {value * 1000 / n:.1f}" for key, value in parts.items())
              + f"; {tries[name] / n:.2f} decision calls, {reads[name] / n:.2f} reads")
    print("  target: conditions and the preview add at most 5%")
    unused = prepare(database_url, n, pipeline=False, sales="sales2")  # leads of sales2 without a request
    alone = {"one route preview alone": [("POST", f"/api/leads/{lead}/approval-requests/route-preview",
                                          {"requestType": "HOLD_LEAD"}) for lead in unused],
             "one read of a lead (GET /api/leads/{id})": [("GET", f"/api/leads/{lead}", None) for lead in unused],
             "a call that does nothing (GET /api/health)": [("GET", "/api/health", None)] * n}
    for name, calls in alone.items():  # for scale: what any one more call of the request dialog costs
        cost = call_cost(base, groups, calls, "sales2")
        print(f"  {name:<42} CPU {cost * 1000:5.1f} ms, every process ({cost * n / base_cost:.1%} of an approval)")
    from api.core.db import make_engine

    engine = make_engine(database_url)
    with engine.connect() as conn:
        for name, leads, *_ in variants[:2]:
            workflow_id = conn.execute(text("select workflow_id from approval_requests where lead_id = :l"),
                                       {"l": leads[0]}).scalar_one()
            events, size = asyncio.run(history_size(address, workflow_id))
            print(f"  history of one request, {name}: {events} events, {size} bytes")
    engine.dispose()


def main(n: int) -> None:
    from api.core.embedded import EmbeddedTemporal, _terminate, child_env, free_port, wait_for_port

    with embedded_stack("approvals") as stack:
        import tempfile

        temporal = EmbeddedTemporal(Path(tempfile.mkdtemp(prefix="bench-temporal-")), port=free_port(), headless=True)
        address = temporal.start()
        port = free_port()
        # BENCH_SQL=1: count the SQL statements each process sends (PostgreSQL logs every statement meanwhile)
        sql = os.environ.get("BENCH_SQL") == "1"
        worker_db = with_app_name(stack.database_url, "worker") if sql else stack.database_url
        env = child_env(DATABASE_URL=worker_db, REDIS_URL=stack.redis_url, TEMPORAL_ADDRESS=address,
                        PORT=str(port), DATA_DIR=os.environ["DATA_DIR"])
        api_env = {**env, "DATABASE_URL": with_app_name(stack.database_url, "api")} if sql else env
        procs = [subprocess.Popen([sys.executable, "-m", "worker"], env=env, stderr=subprocess.DEVNULL),
                 subprocess.Popen([sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory", "--port",
                                   str(port), "--log-level", "warning"], env=api_env)]
        try:
            wait_for_port(port, 60, "API", procs[1])
            groups = {"API (uvicorn)": [procs[1].pid], "worker": [procs[0].pid],
                      "Temporal server": [temporal.proc.pid] if temporal.proc else [],
                      "PostgreSQL": postgres_pids()}
            if os.environ.get("BENCH_ROUTES") == "1":
                routes_cost(f"http://127.0.0.1:{port}", stack.database_url, groups, n, address)
                return
            lead_ids = prepare(stack.database_url, n)
            # BENCH_PROFILE=<dir>: sample the worker and the API with the venv's py-spy (pip install py-spy) for 20 s
            profile = os.environ.get("BENCH_PROFILE")
            spy = str(Path(sys.executable).parent / "py-spy")
            spies = [subprocess.Popen([spy, "record", "-p", str(proc.pid), "-d", "20", "-r", "50", "-f", "raw",
                                       "--gil", "--nonblocking", "-o", f"{profile}/{name}.txt"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                     for name, proc in (("worker", procs[0]), ("api", procs[1]))] if profile else []
            log = statement_log(stack.database_url, True) if sql else None
            log_start = log.stat().st_size if log else 0
            before, client_before = cpu_seconds(groups), os.times()
            full = full_path(f"http://127.0.0.1:{port}", lead_ids)
            after, client_after = cpu_seconds(groups), os.times()
            statements = count_statements(log, log_start) if log else {}
            if log:  # what one of the bench's lead reads costs the API, to tell the approval's own statements apart
                with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                    token = http.post("/api/auth/login", json={"username": "sales1", "password": PASSWORD}).json()
                    headers = {"Authorization": f"Bearer {token['results']['token']}"}
                    http.get(f"/api/leads/{lead_ids[0]}", headers=headers)  # a warm connection, as the run's
                    read_start = log.stat().st_size
                    for _ in range(20):
                        http.get(f"/api/leads/{lead_ids[0]}", headers=headers)
                    per_read = count_statements(log, read_start).get("api", 0) / 20
            if log:
                statement_log(stack.database_url, False)
            floor = http_floor(f"http://127.0.0.1:{port}", groups["API (uvicorn)"])
            before["bench client"] = client_before.user + client_before.system
            after["bench client"] = client_after.user + client_after.system
            for spy in spies:
                spy.wait()
            bare_groups = {"Temporal server": groups["Temporal server"]}
            bare_before, bare_client_before = cpu_seconds(bare_groups), os.times()
            baseline = asyncio.run(bare(address, n))
            bare_after, bare_client_after = cpu_seconds(bare_groups), os.times()
            bare_before["bench (client + worker)"] = bare_client_before.user + bare_client_before.system
            bare_after["bench (client + worker)"] = bare_client_after.user + bare_client_after.system
            shapes = {}
            for shown in (False, True):
                shape_before, shape_client_before = cpu_seconds(bare_groups), os.times()
                asyncio.run(bare(address, n, shape=True, shown=shown))
                shape_after, shape_client_after = cpu_seconds(bare_groups), os.times()
                shape_before["bench (client + worker)"] = shape_client_before.user + shape_client_before.system
                shape_after["bench (client + worker)"] = shape_client_after.user + shape_client_after.system
                shapes[shown] = (shape_before, shape_after)
        finally:
            for p in procs:
                _terminate(p)
            temporal.stop()
    full_rate, bare_rate = n / full, n / baseline
    print(f"\nApproval throughput, {n} requests, {THREADS} at a time, same Temporal dev server (2-core machine)")
    print(f"  full HTTP path (request + 2 layers + lead updated): {full:6.2f} s  {full_rate:7.1f} approvals/s")
    print(f"  bare workflows waiting for one signal:              {baseline:6.2f} s  {bare_rate:7.1f} workflows/s")
    print(f"  ratio full / bare: {full_rate / bare_rate:.2f} (target >= 0.5)")
    print(f"  CPU used during the full path, ms per approval ({os.cpu_count()} cores):")
    for name in before:
        print(f"    {name:<24} {(after[name] - before[name]) * 1000 / n:7.1f}")
    print(f"    {'total':<24} {sum(after[k] - before[k] for k in before) * 1000 / n:7.1f}")
    print(f"    the API's floor: {floor * 1000:.1f} ms per call of GET /api/health (the approval makes 3 calls, "
          "the bench reads the lead once)")
    print("  CPU used by the bare workflows, ms per workflow:")
    for name in bare_before:
        print(f"    {name:<24} {(bare_after[name] - bare_before[name]) * 1000 / n:7.1f}")
    print(f"    {'total':<24} {sum(bare_after[k] - bare_before[k] for k in bare_before) * 1000 / n:7.1f}")
    totals = {}
    for shown, (shape_before, shape_after) in shapes.items():
        print(f"  CPU used by the approval's shape without the CRM (a local activity, then two updates with one each)"
              f"{', with its operator view' if shown else ''}, ms per workflow:")
        for name in shape_before:
            print(f"    {name:<24} {(shape_after[name] - shape_before[name]) * 1000 / n:7.1f}")
        totals[shown] = sum(shape_after[k] - shape_before[k] for k in shape_before)
        print(f"    {'total':<24} {totals[shown] * 1000 / n:7.1f}")
    bare_total = sum(bare_after[k] - bare_before[k] for k in bare_before)
    full_total = sum(after[k] - before[k] for k in before)
    print(f"  CPU ratios: full / bare {full_total / bare_total:.2f} (target <= 3); shape / bare "
          f"{totals[False] / bare_total:.2f}, with the operator view {totals[True] / bare_total:.2f}; "
          f"full / shape with the operator view {full_total / totals[True]:.2f}")
    from collections import Counter

    if statements:
        print("  SQL statements per approval: " + ", ".join(f"{app} {count / n:.1f}"
                                                         for app, count in sorted(statements.items())))
        polls = len(POLLS) / n
        own = statements.get("api", 0) / n - polls * per_read
        print(f"    of the API's, the bench's own lead reads: {polls:.2f} a lead x {per_read:.1f} statements; "
              f"the approval's own (request + 2 decisions): api {own:.1f}, "
              f"with the worker's {own + statements.get('worker', 0) / n:.1f}")

    for step, codes in RETRIES.items():
        print(f"  {step} answers: {dict(Counter(codes))}")
    for step, times in STEPS.items():
        ordered = sorted(times)
        p50, p95 = ordered[len(ordered) // 2], ordered[int(len(ordered) * 0.95) - 1]
        print(f"  {step:<24} p50 {p50 * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
