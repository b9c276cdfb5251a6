"""The import workflow's contract: one run per import and phase (the dry run, the run), its input and result."""

from __future__ import annotations

from dataclasses import dataclass

WORKFLOW = "ImportWorkflow"


def import_workflow_id(job_id: int, phase: str, task_queue: str, attempt: str = "") -> str:
    """The run (phase RUN) has one id per import and deployment: it is started once and never writes a row twice. A
    dry run may be asked again after the mapping changed: `attempt` tells its runs apart."""
    return f"import-{job_id}-{phase.lower()}{'-' + attempt if attempt else ''}@{task_queue}"


@dataclass
class ImportInput:
    job_id: int
    phase: str  # DRY, RUN


@dataclass
class ImportBatch:
    job_id: int
    phase: str


@dataclass
class ImportProgress:
    done: int
    total: int
    finished: bool
