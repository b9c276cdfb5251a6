"""Stopping the API: `python -m api.serve` told SIGTERM with a realtime connection open (the bell's notification
stream) ends it at once, telling the browser to reconnect (1012), finishes and exits cleanly long before its
graceful timeout (which the connection alone would have held it to)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from api.core.config import Settings
from api.core.embedded import _terminate, child_env, free_port
from tests.conftest import DEMO_PASSWORD, ROOT, TEST_DATA
from tests.live import wait_started
from tests.sockets import next_event, signed_in

GRACE = 60  # API_SHUTDOWN_SECONDS: what an open stream would hold the stop to


def test_an_open_realtime_connection_does_not_hold_the_stop(settings: Settings) -> None:
    port = free_port()
    log = TEST_DATA / "graceful-api.log"
    env = child_env(DATABASE_URL=settings.database_url or "", REDIS_URL=settings.redis_url or "",
                    TEMPORAL_ADDRESS=settings.temporal_address or "", JWT_SECRET=os.environ["JWT_SECRET"],
                    DATA_DIR=str(settings.data_dir), HOST="127.0.0.1", PORT=str(port),
                    API_SHUTDOWN_SECONDS=str(GRACE))
    with log.open("wb") as out:
        api = subprocess.Popen([sys.executable, "-m", "api.serve"], env=env, stdout=out, stderr=subprocess.STDOUT,
                               cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_started(api, url, log)
        with httpx.Client(base_url=url, timeout=GRACE + 30) as http:
            login = http.post("/api/auth/login", json={"username": "sales1", "password": DEMO_PASSWORD})
            assert login.status_code == 200, login.text
            with signed_in(url, login.json()["results"]["token"]) as ws:
                told = time.monotonic()
                api.send_signal(signal.SIGTERM)
                rest: list[str] = []
                while (event := next_event(ws, GRACE + 30)) != "closed":  # returns once the server ends it
                    rest.append(event)
                code_sent = ws.close_code
            ended = time.monotonic() - told
        code = api.wait(GRACE + 30)
        stopped = time.monotonic() - told
    finally:
        _terminate(api)
    assert "notification" not in rest
    assert code_sent == 1012  # service restart: the browser reconnects, to another process
    # uvicorn exits by the signal it was told once it has shut down (what a process manager expects)
    assert code in (0, -signal.SIGTERM), log.read_text()[-2000:]
    # ended by the app when told to stop, not cancelled by the server at its graceful timeout
    assert ended < GRACE and stopped < GRACE, (ended, stopped)
    assert "Finished server process" in log.read_text()
