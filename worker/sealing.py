"""The worker takes calls from the product only (api/core/temporal/sealing.py): a workflow started, updated or signalled
with arguments that were not sealed with a key of TEMPORAL_PAYLOAD_KEYS (a `temporal workflow update` typed by
whoever reaches Temporal's frontend) decides nothing.

- An update is rejected by its validator (every update of the product has one; validators run for new updates
  only, never on replay), with the type `Unsealed`.
- A workflow started so fails at once, before it runs anything; a signal so sent is dropped. Both are checked
  behind the `sealed-inputs` patch: a workflow that started before sealing (its history plain) replays as it ran.

The SDK converts a call's arguments just before it hands them to the inbound interceptors, in the same task; the
converter tells whether they were all sealed (`last_sealed`). This interceptor is the first of the worker's."""

from __future__ import annotations

import logging
from typing import Any

import temporalio.client
import temporalio.worker
import temporalio.workflow
from temporalio.exceptions import ApplicationError

from api.core.temporal.sealing import last_sealed

PATCH = "sealed-inputs"
UNSEALED = "Unsealed"
REFUSED = "Refused: this call was not made by the CRM (its arguments are not sealed with the payload key)."

log = logging.getLogger(__name__)


class SealedInputs(temporalio.client.Interceptor, temporalio.worker.Interceptor):
    """Given to the worker's client (so it comes first among the worker's interceptors); nothing on the client."""

    def workflow_interceptor_class(self, input: temporalio.worker.WorkflowInterceptorClassInput,
                                   ) -> type[temporalio.worker.WorkflowInboundInterceptor]:
        return _Inbound


class _Inbound(temporalio.worker.WorkflowInboundInterceptor):
    async def execute_workflow(self, input: temporalio.worker.ExecuteWorkflowInput) -> Any:
        sealed = last_sealed.get() or not input.args
        if temporalio.workflow.patched(PATCH) and not sealed:
            raise ApplicationError(REFUSED, type=UNSEALED, non_retryable=True)
        return await self.next.execute_workflow(input)

    async def handle_signal(self, input: temporalio.worker.HandleSignalInput) -> None:
        sealed = last_sealed.get() or not input.args
        if temporalio.workflow.patched(PATCH) and not sealed:
            temporalio.workflow.logger.warning("signal %s dropped: its arguments are not sealed", input.signal)
            return
        await self.next.handle_signal(input)

    def handle_update_validator(self, input: temporalio.worker.HandleUpdateInput) -> None:
        if input.args and not last_sealed.get():
            raise ApplicationError(REFUSED, type=UNSEALED, non_retryable=True)
        self.next.handle_update_validator(input)
