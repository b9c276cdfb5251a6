"""The OpenTelemetry of a process that traces (api/core/tracing.py turns it on): its provider and exporter, the
FastAPI and SQLAlchemy instrumentations and Temporal's tracing interceptor. Imported only when tracing is on."""

from __future__ import annotations

import logging
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

log = logging.getLogger(__name__)


class Tracing:
    """A tracer provider with what it instruments: exported by OTLP over HTTP to `<endpoint>/v1/traces`, batched in
    a thread of its own and made the global provider; or, with the exporter given (tests), each span as it ends."""

    def __init__(self, service_name: str, *, exporter: SpanExporter | None = None, endpoint: str | None = None):
        self.provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
        self._engines: weakref.WeakSet[Engine] = weakref.WeakSet()
        if exporter is not None:
            self.provider.add_span_processor(SimpleSpanProcessor(exporter))
            return
        assert endpoint, "an OTLP endpoint or an exporter"
        endpoint = endpoint.rstrip("/")
        # batched, in a thread of its own; flushed when the process exits
        self.provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{endpoint}/v1/traces")))
        trace.set_tracer_provider(self.provider)
        log.info("traces are exported to %s/v1/traces as %r", endpoint, service_name)

    def shutdown(self) -> None:
        self.provider.shutdown()
        EngineTracer.remove_all_event_listeners()
        self._engines.clear()

    def instrument_app(self, app: FastAPI, excluded_urls: str) -> None:
        FastAPIInstrumentor.instrument_app(app, tracer_provider=self.provider, excluded_urls=excluded_urls)

    def instrument_engine(self, engine: Engine) -> None:
        if engine in self._engines:
            return
        self._engines.add(engine)
        EngineTracer(self.provider.get_tracer("opentelemetry.instrumentation.sqlalchemy"), engine,
                     NoOpUpDownCounter("db.client.connections.usage"))

    def temporal_interceptors(self, present: Sequence[object]) -> list[TracingInterceptor]:
        if any(isinstance(i, TracingInterceptor) for i in present):
            return []
        return [_TracingInterceptor(self.provider.get_tracer("temporalio"))]


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
