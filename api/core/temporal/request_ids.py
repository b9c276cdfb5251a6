"""The request id of an API call crosses into Temporal in a header (api/core/logs.py says why): put into what the
API's client sends here, read back by the worker (worker/request_ids.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

import temporalio.api.common.v1
import temporalio.client
import temporalio.converter

from api.core.logs import HEADER, request_id


class WithHeaders(Protocol):
    headers: Mapping[str, temporalio.api.common.v1.Payload]


def to_header(target: WithHeaders, converter: temporalio.converter.PayloadConverter) -> None:
    """Put this context's request id into the headers of what is sent to Temporal."""
    rid = request_id.get()
    if rid:
        target.headers = {**target.headers, HEADER: converter.to_payload(rid)}


@contextmanager
def from_header(source: WithHeaders, converter: temporalio.converter.PayloadConverter) -> Iterator[None]:
    """The request id of the headers received from Temporal, for the logs of what runs inside."""
    payload = source.headers.get(HEADER)
    token = request_id.set(converter.from_payload(payload, str)) if payload else None
    try:
        yield
    finally:
        if token is not None:
            request_id.reset(token)


class RequestIdInterceptor(temporalio.client.Interceptor):
    """Carries the request id from the API's calls into the workflows they start, update, signal or query. Its
    worker side (into the workflows, their activities and children) is worker.request_ids: the API does not load the
    Temporal worker."""

    def __init__(self) -> None:
        self._converter = temporalio.converter.default().payload_converter

    def intercept_client(self, next: temporalio.client.OutboundInterceptor) -> temporalio.client.OutboundInterceptor:
        return _ClientOutbound(next, self._converter)


class _ClientOutbound(temporalio.client.OutboundInterceptor):
    def __init__(self, next: temporalio.client.OutboundInterceptor,
                 converter: temporalio.converter.PayloadConverter) -> None:
        super().__init__(next)
        self._converter = converter

    async def start_workflow(self, input: temporalio.client.StartWorkflowInput) -> Any:
        to_header(input, self._converter)
        return await super().start_workflow(input)

    async def signal_workflow(self, input: temporalio.client.SignalWorkflowInput) -> None:
        to_header(input, self._converter)
        await super().signal_workflow(input)

    async def query_workflow(self, input: temporalio.client.QueryWorkflowInput) -> Any:
        to_header(input, self._converter)
        return await super().query_workflow(input)

    async def start_workflow_update(self, input: temporalio.client.StartWorkflowUpdateInput) -> Any:
        to_header(input, self._converter)
        return await super().start_workflow_update(input)
