"""The schedule reminder's contract: one workflow per planned activity and deployment, its signal, and what its
activities exchange. Times travel as ISO 8601 text (UTC)."""

from __future__ import annotations

from dataclasses import dataclass

WORKFLOW = "ScheduleReminderWorkflow"
CHANGED = "changed"  # the schedule was moved or removed: read it again


def schedule_reminder_id(schedule_id: int, task_queue: str) -> str:
    """Deployments sharing a namespace (the test databases do) each number their schedules from 1."""
    return f"schedule-reminder-{schedule_id}@{task_queue}"


@dataclass
class ReminderInput:
    schedule_id: int


@dataclass
class ReminderPlan:
    """What the schedule is now: gone (`remind_at` None), reminded already (`done`), or due at `remind_at`."""

    remind_at: str | None
    schedule_time: str | None
    done: bool


@dataclass
class SendReminder:
    schedule_id: int
    schedule_time: str  # the time it was planned for when the timer ran out: a schedule moved since is not reminded
    now: str | None = None  # the workflow's time when its timer ran out (a lead time shortened since: not yet due)
