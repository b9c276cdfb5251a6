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


@contextmanager
def live_server(services: Services, name: str, *, redis_db: int, **env: str) -> Iterator[LiveServer]:
    """Database `crm_<name>` (migrated and seeded), Redis db `redis_db`, task queue `crm-<name>`."""
    queue = f"crm-{name}"
    database_url = services.database(f"crm_{name}", task_queue=queue)
    data_dir = TEST_DATA / f"{name}-data"
    shutil.rmtree(data_dir, ignore_errors=True)
    port = free_port()
    child = child_env(DATABASE_URL=database_url, REDIS_URL=services.redis_url.rsplit("/", 1)[0] + f"/{redis_db}",
                      TEMPORAL_ADDRESS=services.temporal_address, TEMPORAL_TASK_QUEUE=queue,
                      DATA_DIR=str(data_dir), JWT_SECRET=f"{name}-secret-" + "z" * 40, PORT=str(port),
                      APP_URL=f"http://127.0.0.1:{port}", HOST="127.0.0.1", WORKER_HEALTH_PORT=str(free_port()),
                      WORKER_METRICS_PORT="0", WORKER_SDK_METRICS_PORT="0", **env)
    log = TEST_DATA / f"{name}-server.log"
    logs = log.open("wb")
    worker = subprocess.Popen([sys.executable, "-m", "worker"], env=child, stdout=logs, stderr=subprocess.STDOUT,
                              cwd=ROOT)
    api = subprocess.Popen([sys.executable, "-m", "api.serve"], env=child, stdout=logs, stderr=subprocess.STDOUT,
                           cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/health", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline or api.poll() is not None:
                _terminate(api)
                _terminate(worker)
                pytest.fail(f"the API did not start; see {log}")
            time.sleep(0.3)
    try:
        yield LiveServer(url=url, data_dir=data_dir, database_url=database_url,
                         temporal_address=services.temporal_address, task_queue=queue, log=log)
    finally:
        _terminate(api)
        _terminate(worker)
        logs.close()
