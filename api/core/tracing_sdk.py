"""The OpenTelemetry of a process that traces (api/core/tracing.py turns it on): its provider and exporter, the
FastAPI and SQLAlchemy instrumentations (Temporal's interceptor takes its tracer: api/core/temporal/tracing.py).
Imported only when tracing is on."""

from __future__ import annotations

import logging
import weakref

from fastapi import FastAPI
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from opentelemetry.instrumentation.sqlalchemy.engine import EngineTracer
from opentelemetry.metrics import NoOpUpDownCounter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExporter
from sqlalchemy.engine import Engine

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
