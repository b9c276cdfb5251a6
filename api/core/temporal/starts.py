"""The product's other workflows, started from the API: mails (a notification's, a password reset's, a sign-in
code's), an activity schedule's reminder, a lead's PID. Each is named by its contract (workflows.contracts)."""

from __future__ import annotations

import email.parser
import email.policy

from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import (
    SearchAttributePair,
    TypedSearchAttributes,
    WorkflowIDConflictPolicy,
    WorkflowIDReusePolicy,
)
from temporalio.exceptions import WorkflowAlreadyStartedError

from api.core.temporal.client import start_once, start_or_signal, start_workflow
from workflows.contracts import imports as import_contract
from workflows.contracts import mail as mail_contract
from workflows.contracts import pid as pid_contract
from workflows.contracts import reminders as reminder_contract
from workflows.contracts.search_attributes import CRM_LEAD_ID

# -- mail ------------------------------------------------------------------------------------------------------


def send_mail(client: Client, data: mail_contract.SendMailInput, *, workflow_id: str, task_queue: str) -> str:
    """Start the SendMailWorkflow of one prepared message (sync code)."""
    headers = email.parser.HeaderParser(policy=email.policy.default).parsestr(data.raw)
    summary = f"Mail ({data.purpose}) to {headers.get('To', '?')}: {headers.get('Subject', '')}"
    return start_workflow(client, mail_contract.SEND_MAIL, data, workflow_id=workflow_id, task_queue=task_queue,
                          static_summary=summary[:200])


async def hand_over_mail(client: Client, mail_id: int, purpose: str, *, workflow_id: str, task_queue: str) -> bool:
    """Start the workflow of a notification mail written when delivered; False when it was started before."""
    return await start_once(client, mail_contract.SEND_MAIL,
                            mail_contract.SendMailInput(raw="", purpose=purpose, notification_mail_id=mail_id),
                            workflow_id=workflow_id, task_queue=task_queue, static_summary=f"Mail: {purpose}")


def send_password_reset_mail(client: Client, data: mail_contract.PasswordResetMailInput, *, workflow_id: str,
                             task_queue: str) -> str:
    """Start the PasswordResetMailWorkflow of one forgot-password request (sync code)."""
    return start_workflow(client, mail_contract.PASSWORD_RESET_MAIL, data, workflow_id=workflow_id,
                          task_queue=task_queue, static_summary=f"Password reset mail for '{data.username[:60]}'")


def send_sign_in_code_mail(client: Client, data: mail_contract.SignInCodeMailInput, *, workflow_id: str,
                           task_queue: str) -> str:
    """Start the SignInCodeMailWorkflow of one sign-in from a new device (sync code)."""
    return start_workflow(client, mail_contract.SIGN_IN_CODE_MAIL, data, workflow_id=workflow_id,
                          task_queue=task_queue, static_summary="Sign-in code mail")


# -- an activity schedule's reminder ---------------------------------------------------------------------------

async def schedule_changed(client: Client, schedule_id: int, *, task_queue: str) -> None:
    """Tell the schedule's reminder it changed (starting it when it is not running)."""
    await start_or_signal(client, reminder_contract.WORKFLOW, reminder_contract.ReminderInput(schedule_id=schedule_id),
                          workflow_id=reminder_contract.schedule_reminder_id(schedule_id, task_queue),
                          task_queue=task_queue, signal=reminder_contract.CHANGED,
                          static_summary=f"Reminder of activity schedule {schedule_id}")


# -- PID -------------------------------------------------------------------------------------------------------

async def start_pid(client: Client, data: pid_contract.PidInput, *, task_queue: str) -> tuple[str, str]:
    """Start the lead's PidWorkflow, or find the one running or finished: its workflow id and status name."""
    wid = pid_contract.pid_workflow_id(data.lead_id, task_queue)
    try:
        handle = await client.start_workflow(
            pid_contract.WORKFLOW, data, id=wid, task_queue=task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            search_attributes=TypedSearchAttributes([SearchAttributePair(CRM_LEAD_ID, data.lead_id)]),
            static_summary=f"PID of lead {data.lead_id}, asked on the Generate PID screen")
    except WorkflowAlreadyStartedError:  # finished successfully before: that run is the answer
        handle = client.get_workflow_handle(wid)
    described = await handle.describe()
    status: WorkflowExecutionStatus | None = described.status
    return wid, status.name if status else "RUNNING"


# -- an import's dry run or run ----------------------------------------------------------------------------------

async def start_import(client: Client, data: import_contract.ImportInput, *, workflow_id: str,
                       task_queue: str) -> bool:
    """Start the ImportWorkflow of one import's phase; False when it was started before (never a second run)."""
    return await start_once(client, import_contract.WORKFLOW, data, workflow_id=workflow_id, task_queue=task_queue,
                            static_summary=f"Import {data.job_id}: {'dry run' if data.phase == 'DRY' else 'run'}")
