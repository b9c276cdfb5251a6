"""A Redis or PostgreSQL outage under load: every call answers 503 with Retry-After and a message that says to try
again (never 500), `/api/ready` names the one that is down, and once it is back everything answers again, with no
decision sent meanwhile lost or applied twice.

Redis is frozen (SIGSTOP: it holds its connections and answers nothing, as in a hang or a failover); PostgreSQL
refuses the app's database (its connections ended, new ones refused), as in a restart."""

from __future__ import annotations

import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import psutil
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from api.core.errors import RETRY_AFTER_SECONDS, UNAVAILABLE
from tests.conftest import Services, auth
from tests.integration.approvals.conftest import lead as lead
from tests.integration.approvals.test_approvals import request_hold, wait_for

pytestmark = pytest.mark.usefixtures("worker")
OUTAGE_SECONDS = 15


def _redis_process(services: Services) -> psutil.Process:
    port = urlsplit(services.redis_url).port
    for conn in psutil.net_connections(kind="tcp"):
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == port and conn.pid:
            return psutil.Process(conn.pid)
    raise AssertionError(f"no process listens on Redis's port {port}")


@contextmanager
def redis_frozen(services: Services) -> Iterator[None]:
    process = _redis_process(services)
    process.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        process.send_signal(signal.SIGCONT)


@contextmanager
def database_refused(database_url: str) -> Iterator[None]:
    name = urlsplit(database_url).path.lstrip("/")
    admin = create_engine(database_url.replace(f"/{name}", "/postgres", 1), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
        conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name "
                          "AND pid <> pg_backend_pid()"), {"name": name})
    try:
        yield
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        admin.dispose()


class Load:
    """Three callers asking for signed-in pages in a loop, each on its own client of the app; every answer kept."""

    def __init__(self, live: TestClient, headers: dict[str, str]):
        self.answers: list[tuple[float, int, dict[str, Any], str]] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(TestClient(live.app, raise_server_exceptions=False),
                                                                 headers, path), daemon=True)
                        for path in ("/api/leads", "/api/approval", "/api/notification/limited")]

    def _run(self, client: TestClient, headers: dict[str, str], path: str) -> None:
        while not self.stop.is_set():
            r = client.get(path, headers=headers)
            body = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
            self.answers.append((time.monotonic(), r.status_code, body, r.headers.get("retry-after", "")))
            time.sleep(0.05)

    def __enter__(self) -> Load:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=30)


def _outage(live: TestClient, lead: dict[str, Any], down: Callable[[], Any], dependency: str) -> None:
    approval_id = request_hold(live, lead["id"]).json()["results"]["approvalId"]
    approver = auth(live, "approver1")
    wait_for(lambda: any(q["approvalId"] == approval_id for q in
                         live.get("/api/approval", headers=approver).json()["results"]["data"]))
    url = f"/api/approval/{approval_id}/handle-hold"
    with Load(live, auth(live, "admin")) as load:
        time.sleep(0.5)
        with down():
            started = time.monotonic()
            during = live.put(url, json={"approversAction": "APPROVED", "note": "during"}, headers=approver)
            ready = live.get("/api/ready")
            time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - started)))
        ended = time.monotonic()
        back = wait_for(lambda: (r := live.get("/api/leads", headers=auth(live, "admin"))).status_code == 200 and r,
                        timeout=30)
        time.sleep(1)
    assert back.status_code == 200
    assert during.status_code == 503, during.text
    assert during.json() == {"messages": [UNAVAILABLE[dependency]], "type": "Unavailable", "dependency": dependency}
    assert during.headers["retry-after"] == str(RETRY_AFTER_SECONDS)
    assert ready.status_code == 503 and dependency in str(ready.json()["failed"]).lower().replace("postgresql",
                                                                                                  "database")
    codes = Counter(code for _, code, _, _ in load.answers)
    assert codes[500] == 0 and set(codes) <= {200, 503}, codes
    assert codes[503] > 0 and codes[200] > 0
    assert all(retry == str(RETRY_AFTER_SECONDS) and body["type"] == "Unavailable"
               for _, code, body, retry in load.answers if code == 503)
    assert all(code == 200 for at, code, _, _ in load.answers if at > ended + 10), "not recovered"
    # the decision sent during the outage was not applied: sent again, it is applied once
    again = live.put(url, json={"approversAction": "APPROVED", "note": "after"}, headers=auth(live, "approver1"))
    assert again.status_code == 200, again.text
    with live.app.state.session_factory() as session:  # type: ignore[attr-defined]
        notes = session.execute(text("SELECT note FROM approval_decisions WHERE request_id = :id"),
                                {"id": approval_id}).scalars().all()
    assert notes == ["after"]


def test_a_redis_outage_answers_503_and_recovers(live: TestClient, lead: dict[str, Any], services: Services) -> None:
    _outage(live, lead, lambda: redis_frozen(services), "redis")


def test_a_database_outage_answers_503_and_recovers(live: TestClient, lead: dict[str, Any],
                                                    database_url: str) -> None:
    _outage(live, lead, lambda: database_refused(database_url), "database")


