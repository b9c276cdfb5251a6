"""The PID workflow's contract: one per lead and deployment, its input and result, the activities' data."""

from __future__ import annotations

from dataclasses import dataclass

WORKFLOW = "PidWorkflow"


def pid_workflow_id(lead_id: int, task_queue: str) -> str:
    """Deployments sharing a Temporal namespace (the test databases do) each number their leads from 1: the task
    queue keeps one deployment's lead 7 from answering for another's. Runs started before their input carried the
    task queue (empty) keep the old id, so their histories replay."""
    return f"pid-lead-{lead_id}@{task_queue}" if task_queue else f"pid-lead-{lead_id}"


@dataclass
class PidInput:
    lead_id: int
    pcs_id: int | None = None  # None: the activity finds the lead's sheet


@dataclass
class AllocatePid:
    lead_id: int
    pcs_id: int | None  # None: the lead's sheet, whichever it is


@dataclass
class PidAllocated:
    pid_id: int
    pid_number: str
    created: bool


@dataclass
class PidPdf:
    name: str
    size: int
    key: str


@dataclass
class PidResult:
    pid_number: str
    created: bool  # False: the lead already had it
    pdf: PidPdf | None
