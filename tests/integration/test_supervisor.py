"""`make run`'s supervisor, for real: its own data directory, ports and embedded services, the demo seed, the
worker and the API. Every port they open listens on this host only (loopback); a worker killed with SIGKILL is started
again (and the log says so); SIGINT (Ctrl-C) then stops every process it started, the embedded services included."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

from api.core.embedded import free_port, port_open
from tests.conftest import ROOT, TEST_DATA

# settings the test session may have put in the environment; the supervisor must start its own services instead
SHARED = ("DATABASE_URL", "REDIS_URL", "TEMPORAL_ADDRESS", "TEMPORAL_UI_URL", "JWT_SECRET")


@dataclass
class Run:
    proc: subprocess.Popen[bytes]
    log: Path
    port: int
    data_dir: Path
    service_ports: dict[str, int]  # the embedded Redis's, Temporal's and its UI's, the worker's health and metrics

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until(self, what: str, done: Callable[[], bool], timeout: float = 120) -> None:
        """Poll until done() or the supervisor exits; the timeout only keeps a broken run from hanging CI."""
        deadline = time.monotonic() + timeout
        while not done():
            assert self.proc.poll() is None, f"the supervisor exited ({self.proc.returncode}):\n{self.text()[-3000:]}"
            assert time.monotonic() < deadline, f"no {what}:\n{self.text()[-3000:]}"
            time.sleep(0.2)

    def children(self, marker: str) -> list[psutil.Process]:
        """The supervisor's running children whose command line has marker ("worker", "api.serve")."""
        found = []
        for child in psutil.Process(self.proc.pid).children():
            try:
                if marker in child.cmdline() and not _gone(child):
                    found.append(child)
            except psutil.NoSuchProcess:  # exited between the two calls
                continue
        return found

    def listening(self) -> dict[tuple[str, int], str]:
        """Every TCP address a process of the run listens on, and that process's name (PostgreSQL listens on a Unix
        socket only)."""
        found = {}
        for proc in self.processes():
            with contextlib.suppress(psutil.NoSuchProcess):
                for c in proc.net_connections(kind="inet"):
                    if c.status == psutil.CONN_LISTEN:
                        found[(c.laddr.ip, c.laddr.port)] = proc.name()
        return found

    def processes(self) -> list[psutil.Process]:
        """Every process the run started: its children (worker, API, Redis, Temporal) and the PostgreSQL server."""
        found = psutil.Process(self.proc.pid).children(recursive=True)
        pid_file = self.data_dir / "postgres" / "postmaster.pid"
        if pid_file.exists():
            found.append(psutil.Process(int(pid_file.read_text().split()[0])))
        return found


def _gone(proc: psutil.Process) -> bool:
    try:
        return not proc.is_running() or proc.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


@pytest.fixture
def run() -> Iterator[Run]:
    data_dir = TEST_DATA / f"supervisor-{uuid.uuid4().hex[:6]}"
    data_dir.mkdir(parents=True)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in SHARED}
    service_ports = {name: free_port() for name in ("EMBEDDED_REDIS_PORT", "EMBEDDED_TEMPORAL_PORT",
                                                    "EMBEDDED_TEMPORAL_UI_PORT", "WORKER_HEALTH_PORT",
                                                    "WORKER_METRICS_PORT", "WORKER_SDK_METRICS_PORT")}
    env.update(DATA_DIR=str(data_dir), PORT=str(port), **{name: str(p) for name, p in service_ports.items()})
    log = data_dir / "run.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "api.run"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    started = Run(proc=proc, log=log, port=port, data_dir=data_dir, service_ports=service_ports)
    leftovers: list[psutil.Process] = []
    try:
        yield started
    finally:
        if proc.poll() is None:  # the test failed half-way: leave nothing running
            leftovers = started.processes()
            proc.kill()
            proc.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # Redis and Temporal share its group
        for p in leftovers:
            if not _gone(p):
                p.kill()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_killed_worker_is_restarted_and_ctrl_c_stops_everything(run: Run) -> None:
    run.wait_until("start", lambda: "Pipeline CRM is running" in run.text()
                   and run.text().count("worker polling task queue") == 1)
    [worker] = run.children("worker")
    [api] = run.children("api.serve")

    # nothing of `make run` is reachable from another machine: the API (HOST), the worker's health and metrics ports
    # (WORKER_HOST), Redis, Temporal with its UI and its own ports; PostgreSQL has no TCP port at all
    listening = run.listening()
    assert {run.port, *run.service_ports.values()} <= {port for _, port in listening}, listening
    assert all(ipaddress.ip_address(ip).is_loopback for ip, _ in listening), listening

    worker.send_signal(signal.SIGKILL)

    run.wait_until("restarted worker", lambda: run.text().count("worker polling task queue") == 2)
    assert "worker exited with code -9; restarting in 1 s" in run.text()
    [restarted] = run.children("worker")
    assert restarted.pid != worker.pid
    # the rest of the product stayed up: the same API process answers
    assert [p.pid for p in run.children("api.serve")] == [api.pid]
    with urllib.request.urlopen(f"http://127.0.0.1:{run.port}/api/health", timeout=10) as answer:
        assert answer.status == 200

    started = run.processes()
    names = {p.name() for p in started}
    assert {"redis-server", "temporal", "postgres"} <= names, names
    run.proc.send_signal(signal.SIGINT)
    assert run.proc.wait(60) == 0
    assert "Stopped." in run.text()
    deadline = time.monotonic() + 30
    while not all(_gone(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert [p for p in started if not _gone(p)] == []
    assert not port_open(run.port)
    assert "restarting" not in run.text().split("Stopping...")[-1]  # nothing was restarted on the way out
