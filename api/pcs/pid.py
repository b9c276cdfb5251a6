"""Project ID numbers (PID): one per lead, handed out once its cost sheet is approved, with the sheet's PDF.

The PidWorkflow (workflows/pid.py) runs the three steps below as activities; each is idempotent, so a retried
or repeated run leaves the same rows as one run: `allocate` (the number, counter and row in one transaction),
`attach_pdf` (render, store, record) and `notify` (the sales person, once)."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from api.clients.models import Client
from api.core import temporal as temporal_core
from api.core.config import Settings
from api.core.errors import AppError, Conflict, Forbidden, NotFound
from api.core.storage import Storage
from api.core.temporal import Client as TemporalClient
from api.leads import files as lead_files
from api.leads import history as lead_history
from api.leads import visibility as lead_visibility
from api.leads.models import Lead, LeadProjectId
from api.leads.repository import scoped
from api.leads.visibility import visible_sales_ids
from api.master_data.models import Entity
from api.notifications import dispatch
from api.notifications.catalogue import SALES_PERSON
from api.notifications.live import publish_changed
from api.pcs import pdf
from api.pcs import repository as repo
from api.pcs.models import ProjectCostSheet
from api.pcs.pid_schemas import PidFile, PidOverview, PidStart, ProjectIdNumber
from api.users.models import User
from workflows.contracts.pid import PidInput, pid_workflow_id

log = logging.getLogger(__name__)

NOT_APPROVED = "The project cost sheet must be approved before a PID is generated."
NOT_ALLOWED = "Only the lead's sales person can generate its PID."
UNAVAILABLE = "PID generation is unavailable right now. Please try again in a moment."
PID_NOT_FOUND = "PID not found."
FILE_NOT_FOUND = "Sorry we are unable to download the file you requested."
LEGAL_FORMS = {"PT", "TBK", "PTE", "LTD", "CV", "INC", "CO", "LLC", "PERSERO"}


class NotApprovedError(Exception):
    """The lead's sheet is not approved (a business refusal: the workflow does not retry it)."""


def entity_code(name: str | None) -> str:
    """'PT Nusantara Digital Solusi' -> 'NDS': initials of the name without its legal form; 'PID' without one."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", name or "") if w and w.upper() not in LEGAL_FORMS]
    return "".join(w[0] for w in words).upper()[:8] or "PID"


# -- the workflow's steps --------------------------------------------------------------------------------------

@dataclass
class Allocation:
    pid_id: int
    pid_number: str
    created: bool


def allocate(session: Session, *, lead_id: int, pcs_id: int | None) -> Allocation:
    """The lead's PID for its approved sheet: the existing one, or the next number of its prefix."""
    # The sheet row lock makes two runs for one lead take turns, so the second finds the first one's PID.
    sheet = repo.approved_sheet(session, lead_id, lock=True)
    if sheet is None or (pcs_id is not None and sheet.id != pcs_id):
        session.rollback()
        raise NotApprovedError(NOT_APPROVED)
    existing = repo.pid_of(session, lead_id, sheet.id)
    if existing is not None:
        found = Allocation(existing.id, existing.pid_number, created=False)
        session.rollback()
        return found
    lead = session.get(Lead, lead_id)
    assert lead is not None
    entity = session.get(Entity, lead.entity_id) if lead.entity_id else None
    prefix = f"{entity_code(entity.entity_name if entity else None)}-{datetime.now(UTC).year}"
    number = repo.next_pid_number(session, prefix)
    row = LeadProjectId(lead_id=lead_id, pid_number=f"{prefix}-{number:04d}", pcs_id=sheet.id)
    session.add(row)
    lead_history.record(session, lead, None, "project_id_number", None, row.pid_number)
    session.flush()
    made = Allocation(row.id, row.pid_number, created=True)
    session.commit()
    return made


def attach_pdf(session: Session, storage: Storage, *, pid_id: int) -> dict[str, Any]:
    """Render the sheet's PDF (with its PID) once, store it with the lead's files and record it."""
    row = repo.pid_for_update(session, pid_id)
    if row is None:
        session.rollback()
        raise NotFound(PID_NOT_FOUND)
    stored = row.pdf_file
    if stored and storage.exists(lead_files.namespace(row.lead_id), stored["key"]):
        session.rollback()
        return dict(stored)
    lead = session.get(Lead, row.lead_id)
    assert lead is not None
    doc = pdf.document(session, lead)
    doc.pid = row.pid_number
    data = pdf.render(doc)
    key = "pid-" + re.sub(r"[^A-Za-z0-9-]", "_", row.pid_number) + ".pdf"
    storage.save(lead_files.namespace(row.lead_id), key, data)  # same key on a retry: overwritten, not doubled
    file = {"name": pdf.filename(doc.client, doc.project), "size": len(data), "key": key}
    row.pdf_file = file
    if not stored:
        lead_history.record(session, lead, None, "pid_pdf_file", None, file["name"])
    session.commit()
    return file


