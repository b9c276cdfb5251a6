"""ReminderSweepWorkflow: the reminders' safety net, one long-lived workflow per deployment
(`reminder-sweep@<task queue>`, started by the worker: see workflows/sweep.py). Every 20 seconds it tells the reminder
of each schedule due within a minute and not reminded yet: a schedule whose change the API could not pass on to
Temporal (the database committed, Temporal was down) is reminded all the same. Telling a reminder twice is harmless:
it reads the schedule again. Each pass also hands the notification mails written since the last one to their
SendMailWorkflows (api/notifications/mails.py), and deletes the files whose removal failed when their change
committed (api/core/storage/removals.py: an erased person's files leave storage for certain). Once an hour the pass
also reminds sales people of their ongoing leads that reached 30 or 90 days without contact (once per threshold and
contact: api/activities/schedule/lead_reminders.py)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from workflows.activities.files import remove_left_files
    from workflows.activities.reminders import (
        hand_over_notification_mails,
        remind_uncontacted_leads,
        tell_due_reminders,
    )
    from workflows.contracts.sweeps import REMINDER_SWEEP, Sweep
    from workflows.sweep import Sweeping

TIMEOUT = timedelta(seconds=60)
# thresholds counted in days need no 20-second look: the cold-lead query (every ongoing lead past 30 days) runs on
# the first pass of each hour only
COLD_LEADS_EVERY = 180
RETRY = RetryPolicy(maximum_attempts=3)
FILE_REMOVALS = "file-removals"  # passes of runs started before it do not try removals again


@workflow.defn(name=REMINDER_SWEEP)
class ReminderSweepWorkflow(Sweeping):
    WHAT = ("tells the reminder of each schedule due within a minute and not reminded yet, hands notification mails "
            "to their SendMailWorkflow, removes the files a change left in storage, and (hourly) reminds of leads 30 "
            "or 90 days without contact")

    @workflow.run
    async def run(self, sweep: Sweep | None = None) -> None:
        async def one_pass() -> str:
            told: list[int] = await workflow.execute_local_activity(tell_due_reminders,
                                                                    start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
            mailed: int = await workflow.execute_local_activity(hand_over_notification_mails,
                                                                start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
            cold = 0
            if self.passes % COLD_LEADS_EVERY == 0:
                cold = await workflow.execute_local_activity(remind_uncontacted_leads, start_to_close_timeout=TIMEOUT,
                                                             retry_policy=RETRY)
            found = [f"told the reminder of schedule {', '.join(map(str, told))}"] if told else []
            found += [f"reminded of {cold} lead(s) without contact"] if cold else []
            found += [f"handed {mailed} notification mail(s) to their SendMailWorkflow"] if mailed else []
            if workflow.patched(FILE_REMOVALS):
                removed = await workflow.execute_local_activity(remove_left_files, start_to_close_timeout=TIMEOUT,
                                                                retry_policy=RETRY)
                found += [f"removed {removed} file(s) left in storage"] if removed else []
            return "; ".join(found) or "nothing due"

        await self.sweep_for_good(sweep or Sweep(), one_pass, [])
