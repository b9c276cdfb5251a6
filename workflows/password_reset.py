"""PasswordResetMailWorkflow: every forgot-password request, whether or not its username exists.

The API starts it before answering and does nothing else, so a known and an unknown username cost the API the
same work; the activity looks the username up and mails the link only to an active user with an address.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.mail import send_password_reset_mail
    from workflows.contracts.mail import PasswordResetMail, PasswordResetMailInput


@workflow.defn
class PasswordResetMailWorkflow:
    @workflow.run
    async def run(self, data: PasswordResetMailInput) -> str:
        """'no mail' for an unknown username (or too many mails lately), else where the mail went."""
        return await workflow.execute_activity(
            send_password_reset_mail,
            PasswordResetMail(username=data.username, base_url=data.base_url, key=workflow.info().workflow_id),
            start_to_close_timeout=timedelta(seconds=60),
            retry_policy=RetryPolicy(initial_interval=timedelta(seconds=2), backoff_coefficient=2.0,
                                     maximum_interval=timedelta(minutes=5), maximum_attempts=20),
        )
