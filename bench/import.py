"""Import benchmark (issue 39 point 3): N leads (50,000 by default, the most a file may hold) uploaded as a workbook to
the API, checked by the dry run and written by the run through the worker, then the result workbook downloaded.
Prints rows per second of the upload, the dry run and the run, and the API's and the worker's memory (RSS) before and
at most during each step (goal: each grows by less than 100 MB).

Run: `.venv/bin/python bench/import.py [rows]`. Starts its own embedded PostgreSQL, Redis and Temporal, the worker and
the API (uvicorn) as processes. Asserts only that every row was checked and written."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import BENCH_CLIENTS_SQL, LEAD_HEADERS, Peak, bearer, embedded_stack, lead_rows  # noqa: E402  (after the path above)

MB = 1024 * 1024

def workbook(database_url: str, rows: int) -> bytes:
    """N open leads over the demo clients and sales people: E1, or E2 with a contact of the client in charge."""
    import openpyxl
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as conn:
        clients = conn.execute(text(BENCH_CLIENTS_SQL)).all()
    engine.dispose()
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(LEAD_HEADERS)
    for row in lead_rows(clients, rows):
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def main(rows: int) -> None:
    import httpx
    import psutil

    from api.core.embedded import EmbeddedTemporal, _terminate, child_env, free_port, wait_for_port

    with embedded_stack("import") as stack:
        temporal = EmbeddedTemporal(Path(tempfile.mkdtemp(prefix="bench-temporal-")), port=free_port(), headless=True)
        address = temporal.start()
        port = free_port()
        env = child_env(DATABASE_URL=stack.database_url, REDIS_URL=stack.redis_url, TEMPORAL_ADDRESS=address,
                        DATA_DIR=os.environ["DATA_DIR"], WORKER_HEALTH_PORT=str(free_port()),
                        WORKER_METRICS_PORT="0", WORKER_SDK_METRICS_PORT="0",
                        IMPORT_INLINE_ROWS="0")  # every file through the worker, so its steps are the worker's
        procs = [subprocess.Popen([sys.executable, "-m", "worker"], env=env, stderr=subprocess.DEVNULL),
                 subprocess.Popen([sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory", "--port",
                                   str(port), "--log-level", "warning"], env=env)]
        try:
            wait_for_port(port, 60, "API", procs[1])
            data = workbook(stack.database_url, rows)
            worker, api = psutil.Process(procs[0].pid), psutil.Process(procs[1].pid)
            measured: list[tuple[str, float, float, float, float, float, float]] = []

            def step(name: str, call: Callable[[], Any]) -> Any:
                api_before, worker_before = api.memory_info().rss / MB, worker.memory_info().rss / MB
                start = time.perf_counter()
                with Peak(lambda: api.memory_info().rss / MB) as api_peak, \
                        Peak(lambda: worker.memory_info().rss / MB) as worker_peak:
                    answer = call()
                measured.append((name, time.perf_counter() - start, api_before, api_peak.mb, worker_before,
                                 worker_peak.mb, 0))
                return answer

            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=600) as client:
                headers = bearer(client, "admin")

                def until(job_id: int, status: str) -> dict[str, Any]:
                    while True:
                        job = client.get(f"/api/imports/{job_id}", headers=headers).json()["results"]
                        if job["status"] == status:
                            return job  # type: ignore[no-any-return]
                        time.sleep(0.5)

                def upload(sent: bytes = data) -> dict[str, Any]:
                    r = client.post("/api/imports", data={"kind": "leads"}, headers=headers,
                                    files={"file": ("leads.xlsx", sent)})
                    assert r.status_code == 200, r.text
                    return r.json()["results"]  # type: ignore[no-any-return]

                # the API loads openpyxl at its first upload (about 15 MB): apart, so the next step is the rows' own
                step("first upload (10 rows)", lambda: upload(workbook(stack.database_url, 10)))
                job = step("upload (read in the request)", upload)
                assert job["totalRows"] == rows, job["totalRows"]

                def dry() -> dict[str, Any]:
                    r = client.post(f"/api/imports/{job['id']}/dry-run", headers=headers,
                                    json={"mapping": job["mapping"], "matchOn": job["matchOn"]})
                    assert r.status_code == 200, r.text
                    return until(job["id"], "CHECKED")

                checked = step("dry run (worker)", dry)
                assert checked["dryRun"]["done"] == rows

                def run() -> dict[str, Any]:
                    r = client.post(f"/api/imports/{job['id']}/confirm", headers=headers)
                    assert r.status_code == 200, r.text
                    return until(job["id"], "DONE")

                done = step("run (worker)", run)
                result = step("result workbook (in the request)",
                              lambda: client.get(f"/api/imports/{job['id']}/result", headers=headers))
                assert result.status_code == 200
        finally:
            for p in procs:
                _terminate(p)
            temporal.stop()
    print(f"\nLeads import, {rows:,} rows ({len(data) / MB:.1f} MB workbook), one API process and one worker "
          f"(2-core machine); RSS in MB before and at most during each step (sampled every 5 ms)")
    print(f"{'step':<36}{'seconds':>9}{'rows/s':>9}{'API':>8}{'peak':>8}{'+MB':>7}{'worker':>8}{'peak':>8}{'+MB':>7}")
    for name, seconds, a0, a1, w0, w1, _ in measured:
        count = 10 if name.startswith("first") else rows
        print(f"{name:<36}{seconds:>9.1f}{count / seconds:>9.0f}{a0:>8.0f}{a1:>8.0f}{a1 - a0:>7.0f}{w0:>8.0f}"
              f"{w1:>8.0f}{w1 - w0:>7.0f}")
    print(f"dry run counts {checked['dryRun']['counts']}; run counts {done['run']['counts']}; "
          f"result workbook {len(result.content) / MB:.1f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50_000)
