"""Traces (OpenTelemetry), shared by the API and the worker: the API's HTTP calls, the SQL of every engine, the
Temporal client (Temporal's TracingInterceptor, on the API's client and on the worker), so one approval decision is
one trace from `PUT /api/approval/{id}/handle-hold` through the workflow's update to its activity's database writes.

On when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (exported by OTLP over HTTP to `<endpoint>/v1/traces`; the exporter
reads the other `OTEL_EXPORTER_OTLP_*` variables, e.g. headers, itself). Off otherwise, and then nothing is
instrumented at all: no middleware, no SQL listeners, no interceptor."""

from __future__ import annotations

import logging
import os
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import temporalio.worker
from fastapi import FastAPI
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from opentelemetry.instrumentation.sqlalchemy.engine import EngineTracer
from opentelemetry.metrics import NoOpUpDownCounter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExporter
from sqlalchemy.engine import Engine
from temporalio.contrib.opentelemetry import TracingInterceptor, TracingWorkflowInboundInterceptor

from api.core.config import Settings

log = logging.getLogger(__name__)

# calls not worth a trace: probes and scrapes (a regular expression list, matched against the URL)
EXCLUDED_URLS = "/api/health,/api/ready,/api/metrics"

_provider: TracerProvider | None = None
_engines: weakref.WeakSet[Engine] = weakref.WeakSet()


def configure(settings: Settings, service_name: str, *, exporter: SpanExporter | None = None) -> bool:
    """Turn tracing on for this process when an OTLP endpoint is set (or with the exporter given, for tests: spans
    are then exported as each ends, and the provider is not made the global one). Returns whether it is on."""
    global _provider
    if _provider is not None and exporter is None:
        return True
    name = os.environ.get("OTEL_SERVICE_NAME") or service_name
    if exporter is not None:
        provider = TracerProvider(resource=Resource.create({"service.name": name}))
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    else:
        if not settings.otel_exporter_otlp_endpoint:
            return False
        endpoint = settings.otel_exporter_otlp_endpoint.rstrip("/")
        provider = TracerProvider(resource=Resource.create({"service.name": name}))
        # batched, in a thread of its own; flushed when the process exits
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{endpoint}/v1/traces")))
        trace.set_tracer_provider(provider)
        log.info("traces are exported to %s/v1/traces as %r", endpoint, name)
    _provider = provider
    return True


def enabled() -> bool:
    return _provider is not None


def shutdown() -> None:
    """Flush and turn tracing off (tests; instrumented apps keep their middleware, engines lose their listeners)."""
    global _provider
    provider, _provider = _provider, None
    if provider is not None:
        provider.shutdown()
    EngineTracer.remove_all_event_listeners()
    _engines.clear()


def instrument_app(app: FastAPI, settings: Settings) -> None:
    """The API's HTTP calls as server spans (when tracing is on)."""
    if configure(settings, "crm-api"):
        FastAPIInstrumentor.instrument_app(app, tracer_provider=_provider, excluded_urls=EXCLUDED_URLS)


def instrument_engine(engine: Engine) -> None:
    """Every statement of this engine as a span (when tracing is on; once per engine)."""
    if _provider is None or engine in _engines:
        return
    _engines.add(engine)
    EngineTracer(_provider.get_tracer("opentelemetry.instrumentation.sqlalchemy"), engine,
                 NoOpUpDownCounter("db.client.connections.usage"))


class _WorkflowTracing(TracingWorkflowInboundInterceptor):
    """Temporal's workflow tracing, with one change: an update (an approver's decision) is handled in the trace of
    the call that sent it, linked to the workflow's own trace. The stock interceptor does the reverse (the update's
    spans, and the activity it runs, join the trace of the call that started the workflow, with only a link to the
    decision's call), so the decision's HTTP call would not reach the activity's database writes."""

    @contextmanager
    def _caller_context(self, input: temporalio.worker.HandleUpdateInput) -> Iterator[bool]:
        header = input.headers.get(self.header_key)
        if not header:
            yield False
            return
        carrier = self.payload_converter.from_payloads([header])[0]
        token = otel_context.attach(self._set_on_context(self.text_map_propagator.extract(carrier)))
        try:
            yield True
        finally:
            otel_context.detach(token)

    def handle_update_validator(self, input: temporalio.worker.HandleUpdateInput) -> None:
        with self._caller_context(input) as traced:
            if not traced:
                return super().handle_update_validator(input)
            self._completed_span(f"ValidateUpdate:{input.update}", kind=trace.SpanKind.SERVER,
                                 link_context_carrier=self._load_workflow_context_carrier())
            return temporalio.worker.WorkflowInboundInterceptor.handle_update_validator(self, input)

    async def handle_update_handler(self, input: temporalio.worker.HandleUpdateInput) -> Any:
        with self._caller_context(input) as traced:
            if not traced:
                return await super().handle_update_handler(input)
            self._completed_span(f"HandleUpdate:{input.update}", kind=trace.SpanKind.SERVER,
                                 link_context_carrier=self._load_workflow_context_carrier())
            return await temporalio.worker.WorkflowInboundInterceptor.handle_update_handler(self, input)


class _TracingInterceptor(TracingInterceptor):
    def workflow_interceptor_class(
            self, input: temporalio.worker.WorkflowInterceptorClassInput) -> type[TracingWorkflowInboundInterceptor]:
        super().workflow_interceptor_class(input)  # registers what its workflow side calls out to
        return _WorkflowTracing


def temporal_interceptors(present: Sequence[object] = ()) -> list[TracingInterceptor]:
    """Temporal's tracing interceptor for a client (the worker takes it from its client), when tracing is on and
    `present` (the interceptors a client has already) holds none."""
    if _provider is None or any(isinstance(i, TracingInterceptor) for i in present):
        return []
    return [_TracingInterceptor(_provider.get_tracer("temporalio"))]
