"""Temporal's tracing interceptor as the product uses it (on the API's client and the worker when tracing is on,
api/core/tracing.py): an approver's decision is one trace from the HTTP call to the activity's writes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import temporalio.worker
from opentelemetry import context as otel_context
from opentelemetry import trace
from temporalio.contrib.opentelemetry import TracingInterceptor, TracingWorkflowInboundInterceptor

from api.core import tracing


def interceptors(present: Sequence[object] = ()) -> list[TracingInterceptor]:
    """Temporal's tracing interceptor for a client (the worker takes it from its client), when tracing is on and
    `present` (the interceptors a client has already) holds none."""
    tracer = tracing.tracer("temporalio")
    if tracer is None or any(isinstance(i, TracingInterceptor) for i in present):
        return []
    return [_TracingInterceptor(tracer)]


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
