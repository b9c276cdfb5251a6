"""PID activities: allocate the number, render and store the PDF, tell the sales person. Each is idempotent
(a retry or a second run finds its earlier work and answers it), so the workflow may repeat any of them."""

from __future__ import annotations

from temporalio import activity
from temporalio.exceptions import ApplicationError

from api.core.config import get_settings
from api.core.errors import AppError
from api.core.storage import open_storage
from api.pcs import pid
from workflows.activities.db import sessions
from workflows.contracts.pid import AllocatePid, PidAllocated, PidPdf


@activity.defn
def allocate_pid(data: AllocatePid) -> PidAllocated:
    """The lead's PID (existing, or the next number of its prefix); refuses a sheet that is not approved."""
    with sessions()() as session:
        try:
            found = pid.allocate(session, lead_id=data.lead_id, pcs_id=data.pcs_id)
        except pid.NotApprovedError as exc:
            raise ApplicationError(str(exc), type="NotApproved", non_retryable=True) from exc
    return PidAllocated(found.pid_id, found.pid_number, found.created)


@activity.defn
def attach_pid_pdf(pid_id: int) -> PidPdf:
    """Render the sheet's PDF with its PID, store it with the lead's files and record it (once)."""
    with sessions()() as session:
        try:
            file = pid.attach_pdf(session, open_storage(get_settings()), pid_id=pid_id)
        except AppError as exc:  # the PID or its sheet is gone: retrying will not bring it back
            raise ApplicationError(str(exc), type=type(exc).__name__, non_retryable=True) from exc
    return PidPdf(name=file["name"], size=file["size"], key=file["key"])


@activity.defn
def notify_pid(pid_id: int) -> bool:
    """Tell the sales person (an INFORMATION notification and a live bell update), once."""
    with sessions()() as session:
        return pid.notify(session, pid_id=pid_id)


@activity.defn
def pending_pid_leads() -> list[int]:
    """Leads whose cost sheet is approved and which still have no PID."""
    with sessions()() as session:
        return pid.all_pending_leads(session)
