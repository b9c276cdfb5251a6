"""The worker's telemetry: the Temporal SDK's own metrics (task latencies, schedule-to-start, slots, polls) on
WORKER_SDK_METRICS_PORT, ours (approvals applied, reminders, the activities' database pool) on WORKER_METRICS_PORT,
both as Prometheus text at `/metrics`; and traces when an OTLP endpoint is set (api/core/tracing.py). README
"Operations"."""

from __future__ import annotations

import logging

import prometheus_client
from temporalio.runtime import PrometheusConfig, Runtime, TelemetryConfig

from api.core import metrics, tracing
from api.core.config import Settings
from workflows.activities.db import sessions

log = logging.getLogger(__name__)


def sdk_runtime(bind_address: str) -> Runtime:
    """A Temporal runtime whose metrics Prometheus scrapes at http://<bind_address>/metrics (durations in seconds,
    counters ending in _total, as Prometheus names them)."""
    return Runtime(telemetry=TelemetryConfig(metrics=PrometheusConfig(
        bind_address=bind_address, counters_total_suffix=True, durations_as_seconds=True)))


def install(settings: Settings) -> None:
    """Turn the worker's telemetry on; before its first client (the SDK's runtime is the default one from here) and
    before its database engine (so the engine is traced). Its ports listen on WORKER_HOST."""
    tracing.configure(settings, "crm-worker")
    host = settings.worker_host
    if settings.worker_sdk_metrics_port:
        try:
            Runtime.set_default(sdk_runtime(f"{host}:{settings.worker_sdk_metrics_port}"), error_if_already_set=False)
        except Exception as exc:  # a port taken (a second worker on one host) costs the metrics, not the worker
            log.error("the Temporal SDK's metrics cannot listen on port %s: %s", settings.worker_sdk_metrics_port, exc)
    if settings.worker_metrics_port:
        try:
            prometheus_client.start_http_server(settings.worker_metrics_port, addr=host)
        except OSError as exc:
            log.error("the worker's metrics cannot listen on port %s: %s", settings.worker_metrics_port, exc)
    engine = sessions().kw["bind"]
    metrics.watch_engine(engine, "worker")
