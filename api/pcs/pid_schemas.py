"""Wire shapes of the PDF and PID calls."""

from __future__ import annotations

from datetime import datetime

from api.core.schemas import CamelModel


class PidStart(CamelModel):
    workflow_id: str
    status: str  # the workflow's status: RUNNING, COMPLETED, ...


class PidFile(CamelModel):
    name: str
    size: int
    url: str


class ProjectIdNumber(CamelModel):
    id: int
    pid_number: str
    created_at: datetime
    pdf_file: PidFile | None
    # the PID workflow is still rendering its PDF; False for a PID given without a cost sheet (e.g. imported),
    # whose PDF never comes
    pdf_pending: bool


class PidOverview(CamelModel):
    lead_id: int
    project_name: str
    client_name: str
    pcs_status: str | None  # the sheet's status, None without a sheet
    approved: bool
    # approved, no PID yet (a lead has one, for good), and the caller is the lead's sales person or sees every lead
    can_generate: bool
    project_id_numbers: list[ProjectIdNumber]


class PendingPids(CamelModel):
    lead_ids_pid_not_generated: list[int]


class PdfMailSent(CamelModel):
    message: str
    to: str
    workflow_id: str
