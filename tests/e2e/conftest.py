"""Browser journeys: the real product (uvicorn serving the built front end, a worker process) in headless
Chromium, against the session's embedded services, in its own database, Redis db and task queue."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from api.core.embedded import _terminate, child_env, free_port
from tests.conftest import ROOT, TEST_DATA, Services

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"


@dataclass
class LiveServer:
    url: str
    data_dir: Path
    database_url: str
    temporal_address: str
    task_queue: str

    @property
    def outbox(self) -> Path:
        return self.data_dir / "outbox"


E2E_QUEUE = "crm-e2e"


@pytest.fixture(scope="session")
def live_server(services: Services) -> Iterator[LiveServer]:
    # FRONTEND_DIST lets a session serve its own build (vite build --outDir ...) beside another one
    dist_dir = Path(os.environ.get("FRONTEND_DIST") or ROOT / "frontend" / "dist")
    dist = dist_dir / "index.html"
    if not dist.is_file():
        pytest.fail("the front end is not built: run `make build` (make test does it)")
    database_url = services.database("crm_e2e")
    data_dir = TEST_DATA / "e2e-data"
    shutil.rmtree(data_dir, ignore_errors=True)
    port = free_port()
    env = child_env(DATABASE_URL=database_url, REDIS_URL=services.redis_url.rsplit("/", 1)[0] + "/1",
                    TEMPORAL_ADDRESS=services.temporal_address, TEMPORAL_TASK_QUEUE=E2E_QUEUE,
                    DATA_DIR=str(data_dir), JWT_SECRET="e2e-secret-" + "z" * 40, PORT=str(port),
                    APP_URL=f"http://127.0.0.1:{port}", FRONTEND_DIST=str(dist_dir))
    logs = (TEST_DATA / "e2e-server.log").open("wb")
    worker = subprocess.Popen([sys.executable, "-m", "worker"], env=env, stdout=logs, stderr=subprocess.STDOUT,
                              cwd=ROOT)
    api = subprocess.Popen([sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory", "--host",
                            "127.0.0.1", "--port", str(port)], env=env, stdout=logs, stderr=subprocess.STDOUT,
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
                pytest.fail(f"the API did not start; see {TEST_DATA / 'e2e-server.log'}")
            time.sleep(0.3)
    try:
        yield LiveServer(url=url, data_dir=data_dir, database_url=database_url,
                         temporal_address=services.temporal_address, task_queue=E2E_QUEUE)
    finally:
        _terminate(api)
        _terminate(worker)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--disable-quic"],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
