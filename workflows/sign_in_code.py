"""SignInCodeMailWorkflow: the code that confirms a sign-in from a new device (api.auth.verification).

Its input names the challenge only; the activity derives the code from the workflow id with the server key, stores
its digest with the challenge and mails it, so the code is in no input, result or history.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.mail import send_sign_in_code_mail
    from workflows.contracts.mail import SignInCodeMail, SignInCodeMailInput


@workflow.defn
class SignInCodeMailWorkflow:
    @workflow.run
    async def run(self, data: SignInCodeMailInput) -> str:
        """'no mail' when the challenge is gone or a newer code replaced this one, else where the mail went."""
        # a code lives minutes: retrying for longer than that would mail a dead one
        return await workflow.execute_activity(
            send_sign_in_code_mail,
            SignInCodeMail(challenge=data.challenge, key=workflow.info().workflow_id),
            start_to_close_timeout=timedelta(seconds=60),
            schedule_to_close_timeout=timedelta(minutes=10),
            retry_policy=RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                                     maximum_interval=timedelta(seconds=30)),
        )