def notify(session: Session, *, pid_id: int) -> bool:
    """Tell the sales person (and whoever the PID_GENERATED setting names) their PID is ready, once; False when
    they were told already."""
    row = session.get(LeadProjectId, pid_id)
    lead = session.get(Lead, row.lead_id) if row else None
    if row is None or lead is None:
        return False
    if not dispatch.first_time(session, f"pid-generated:{pid_id}"):
        session.rollback()
        return False

    def event() -> dispatch.Event:
        client = session.get(Client, lead.client_id)
        sales = session.get(User, lead.sales_person_id)
        return dispatch.Event(
            {"pid": row.pid_number, "project": lead.project_name, "client": client.client_name if client else None,
             "sales_person": sales.fullname if sales else ""},
            people={SALES_PERSON: [lead.sales_person_id]}, link=f"/leads/{lead.id}/generate-pid", lead_id=lead.id)

    told = dispatch.tell(session, "PID_GENERATED", event)
    session.commit()
    publish_changed(told)
    return True


# -- starting the workflow ---------------------------------------------------------------------------------------

def start(temporal: TemporalClient | None, settings: Settings, *, lead_id: int, pcs_id: int | None) -> PidStart:
    """Start the lead's PidWorkflow, or answer the one already running or finished (never a second PID)."""
    wid = pid_workflow_id(lead_id, settings.temporal_task_queue)
    if temporal is None:
        raise AppError(UNAVAILABLE, status=503)

    async def go() -> str:
        _, status = await temporal_core.start_pid(temporal, PidInput(lead_id=lead_id, pcs_id=pcs_id),
                                                  task_queue=settings.temporal_task_queue)
        return status

    try:
        status = temporal_core.blocking(go)
    except Exception as exc:
        log.exception("could not start %s", wid)
        raise AppError(UNAVAILABLE, status=503) from exc
    return PidStart(workflow_id=wid, status=status)


def _approved_or_409(session: Session, lead_id: int) -> ProjectCostSheet:
    sheet = repo.approved_sheet(session, lead_id)
    if sheet is None:
        raise Conflict(NOT_APPROVED)
    return sheet


def generate(*, session: Session, temporal: TemporalClient | None, settings: Settings, actor: User,
             lead_id: int) -> PidStart:
    """POST /leads/{id}/generate-pid: the lead's sales person (or a role that sees every lead) asks for its PID."""
    lead = lead_visibility.visible_or_404(session, actor, lead_id)
    if lead.sales_person_id != actor.id and not actor.role.hierarchy_whitelist:
        raise Forbidden(NOT_ALLOWED)
    sheet = _approved_or_409(session, lead.id)
    return start(temporal, settings, lead_id=lead.id, pcs_id=sheet.id)


def process(*, session: Session, temporal: TemporalClient | None, settings: Settings, actor: User,
            lead_id: int) -> PidStart:
    """POST /frontend-scheduler/process/pid: make sure a visible lead with an approved sheet gets its PID."""
    lead = lead_visibility.visible_or_404(session, actor, lead_id)
    sheet = _approved_or_409(session, lead.id)
    return start(temporal, settings, lead_id=lead.id, pcs_id=sheet.id)


def pending_leads(*, session: Session, actor: User) -> list[int]:
    """Visible leads whose sheet is approved and which have no PID yet."""
    return repo.lead_ids(session, scoped(repo.pending_pids(), visible_sales_ids(session, actor)))


def all_pending_leads(session: Session, *, limit: int = 100) -> list[int]:
    """Every lead whose sheet is approved and which has no PID yet (for the periodic sweep)."""
    return repo.lead_ids(session, repo.pending_pids().limit(limit))


def project_ids(session: Session, lead_id: int) -> list[ProjectIdNumber]:
    """The lead's PIDs, oldest first, each with its PDF (for the generate-PID screen and the cost sheet form)."""
    return [ProjectIdNumber(
        id=r.id, pid_number=r.pid_number, created_at=r.created_at,
        pdf_file=PidFile(name=r.pdf_file["name"], size=r.pdf_file["size"],
                         url=f"/api/leads/{lead_id}/project-ids/{r.id}/pdf") if r.pdf_file else None,
        pdf_pending=r.pdf_file is None and r.pcs_id is not None)
        for r in repo.pids(session, lead_id)]


def overview(*, session: Session, actor: User, lead_id: int) -> PidOverview:
    """GET /leads/{id}/project-ids: what the generate-PID screen shows."""
    lead = lead_visibility.visible_or_404(session, actor, lead_id)
    client = session.get(Client, lead.client_id)
    sheet = repo.sheet_of_lead(session, lead.id)
    approved = repo.approved_sheet(session, lead.id) is not None
    pids = project_ids(session, lead.id)
    return PidOverview(
        lead_id=lead.id, project_name=lead.project_name, client_name=client.client_name if client else "",
        pcs_status="APPROVED" if approved else (sheet.status if sheet else None), approved=approved,
        can_generate=approved and not pids and (lead.sales_person_id == actor.id or actor.role.hierarchy_whitelist),
        project_id_numbers=pids)


def pdf_path(*, session: Session, storage: Storage, actor: User, lead_id: int, pid_id: int) -> tuple[Any, str]:
    """The stored PDF of one of a visible lead's PIDs and its download name."""
    lead_visibility.visible_or_404(session, actor, lead_id)
    row = session.get(LeadProjectId, pid_id)
    if row is None or row.lead_id != lead_id or not row.pdf_file:
        raise NotFound(FILE_NOT_FOUND)
    stored = storage.find(lead_files.namespace(lead_id), row.pdf_file["key"])
    if stored is None:
        raise NotFound(FILE_NOT_FOUND)
    return stored, row.pdf_file["name"]
