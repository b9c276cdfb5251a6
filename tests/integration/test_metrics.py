"""Metrics (README "Operations"): the API's at GET /api/metrics (by route template, behind METRICS_TOKEN when set,
refused by nginx from outside), the worker's own on WORKER_METRICS_PORT and the Temporal SDK's on
WORKER_SDK_METRICS_PORT; the approval counters move with one approval: requested, decided, applied."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import urllib.request
from typing import Any

import psutil
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from api.core.config import Settings
from api.core.embedded import free_port
from api.main import create_app
from tests import sealed
from tests.conftest import ROOT, Services, auth, run_async
from tests.integration.approvals.conftest import lead  # noqa: F401  (fixture)
from tests.integration.approvals.test_approvals import queue, request_hold, wait_for
from worker import telemetry
from worker.main import build_worker


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of a Prometheus text page, by name and labels."""
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(page: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return page.get((name, frozenset(labels.items())), 0.0)


def api_metrics(client: TestClient) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    r = client.get("/api/metrics")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return samples(r.text)


def fetch(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        return str(answer.read().decode())


class TestApiMetrics:
    def test_requests_are_counted_by_route_template_with_pools_and_streams(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        before = api_metrics(client)
        assert client.get("/api/leads/987654", headers=headers).status_code == 404
        assert client.get("/api/leads/987655", headers=headers).status_code == 404
        r = client.get("/api/metrics")
        page = samples(r.text)
        route = "/api/leads/{lead_id}"
        labels = {"route": route, "method": "GET", "status": "404"}
        assert value(page, "crm_http_requests_total", **labels) == value(before, "crm_http_requests_total",
                                                                          **labels) + 2
        assert value(page, "crm_http_request_duration_seconds_count", route=route, method="GET") >= 2
        assert "987654" not in r.text  # the template, never the raw path
        assert value(page, "crm_db_pool_size", pool="api") >= 10  # this app's engine: pool_size 10
        assert value(page, "crm_db_pool_max", pool="api") >= 30
        assert ("crm_notification_streams_open", frozenset()) in page
        assert ("crm_approval_reminders_total", frozenset()) in page  # issue 17's reminders increment it

    def test_a_metrics_token_is_required_when_set(self, settings: Settings) -> None:
        guarded = TestClient(create_app(settings.model_copy(update={"metrics_token": "scrape-" + "k" * 30})))
        refused = guarded.get("/api/metrics")
        assert refused.status_code == 401
        assert refused.json()["type"] == "Unauthorized" and refused.headers["www-authenticate"] == "Bearer"
        assert guarded.get("/api/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert guarded.get("/api/metrics", headers={"Authorization": "scrape-" + "k" * 30}).status_code == 401
        ok = guarded.get("/api/metrics", headers={"Authorization": "Bearer scrape-" + "k" * 30})
        assert ok.status_code == 200 and "crm_http_requests_total" in ok.text

    def test_nginx_refuses_the_metrics_path_from_outside(self) -> None:
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        block = re.search(r"location = /api/metrics \{(.*?)\}", conf, re.S)
        assert block is not None, "deploy/nginx.conf has no exact location for /api/metrics"
        assert re.search(r"\b(deny all|return 404);", block.group(1))
        assert "proxy_pass" not in block.group(1)


@pytest.mark.usefixtures("worker")
def test_one_approval_moves_the_approval_counters(live: TestClient, lead: dict[str, Any],  # noqa: F811
                                                  settings: Settings) -> None:
    port = free_port()
    # the worker process's own endpoint (in this process the worker fixture's activities count into the same
    # registry it serves)
    telemetry.install(settings.model_copy(update={"worker_metrics_port": port, "worker_sdk_metrics_port": 0}))
    # on this host only (WORKER_HOST's default), as the API: nothing else on the network reads it
    listening = {c.laddr.ip for c in psutil.net_connections(kind="tcp") if c.laddr and c.laddr.port == port
                 and c.status == psutil.CONN_LISTEN}
    assert listening == {"127.0.0.1"}
    before_api, before_worker = api_metrics(live), samples(fetch(port))

    r = request_hold(live, lead["id"])
    assert r.status_code == 200, r.text
    approval_id = r.json()["results"]["approvalId"]
    requested = api_metrics(live)
    assert value(requested, "crm_approvals_requested_total", request_type="HOLD_LEAD") == \
        value(before_api, "crm_approvals_requested_total", request_type="HOLD_LEAD") + 1

    wait_for(lambda: any(q["approvalId"] == approval_id for q in queue(live, "approver1")))  # queued by the worker
    d = live.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                 headers=auth(live, "approver1"))
    assert d.status_code == 200, d.text
    decided = api_metrics(live)
    assert value(decided, "crm_approvals_decided_total", action="APPROVED") == \
        value(before_api, "crm_approvals_decided_total", action="APPROVED") + 1

    applied = ("crm_approvals_applied_total", {"request_type": "HOLD_LEAD", "status": "APPROVED"})
    wait_for(lambda: value(samples(fetch(port)), applied[0], **applied[1]) ==
             value(before_worker, applied[0], **applied[1]) + 1)
    assert value(samples(fetch(port)), "crm_db_pool_size", pool="worker") > 0


def test_the_worker_serves_the_temporal_sdk_metrics(services: Services) -> None:
    port = free_port()
    runtime = telemetry.sdk_runtime(f"127.0.0.1:{port}")

    async def main() -> str:
        client = await sealed.connect(services.temporal_address, runtime=runtime)
        with concurrent.futures.ThreadPoolExecutor(2) as executor:
            async with build_worker(client, "crm-sdk-metrics", executor):
                # the worker reports its slots once it polls
                for _ in range(100):
                    text = await asyncio.to_thread(fetch, port)
                    if "temporal_worker_task_slots_available" in text:
                        return text
                    await asyncio.sleep(0.1)
        return await asyncio.to_thread(fetch, port)

    text = run_async(main())
    names = {family.name for family in text_string_to_metric_families(text)}
    assert "temporal_request" in names  # the client's calls (counters end in _total)
    assert "temporal_worker_task_slots_available" in names

