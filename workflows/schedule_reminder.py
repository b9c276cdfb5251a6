"""ScheduleReminderWorkflow: one per planned activity and deployment (id `schedule-reminder-{id}@{taskQueue}`).
It reads the schedule, sleeps on a durable timer until its reminder is due, and has the owner reminded once. The API
signals `changed` when the schedule is moved or removed (signal-with-start: a lost start is started by the signal):
the workflow reads it again and sleeps until the new time, or ends. Nothing is kept in the workflow but the id: the
database says what is due, so a restart of the worker or the server changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.reminders import reminder_plan, send_schedule_reminder
    from workflows.contracts.reminders import CHANGED, WORKFLOW, ReminderInput, ReminderPlan, SendReminder

DB_TIMEOUT = timedelta(seconds=30)
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                    maximum_interval=timedelta(seconds=60))
MAX_ROUNDS = 500  # moves of one schedule before the workflow continues as new (its history stays small)


@workflow.defn(name=WORKFLOW)
class ScheduleReminderWorkflow:
    def __init__(self) -> None:
        self._changed = False

    @workflow.signal(name=CHANGED)
    def changed(self) -> None:
        self._changed = True

    @workflow.run
    async def run(self, data: ReminderInput) -> str:
        for _ in range(MAX_ROUNDS):
            self._changed = False
            plan: ReminderPlan = await workflow.execute_activity(
                reminder_plan, data.schedule_id, start_to_close_timeout=DB_TIMEOUT, retry_policy=RETRY)
            if plan.remind_at is None or plan.schedule_time is None:
                return "removed"
            if plan.done:
                return "reminded"
            wait = datetime.fromisoformat(plan.remind_at) - workflow.now()
            workflow.set_current_details(f"Reminds at {plan.remind_at} (the activity starts {plan.schedule_time})")
            if wait > timedelta(0):
                try:
                    await workflow.wait_condition(lambda: self._changed, timeout=wait)
                    continue  # moved or removed: read it again
                except TimeoutError:
                    pass
                if self._changed:
                    continue
            await workflow.execute_activity(
                send_schedule_reminder, SendReminder(schedule_id=data.schedule_id, schedule_time=plan.schedule_time,
                                                     now=workflow.now().isoformat()),
                start_to_close_timeout=DB_TIMEOUT, retry_policy=RETRY)
        workflow.continue_as_new(data)
