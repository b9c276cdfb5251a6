"""Prometheus metrics of this process (prometheus_client's default registry): the API's requests by route template,
method and status with their latency, the connections it refused or cut short, the database pools, the open
notification streams, and the approval flow (requested and decided in the API, applied in the worker, reminders
fired). The API serves them at `GET /api/metrics` (a bearer `METRICS_TOKEN` when one is set; nginx refuses the path
from outside); the worker on `WORKER_METRICS_PORT` (worker/telemetry.py). README "Operations"."""

from __future__ import annotations

import hmac
import time
import weakref
from collections.abc import Iterator
from contextvars import ContextVar

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy.engine import Engine
from sqlalchemy.pool import QueuePool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.core.config import Settings

PATH = "/api/metrics"
disable_created_metrics()  # no `_created` series beside every counter and histogram: half the text, nothing used

HTTP_REQUESTS = Counter("crm_http_requests", "HTTP requests answered, by route template, method and status",
                        ["route", "method", "status"])
HTTP_LATENCY = Histogram("crm_http_request_duration_seconds",
                         "Time from a request's arrival until its response starts (a stream's headers, not its life)",
                         ["route", "method"],
                         buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
# connections the API closed (api/core/connections.py): refused at the per-address cap, or cut short because a
# request's headers did not arrive in time, came too large, or its body stalled
HTTP_CONNECTIONS_CLOSED = Counter("crm_http_connections_closed",
                                  "Connections the API refused or closed before a whole request came, by reason",
                                  ["reason"])

# the approval flow: requested (the API, once the request is committed), decided (the API, an approver's decision
# accepted), applied (the worker, the outcome written), reminders (issue 17's reminder step increments it)
APPROVALS_REQUESTED = Counter("crm_approvals_requested", "Approval requests made (committed), by request type",
                              ["request_type"])
APPROVALS_DECIDED = Counter("crm_approvals_decided", "Approvers' decisions accepted, by action", ["action"])
APPROVALS_APPLIED = Counter("crm_approvals_applied", "Approval requests finished and their outcome applied",
                            ["request_type", "status"])
APPROVAL_REMINDERS = Counter("crm_approval_reminders", "Reminders sent to approvers of waiting requests (issue 17)")

UNMATCHED = "<unmatched>"


def route_of(scope: Scope) -> str:
    """The template of the route that served the call (`/api/leads/{lead_id}`), never the raw path."""
    # FastAPI keeps an included router's routes relative (`/{lead_id}`); the context of the route it chose has the
    # whole template (tests/integration/test_metrics.py notices if that stops being so)
    context = (scope.get("fastapi") or {}).get("effective_route_context")
    whole = getattr(context, "path_format", None)
    if whole:
        return str(whole)
    route = scope.get("route")
    return str(getattr(route, "path_format", None) or getattr(route, "path", None) or UNMATCHED)


class MetricsMiddleware:
    """Counts every HTTP call by route template, method and status, and times it until its response starts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def timed_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                HTTP_LATENCY.labels(route_of(scope), scope["method"]).observe(time.perf_counter() - started)
            await send(message)

        try:
            await self.app(scope, receive, timed_send)
        finally:
            HTTP_REQUESTS.labels(route_of(scope), scope["method"], str(status)).inc()


class StateCollector(Collector):
    """Read at each scrape: the pools of the database engines (the API's, from its app state once started; the
    worker's activities') and the API's open notification streams."""

    def __init__(self) -> None:
        self.apps: weakref.WeakSet[FastAPI] = weakref.WeakSet()
        self.engines: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()

    def _pools(self) -> Iterator[tuple[str, Engine]]:
        for app in list(self.apps):
            engine = getattr(app.state, "engine", None)
            if isinstance(engine, Engine):
                yield "api", engine
        for engine, name in list(self.engines.items()):
            yield name, engine

    def collect(self) -> Iterator[GaugeMetricFamily]:
        labels = ["pool"]
        size = GaugeMetricFamily("crm_db_pool_size", "Connections the pool keeps (pool_size)", labels=labels)
        out = GaugeMetricFamily("crm_db_pool_checked_out", "Connections in use now", labels=labels)
        idle = GaugeMetricFamily("crm_db_pool_checked_in", "Connections open and idle in the pool", labels=labels)
        over = GaugeMetricFamily("crm_db_pool_overflow", "Connections open beyond pool_size now", labels=labels)
        limit = GaugeMetricFamily("crm_db_pool_max", "Connections the pool may open (pool_size + max_overflow)",
                                  labels=labels)
        totals: dict[str, list[int]] = {}
        for name, engine in self._pools():
            pool = engine.pool
            if not isinstance(pool, QueuePool):
                continue
            figures = totals.setdefault(name, [0, 0, 0, 0, 0])
            for i, value in enumerate((pool.size(), pool.checkedout(), pool.checkedin(), max(pool.overflow(), 0),
                                       pool.size() + pool._max_overflow)):
                figures[i] += value
        for name, figures in sorted(totals.items()):
            for family, figure in zip((size, out, idle, over, limit), figures, strict=True):
                family.add_metric([name], figure)
        yield from (size, out, idle, over, limit)
        streams = GaugeMetricFamily("crm_notification_streams_open",
                                    "Realtime connections (each carries its bell's notifications) open in the API")
        streams.add_metric([], sum(getattr(getattr(app.state, "notification_hub", None), "listeners", 0)
                                   for app in list(self.apps)))
        yield streams


STATE = StateCollector()
REGISTRY.register(STATE)


def watch_engine(engine: Engine, name: str) -> None:
    """Report this engine's pool as `pool="<name>"` (the worker's activities' engine)."""
    STATE.engines[engine] = name


# the app whose GET /api/metrics is being answered: a collector that reads a database (the approval insights') reads
# the one of the app scraped, through its sessions
_SCRAPED: ContextVar[FastAPI | None] = ContextVar("scraped_app", default=None)


def scraped_app() -> FastAPI | None:
    """The app whose metrics are being generated now (None outside a scrape of GET /api/metrics)."""
    return _SCRAPED.get()


def _render(app: FastAPI) -> bytes:
    token = _SCRAPED.set(app)
    try:
        return generate_latest(REGISTRY)
    finally:
        _SCRAPED.reset(token)


def authorized(settings: Settings, authorization: str | None) -> bool:
    """Whether the call may read the metrics: any call when no METRICS_TOKEN is set, else its bearer."""
    if not settings.metrics_token:
        return True
    scheme, _, given = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), settings.metrics_token.encode())


def install(app: FastAPI, settings: Settings) -> None:
    """The API's metrics: every call counted and timed, the pools and streams of this app, `GET /api/metrics`."""
    STATE.apps.add(app)
    app.add_middleware(MetricsMiddleware)

    async def metrics(request: Request) -> Response:
        if not authorized(settings, request.headers.get("authorization")):
            return JSONResponse({"messages": ["A valid metrics token is required."], "type": "Unauthorized"},
                                status_code=401, headers={"WWW-Authenticate": "Bearer"})
        # on a thread of the pool: a collector may read the database
        return Response(await run_in_threadpool(_render, request.app), media_type=CONTENT_TYPE_LATEST,
                        headers={"Cache-Control": "no-store"})

    # not in the OpenAPI schema (the front end and the fuzzing have nothing to do with it); public in the sense of
    # api.route_declarations: no user signs in to it, METRICS_TOKEN guards it
    app.add_api_route(PATH, metrics, methods=["GET"], include_in_schema=False, name="metrics")

