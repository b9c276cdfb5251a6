"""Traces (README "Operations"): one approval decision is one trace, from the approver's HTTP call through the
Temporal client's update, the workflow and its activity, to the activity's SQL that applies the outcome to the lead.
The API and a worker run here in one process with tracing on (an in-memory exporter in place of OTLP), each with its
own Temporal client, so the trace crosses Temporal as it does between two processes: in the update's headers."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from sqlalchemy import delete

from api.core import tracing
from api.core.config import Settings
from api.leads.models import Lead
from api.main import create_app
from api.notifications.models import Notification
from tests import sealed
from tests.conftest import Services, auth
from tests.integration.approvals.test_approvals import request_hold, wait_for
from worker.main import build_worker
from workflows.activities.db import sessions

TASK_QUEUE = "crm-traced"


@pytest.fixture
def spans(settings: Settings) -> Iterator[InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    assert tracing.configure(settings, "crm-test", exporter=exporter)
    # the activities' engine may have been made (untraced) by an earlier test's worker in this process
    tracing.instrument_engine(sessions().kw["bind"])
    yield exporter
    tracing.shutdown()


@pytest.fixture
def traced_worker(services: Services, spans: InMemorySpanExporter) -> Iterator[None]:
    """A worker of its own task queue, built while tracing is on (Temporal's tracing interceptor on it)."""
    ready, stop = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    async def main() -> None:
        client = await sealed.connect(services.temporal_address)  # plain: build_worker adds the interceptor
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as executor:
            async with build_worker(client, TASK_QUEUE, executor):
                ready.set()
                while not stop.is_set():
                    await asyncio.sleep(0.05)

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced below
            errors.append(exc)
            ready.set()

    thread = threading.Thread(target=run, name="traced-worker", daemon=True)
    thread.start()
    ready.wait(60)
    if errors:
        raise errors[0]
    yield
    stop.set()
    thread.join(30)


@pytest.fixture
def traced_api(settings: Settings, spans: InMemorySpanExporter, traced_worker: None) -> Iterator[TestClient]:
    """The API made while tracing is on: server spans, its engine's SQL, the tracing interceptor on its client."""
    app = create_app(settings.model_copy(update={"temporal_task_queue": TASK_QUEUE}))
    with TestClient(app, raise_server_exceptions=False) as http:
        yield http


@pytest.fixture
def held_lead(traced_api: TestClient) -> Iterator[dict[str, Any]]:
    headers = auth(traced_api, "sales1")
    clients = traced_api.get("/api/master-data/clients", headers=headers).json()["results"]
    r = traced_api.post("/api/leads", json={"clientId": clients[0]["id"], "projectName": "Traced approval lead"},
                        headers=headers)
    assert r.status_code == 200, r.text
    yield r.json()["results"]
    with traced_api.app.state.session_factory() as session:  # type: ignore[attr-defined]
        session.execute(delete(Notification).where(Notification.message.like("%Traced approval lead%")))
        session.execute(delete(Lead).where(Lead.id == r.json()["results"]["id"]))
        session.commit()


def descends_from(span: ReadableSpan, ancestor: ReadableSpan, by_id: dict[int, ReadableSpan]) -> bool:
    parent = span.parent
    while parent is not None:
        if parent.span_id == ancestor.context.span_id:
            return True
        above = by_id.get(parent.span_id)
        parent = above.parent if above is not None else None
    return False


def test_one_decision_is_one_trace_from_the_http_call_to_the_activitys_sql(
        traced_api: TestClient, held_lead: dict[str, Any], spans: InMemorySpanExporter) -> None:
    r = request_hold(traced_api, held_lead["id"])
    assert r.status_code == 200, r.text
    approval_id = r.json()["results"]["approvalId"]
    route = "/api/approval/{approval_id}/handle-hold"
    spans.clear()

    d = traced_api.put(f"/api/approval/{approval_id}/handle-hold", json={"approversAction": "APPROVED"},
                       headers=auth(traced_api, "approver1"))
    assert d.status_code == 200, d.text
    assert traced_api.get(f"/api/leads/{held_lead['id']}", headers=auth(traced_api, "sales1")) \
        .json()["results"]["status"] == "HOLD"  # the update answered once the outcome was applied

    def server_span() -> ReadableSpan | None:
        return next((s for s in spans.get_finished_spans()
                     if s.kind == SpanKind.SERVER and s.name == f"PUT {route}"), None)

    http = wait_for(server_span)
    trace_id = http.context.trace_id

    def in_trace() -> list[ReadableSpan]:
        return [s for s in spans.get_finished_spans() if s.context.trace_id == trace_id]

    # the activity's span ends before the update answers; the workflow's own spans are emitted as it goes
    wait_for(lambda: any(s.name.startswith("RunActivity:") for s in in_trace()))
    trace = in_trace()
    by_id = {s.context.span_id: s for s in trace}
    names = [s.name for s in trace]

    update = next(s for s in trace if s.name == "StartWorkflowUpdate:decide")
    assert update.kind == SpanKind.CLIENT and descends_from(update, http, by_id)  # the API's Temporal client
    # the workflow, in the worker: its spans are points in time (Temporal's interceptor), children of the update's
    handled = next(s for s in trace if s.name == "HandleUpdate:decide")
    started = next(s for s in trace if s.name == "StartActivity:record_decision_and_finish")
    assert descends_from(handled, update, by_id) and descends_from(started, update, by_id), names
    ran = next(s for s in trace if s.name == "RunActivity:record_decision_and_finish")  # on the worker's thread
    assert descends_from(ran, started, by_id), names

    sql = [s for s in trace if s.attributes and s.attributes.get("db.system", s.attributes.get("db.system.name"))
           == "postgresql"]
    statement = "db.query.text" if any("db.query.text" in (s.attributes or {}) for s in sql) else "db.statement"
    in_activity = [str((s.attributes or {}).get(statement, "")) for s in sql if descends_from(s, ran, by_id)]
    in_api = [s for s in sql if not descends_from(s, update, by_id) and descends_from(s, http, by_id)]
    assert in_api, names  # the API's own reads and the decision it made durable
    assert any(q.lstrip().upper().startswith("UPDATE LEADS") for q in in_activity), in_activity  # the outcome
    assert any(q.lstrip().upper().startswith("UPDATE APPROVAL_REQUESTS") for q in in_activity), in_activity
