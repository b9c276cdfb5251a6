"""Traces (OpenTelemetry), shared by the API and the worker: the API's HTTP calls, the SQL of every engine, the
Temporal client (Temporal's TracingInterceptor, on the API's client and on the worker), so one approval decision is
one trace from `PUT /api/approval/{id}/handle-hold` through the workflow's update to its activity's database writes.

On when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (exported by OTLP over HTTP to `<endpoint>/v1/traces`; the exporter
reads the other `OTEL_EXPORTER_OTLP_*` variables, e.g. headers, itself). Off otherwise, and then nothing is
instrumented at all: no middleware, no SQL listeners, no interceptor; nor is the OpenTelemetry SDK with its exporter
and instrumentations imported (api/core/tracing_sdk.py): a process that does not trace starts without them."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from api.core.config import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.trace import Tracer
    from sqlalchemy.engine import Engine

    from api.core.tracing_sdk import Tracing

# calls not worth a trace: probes and scrapes (a regular expression list, matched against the URL)
EXCLUDED_URLS = "/api/health,/api/ready,/api/metrics"

_tracing: Tracing | None = None


def configure(settings: Settings, service_name: str, *, exporter: SpanExporter | None = None) -> bool:
    """Turn tracing on for this process when an OTLP endpoint is set (or with the exporter given, for tests: spans
    are then exported as each ends, and the provider is not made the global one). Returns whether it is on."""
    global _tracing
    if _tracing is not None and exporter is None:
        return True
    if exporter is None and not settings.otel_exporter_otlp_endpoint:
        return False
    from api.core.tracing_sdk import Tracing  # cold start: the SDK loads only in a process that traces

    _tracing = Tracing(os.environ.get("OTEL_SERVICE_NAME") or service_name, exporter=exporter,
                       endpoint=settings.otel_exporter_otlp_endpoint)
    return True


def enabled() -> bool:
    return _tracing is not None


def shutdown() -> None:
    """Flush and turn tracing off (tests; instrumented apps keep their middleware, engines lose their listeners)."""
    global _tracing
    tracing, _tracing = _tracing, None
    if tracing is not None:
        tracing.shutdown()


def instrument_app(app: FastAPI, settings: Settings) -> None:
    """The API's HTTP calls as server spans (when tracing is on)."""
    if configure(settings, "crm-api"):
        assert _tracing is not None
        _tracing.instrument_app(app, EXCLUDED_URLS)


def instrument_engine(engine: Engine) -> None:
    """Every statement of this engine as a span (when tracing is on; once per engine)."""
    if _tracing is not None:
        _tracing.instrument_engine(engine)


def tracer(name: str) -> Tracer | None:
    """A tracer of the process's provider, when tracing is on (Temporal's interceptor traces with one:
    api/core/temporal/tracing.py)."""
    return _tracing.provider.get_tracer(name) if _tracing is not None else None
