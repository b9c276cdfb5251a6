"""Cold start: how long the API and the worker take from their process's start until they serve.

Starts embedded PostgreSQL (migrated and seeded), Redis and Temporal once, in a scratch directory, then starts the
API (`python -m api.serve`) N times and the worker (`python -m worker`) N times, one process at a time, as `make run`
and the production image start them. Prints min, median and max seconds from the process's start to
- the API's first 200 of `GET /api/health` (uvicorn answers only once the app is built and its lifespan has
  connected to PostgreSQL, Redis and Temporal and loaded the Casbin policy), and right after it the first answer of
  the router the app matches last (`GET /api/holidays` signed out: 401: nothing of the app is left to make then;
  the app adds its routers' routes as they are, none is copied on a first call: api/core/routing.py), and
- the worker's first poll: Temporal's `describe_task_queue` lists a poller of the queue with the worker's identity
  (`<pid>@<host>`), so the poll has reached the server;
and the CPU seconds the process had used by then (this machine is shared: wall time moves with the others' load,
CPU time much less). The modules' bytecode is written first, as `make run` and the image's build write it
(api/core/startup.py); the first start of each is a warm-up, not counted. Goals: API within 2 s, worker within 3 s.
Run: `make bench` (or `.venv/bin/python bench/cold_start.py [N]`).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psutil
from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client

from bench.common import ROOT, embedded_stack

TIMEOUT = 90.0
QUEUE = "crm-cold-start"


def cpu_seconds(proc: subprocess.Popen[bytes]) -> float:
    times = psutil.Process(proc.pid).cpu_times()
    return float(times.user + times.system)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def started(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def failed(what: str, log: Path) -> RuntimeError:
    tail = "\n".join(log.read_text(errors="replace").splitlines()[-20:])
    return RuntimeError(f"{what}; the end of {log}:\n{tail}")


def api_start(env: dict[str, str], log: Path) -> tuple[tuple[float, float], tuple[float, float]]:
    """Seconds from the API's start to its first 200 of /api/health and to its first answer of the last router, each
    with the CPU seconds it had used by then."""
    from api.core.embedded import free_port

    port = free_port()
    base = f"http://127.0.0.1:{port}/api"
    begin = time.perf_counter()
    proc = started(["-m", "api.serve"], {**env, "PORT": str(port)}, log)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"{base}/health", timeout=2) as answer:
                    if answer.status == 200:
                        health = time.perf_counter() - begin, cpu_seconds(proc)
                        break
            except OSError:
                pass
            if proc.poll() is not None:
                raise failed("the API exited", log)
            if time.perf_counter() - begin > TIMEOUT:
                raise failed("the API did not answer", log)
            time.sleep(0.01)
        try:
            urllib.request.urlopen(f"{base}/holidays", timeout=30)
            raise failed("GET /api/holidays answered signed out", log)
        except urllib.error.HTTPError as exc:
            if exc.code != 401:
                raise failed(f"GET /api/holidays answered {exc.code}", log) from exc
        return health, (time.perf_counter() - begin, cpu_seconds(proc))
    finally:
        stop(proc)


async def polls(client: Client, identity: str) -> bool:
    """Whether the queue's workflow pollers include one of this identity."""
    described = await client.workflow_service.describe_task_queue(DescribeTaskQueueRequest(
        namespace=client.namespace, task_queue=TaskQueue(name=QUEUE),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW))
    return any(p.identity == identity for p in described.pollers)


async def worker_start(client: Client, env: dict[str, str], log: Path) -> tuple[float, float]:
    """Seconds from the worker's start to its first poll reaching Temporal, and its CPU seconds by then."""
    begin = time.perf_counter()
    proc = started(["-m", "worker"], env, log)
    identity = f"{proc.pid}@{socket.gethostname()}"  # the SDK's default identity of the worker's client
    try:
        while not await polls(client, identity):
            if proc.poll() is not None:
                raise failed("the worker exited", log)
            if time.perf_counter() - begin > TIMEOUT:
                raise failed("the worker did not poll", log)
            await asyncio.sleep(0.01)
        return time.perf_counter() - begin, cpu_seconds(proc)
    finally:
        stop(proc)


def row(name: str, runs: list[tuple[float, float]]) -> str:
    wall = [w for w, _ in runs]
    cpu = statistics.median(c for _, c in runs)
    return f"{name:<40}{min(wall):>8.2f}{statistics.median(wall):>8.2f}{max(wall):>8.2f}{cpu:>12.2f}"


def main(n: int) -> None:
    from api.core.embedded import EmbeddedTemporal, child_env, free_port
    from api.core.startup import compile_sources

    compile_sources()
    with embedded_stack("cold_start"):
        scratch = Path(tempfile.mkdtemp(prefix="bench-cold-start-"))
        temporal = EmbeddedTemporal(scratch / "temporal", port=free_port(), headless=True)
        address = temporal.start()
        try:
            # the services' ports are free ones (others may run the CRM on this machine); the rest as `make run`
            env = child_env(TEMPORAL_ADDRESS=address, TEMPORAL_TASK_QUEUE=QUEUE, HOST="127.0.0.1",
                            WORKER_HEALTH_PORT=str(free_port()), WORKER_METRICS_PORT=str(free_port()),
                            WORKER_SDK_METRICS_PORT=str(free_port()), DATA_DIR=os.environ["DATA_DIR"])
            env.pop("OTEL_EXPORTER_OTLP_ENDPOINT", None)
            log = scratch / "processes.log"

            async def workers() -> list[tuple[float, float]]:
                client = await Client.connect(address)
                return [await worker_start(client, env, log) for _ in range(n + 1)][1:]

            api = [api_start(env, log) for _ in range(n + 1)][1:]
            worker = asyncio.run(workers())
        finally:
            temporal.stop()
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"\nCold start, {n} starts each after a warm-up (2-core machine, "
          f"load average {os.getloadavg()[0]:.1f} at the end)")
    print(f"{'seconds from the process start to':<40}{'min':>8}{'median':>8}{'max':>8}{'CPU median':>12}")
    print(row("API: first 200 of GET /api/health", [health for health, _ in api]))
    print(row("API: first answer of its last router", [last for _, last in api]))
    print(row("worker: first poll of its task queue", worker))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
