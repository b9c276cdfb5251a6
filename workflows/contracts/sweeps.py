"""The sweeps' contract: the safety nets (the PID sweep, the approval sweep, the reminder sweep) each run as one
long-lived workflow per deployment, named here, with their input and the update that pauses them."""

from __future__ import annotations

from dataclasses import dataclass

PID_SWEEP = "PidSweepWorkflow"
APPROVAL_SWEEP = "ApprovalSweepWorkflow"
REMINDER_SWEEP = "ReminderSweepWorkflow"
PAUSE = "pause"  # the update that pauses (True) or resumes (False) a sweep; it answers once no pass is running


def pid_sweep_id(task_queue: str) -> str:
    """pid-sweep@crm: one per deployment (its task queue), so deployments sharing a namespace don't share it."""
    return f"pid-sweep@{task_queue}"


def approval_sweep_id(task_queue: str) -> str:
    return f"approval-sweep@{task_queue}"


def reminder_sweep_id(task_queue: str) -> str:
    return f"reminder-sweep@{task_queue}"


@dataclass
class Sweep:
    """A sweep that runs for good: a pass every `every_seconds` (0: the sweep's own interval, 20 s), a fresh run
    (continue-as-new) after `passes` passes (0: the sweep's own number) so its history stays short."""

    paused: bool = False
    every_seconds: float = 0
    passes: int = 0
