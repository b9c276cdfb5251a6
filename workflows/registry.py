"""What the worker runs: every workflow and activity of the product."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from workflows.activities.approval_sweep import approval_sweep_has_work, resend_decisions, start_waiting_requests
from workflows.activities.approvals import (
    escalate_layer,
    finish_approval_request,
    persist_request,
    record_decision_and_finish,
    record_decision_and_sync,
    remind_approvers,
    route_approval_request,
    start_layer_clock,
    sync_approval_queue,
)
from workflows.activities.files import remove_left_files
from workflows.activities.imports import import_batch
from workflows.activities.mail import (
    deliver_mail,
    deliver_notification_mail,
    send_password_reset_mail,
    send_sign_in_code_mail,
)
from workflows.activities.pid import allocate_pid, attach_pid_pdf, notify_pid, pending_pid_leads
from workflows.activities.reminders import (
    hand_over_notification_mails,
    remind_uncontacted_leads,
    reminder_plan,
    send_schedule_reminder,
    tell_due_reminders,
)
from workflows.approval import ApprovalWorkflow
from workflows.approval_sweep import ApprovalSweepWorkflow
from workflows.imports import ImportWorkflow
from workflows.mail import SendMailWorkflow
from workflows.password_reset import PasswordResetMailWorkflow
from workflows.pid import PidWorkflow
from workflows.pid_sweep import PidSweepWorkflow
from workflows.reminder_sweep import ReminderSweepWorkflow
from workflows.schedule_reminder import ScheduleReminderWorkflow
from workflows.sign_in_code import SignInCodeMailWorkflow

WORKFLOWS: list[type] = [SendMailWorkflow, PasswordResetMailWorkflow, SignInCodeMailWorkflow, ApprovalWorkflow,
                         ApprovalSweepWorkflow, PidWorkflow, PidSweepWorkflow, ScheduleReminderWorkflow,
                         ReminderSweepWorkflow, ImportWorkflow]
ACTIVITIES: list[Callable[..., Any]] = [
    deliver_mail, deliver_notification_mail, send_password_reset_mail, send_sign_in_code_mail, sync_approval_queue,
    route_approval_request, record_decision_and_sync, record_decision_and_finish, finish_approval_request,
    persist_request, start_layer_clock,
    remind_approvers, escalate_layer, approval_sweep_has_work, start_waiting_requests, resend_decisions,
    allocate_pid, attach_pid_pdf, notify_pid, pending_pid_leads, reminder_plan, send_schedule_reminder,
    tell_due_reminders, remind_uncontacted_leads, hand_over_notification_mails, import_batch,
    remove_left_files]
