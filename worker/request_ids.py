"""The request id's worker side (api/core/logs.py): from a workflow's or activity's headers into the logs of what
runs it, and from a workflow on into its activities and children. The worker's client carries it, so the worker
takes it from there (Temporal's workers use their client's interceptors that are worker interceptors too)."""

from __future__ import annotations

from typing import Any

import temporalio.activity
import temporalio.worker
import temporalio.workflow

from api.core.temporal.request_ids import RequestIdInterceptor, from_header, to_header


class RequestIdWorkerInterceptor(RequestIdInterceptor, temporalio.worker.Interceptor):
    """RequestIdInterceptor on the client, and into the workflows, their activities and children on the worker."""

    def intercept_activity(self, next: temporalio.worker.ActivityInboundInterceptor,
                           ) -> temporalio.worker.ActivityInboundInterceptor:
        return _ActivityInbound(next)

    def workflow_interceptor_class(self, input: temporalio.worker.WorkflowInterceptorClassInput,
                                   ) -> type[temporalio.worker.WorkflowInboundInterceptor]:
        return _WorkflowInbound


class _ActivityInbound(temporalio.worker.ActivityInboundInterceptor):
    async def execute_activity(self, input: temporalio.worker.ExecuteActivityInput) -> Any:
        with from_header(input, temporalio.activity.payload_converter()):
            return await self.next.execute_activity(input)


class _WorkflowInbound(temporalio.worker.WorkflowInboundInterceptor):
    def init(self, outbound: temporalio.worker.WorkflowOutboundInterceptor) -> None:
        self.next.init(_WorkflowOutbound(outbound))

    async def execute_workflow(self, input: temporalio.worker.ExecuteWorkflowInput) -> Any:
        with from_header(input, temporalio.workflow.payload_converter()):
            return await self.next.execute_workflow(input)

    async def handle_signal(self, input: temporalio.worker.HandleSignalInput) -> None:
        with from_header(input, temporalio.workflow.payload_converter()):
            await self.next.handle_signal(input)

    async def handle_query(self, input: temporalio.worker.HandleQueryInput) -> Any:
        with from_header(input, temporalio.workflow.payload_converter()):
            return await self.next.handle_query(input)

    def handle_update_validator(self, input: temporalio.worker.HandleUpdateInput) -> None:
        with from_header(input, temporalio.workflow.payload_converter()):
            self.next.handle_update_validator(input)

    async def handle_update_handler(self, input: temporalio.worker.HandleUpdateInput) -> Any:
        with from_header(input, temporalio.workflow.payload_converter()):
            return await self.next.handle_update_handler(input)


class _WorkflowOutbound(temporalio.worker.WorkflowOutboundInterceptor):
    def start_activity(self, input: temporalio.worker.StartActivityInput) -> temporalio.workflow.ActivityHandle[Any]:
        to_header(input, temporalio.workflow.payload_converter())
        return self.next.start_activity(input)

    def start_local_activity(self, input: temporalio.worker.StartLocalActivityInput,
                             ) -> temporalio.workflow.ActivityHandle[Any]:
        to_header(input, temporalio.workflow.payload_converter())
        return self.next.start_local_activity(input)

    async def start_child_workflow(self, input: temporalio.worker.StartChildWorkflowInput,
                                   ) -> temporalio.workflow.ChildWorkflowHandle[Any, Any]:
        to_header(input, temporalio.workflow.payload_converter())
        return await self.next.start_child_workflow(input)

    async def signal_child_workflow(self, input: temporalio.worker.SignalChildWorkflowInput) -> None:
        to_header(input, temporalio.workflow.payload_converter())
        await self.next.signal_child_workflow(input)

    async def signal_external_workflow(self, input: temporalio.worker.SignalExternalWorkflowInput) -> None:
        to_header(input, temporalio.workflow.payload_converter())
        await self.next.signal_external_workflow(input)
