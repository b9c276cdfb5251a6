"""The real product as separate processes (uvicorn and a worker) against the session's embedded services, in its
own database, Redis db, task queue and data folder: what the browser journeys and the fuzzer talk to."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from api.core.embedded import _terminate, child_env, free_port
from tests.conftest import ROOT, TEST_DATA, Services


@dataclass
class LiveServer:
    url: str
    data_dir: Path
    database_url: str
    temporal_address: str
    task_queue: str
    log: Path

    @property
    def outbox(self) -> Path:
        return self.data_dir / "outbox"


def _api_env(services: Services, *, name: str, database_url: str, redis_db: int, data_dir: Path, port: int,
             **env: str) -> dict[str, str]:
    return child_env(DATABASE_URL=database_url, REDIS_URL=services.redis_url.rsplit("/", 1)[0] + f"/{redis_db}",
                     TEMPORAL_ADDRESS=services.temporal_address, TEMPORAL_TASK_QUEUE=f"crm-{name}",
                     DATA_DIR=str(data_dir), JWT_SECRET=f"{name}-secret-" + "z" * 40, PORT=str(port),
                     APP_URL=f"http://127.0.0.1:{port}", HOST="127.0.0.1", WORKER_HEALTH_PORT=str(free_port()),
                     WORKER_METRICS_PORT="0", WORKER_SDK_METRICS_PORT="0", **env)


def wait_started(api: subprocess.Popen[bytes], url: str, log: Path) -> None:
    """Until the API answers /api/health (60 s at most; it fails the test, naming its log, if it exits first)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/health", timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline or api.poll() is not None:
                _terminate(api)
                pytest.fail(f"the API did not start; see {log}")
            time.sleep(0.3)


@contextmanager
def live_server(services: Services, name: str, *, redis_db: int, **env: str) -> Iterator[LiveServer]:
    """Database `crm_<name>` (migrated and seeded), Redis db `redis_db`, task queue `crm-<name>`."""
    queue = f"crm-{name}"
    data_dir = TEST_DATA / f"{name}-data"
    shutil.rmtree(data_dir, ignore_errors=True)
    database_url = services.database(f"crm_{name}", task_queue=queue, data_dir=data_dir)
    port = free_port()
    child = _api_env(services, name=name, database_url=database_url, redis_db=redis_db, data_dir=data_dir,
                     port=port, **env)
    log = TEST_DATA / f"{name}-server.log"
    logs = log.open("wb")
    worker = subprocess.Popen([sys.executable, "-m", "worker"], env=child, stdout=logs, stderr=subprocess.STDOUT,
                              cwd=ROOT)
    api = subprocess.Popen([sys.executable, "-m", "api.serve"], env=child, stdout=logs, stderr=subprocess.STDOUT,
                           cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_started(api, url, log)
    except BaseException:
        _terminate(worker)
        raise
    try:
        yield LiveServer(url=url, data_dir=data_dir, database_url=database_url,
                         temporal_address=services.temporal_address, task_queue=queue, log=log)
    finally:
        _terminate(api)
        _terminate(worker)
        logs.close()


@dataclass
class ApiProcess:
    url: str
    process: subprocess.Popen[bytes]


@contextmanager
def api_processes(services: Services, name: str, count: int, *, redis_db: int,
                  **env: str) -> Iterator[list[ApiProcess]]:
    """`count` API processes (no worker) sharing one database `crm_<name>` and Redis db `redis_db`: what a
    deployment with several API processes behind a balancer is."""
    data_dir = TEST_DATA / f"{name}-data"
    shutil.rmtree(data_dir, ignore_errors=True)
    database_url = services.database(f"crm_{name}", task_queue=f"crm-{name}", data_dir=data_dir)
    log = TEST_DATA / f"{name}-servers.log"
    started: list[ApiProcess] = []
    with log.open("wb") as logs:
        try:
            for _ in range(count):
                port = free_port()
                child = _api_env(services, name=name, database_url=database_url, redis_db=redis_db,
                                 data_dir=data_dir, port=port, **env)
                api = subprocess.Popen([sys.executable, "-m", "api.serve"], env=child, stdout=logs,
                                       stderr=subprocess.STDOUT, cwd=ROOT)
                started.append(ApiProcess(url=f"http://127.0.0.1:{port}", process=api))
            for one in started:
                wait_started(one.process, one.url, log)
            yield started
        finally:
            for one in started:
                _terminate(one.process)
