"""SendMailWorkflow: delivers one message, retrying until the mail server takes it: a prepared one, or a
notification mail its activity writes from its row (with an approver's links, minted then)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.mail import deliver_mail, deliver_notification_mail
    from workflows.contracts.mail import DeliverMail, DeliverNotificationMail, SendMailInput

_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), backoff_coefficient=2.0,
                     maximum_interval=timedelta(minutes=5), maximum_attempts=50)


@workflow.defn
class SendMailWorkflow:
    @workflow.run
    async def run(self, data: SendMailInput) -> str:
        key = workflow.info().workflow_id
        if data.notification_mail_id is not None:
            return await workflow.execute_activity(deliver_notification_mail,
                                                   DeliverNotificationMail(data.notification_mail_id, key),
                                                   start_to_close_timeout=timedelta(seconds=60), retry_policy=_RETRY)
        return await workflow.execute_activity(
            deliver_mail, DeliverMail(raw=data.raw, key=key, attachment=data.attachment),
            start_to_close_timeout=timedelta(seconds=60), retry_policy=_RETRY)
