"""SendMailWorkflow: delivers one prepared message, retrying until the mail server takes it."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.mail import deliver_mail
    from workflows.contracts.mail import DeliverMail, SendMailInput


@workflow.defn
class SendMailWorkflow:
    @workflow.run
    async def run(self, data: SendMailInput) -> str:
        return await workflow.execute_activity(
            deliver_mail,
            DeliverMail(raw=data.raw, key=workflow.info().workflow_id, attachment=data.attachment),
            start_to_close_timeout=timedelta(seconds=60),
            retry_policy=RetryPolicy(initial_interval=timedelta(seconds=2), backoff_coefficient=2.0,
                                     maximum_interval=timedelta(minutes=5), maximum_attempts=50),
        )
