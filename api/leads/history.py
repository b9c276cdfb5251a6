"""A lead's history: recording a change (every service that changes a lead records here), and reading every
recorded change, newest first, with readable labels and names."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from api.clients.models import Client
from api.leads import repository as repo
from api.leads.models import STATUS_LABELS, Lead, LeadHistory
from api.leads.schemas import HistoryEntry
from api.leads.visibility import readable_or_404
from api.master_data import models as md
from api.users.models import User

SYSTEM = "System"  # who made a change no user made (the PID workflow, for one)

# The lead's columns the edit form records a change of, by their field code (camelCase of the column).
HISTORY_FIELDS = [
    "project_name", "client_id", "project_type_id", "source_id", "entity_id", "unit_id", "project_description",
    "subscription_type", "competitor", "decision_maker", "expected_close_date", "project_start_date",
    "project_end_date", "project_duration", "project_budget", "total_unit", "total_revenue", "total_gross_profit",
    "status", "sales_person_id",
]

# Every field code the services record (leads, approvals, cost sheets, PIDs), as a person reads it.
LABELS = {
    "created": "Created",
    "activity": "Activity",
    "stage": "Stage",
    "status": "Status",
    "approval": "Approval",
    "pcsStatus": "PCS Status",
    "projectName": "Project Name",
    "clientId": "Client",
    "projectTypeId": "Project Type",
    "sourceId": "Source",
    "entityId": "Entity",
    "unitId": "Unit",
    "salesPersonId": "Sales Person",
    "reassignReason": "Reassignment Reason",
    "projectDescription": "Project Description",
    "subscriptionType": "Subscription Type",
    "competitor": "Competitor",
    "decisionMaker": "Decision Maker",
    "expectedCloseDate": "Expected Close Date",
    "projectStartDate": "Project Start Date",
    "projectEndDate": "Project End Date",
    "projectDuration": "Project Duration",
    "projectBudget": "Project Budget",
    "totalUnit": "Total Unit",
    "totalRevenue": "Total Revenue",
    "totalGrossProfit": "Total Gross Profit",
    "grossProfitMargin": "Gross Profit Margin",
    "personInCharges": "Persons in Charge",
    "serviceCategories": "Service Categories",
    "payments": "Payments",
    "billingSchedules": "Billing Schedules",
    "proposalFile": "Proposal",
    "projectCostSheetFile": "Project Cost Sheet File",
    "customerConfirmationDocumentFile": "Customer Confirmation Document",
    "project_id_number": "PID",
    "pid_pdf_file": "PID PDF",
}

# Fields whose values are row ids, shown as the row's name.
NAMED: dict[str, tuple[Any, Any]] = {
    "clientId": (Client.id, Client.client_name),
    "projectTypeId": (md.ProjectType.id, md.ProjectType.project_type_name),
    "sourceId": (md.Source.id, md.Source.source_name),
    "entityId": (md.Entity.id, md.Entity.entity_name),
    "unitId": (md.Unit.id, md.Unit.unit_name),
    "salesPersonId": (User.id, User.fullname),
}
# Fields whose values are codes, shown by the words of the code ('WAITING_FOR_APPROVAL (revision 1)' reads
# 'Waiting For Approval (revision 1)', as the cost sheet's status pill writes it).
CODED = {"pcsStatus", "subscriptionType"}
_CODE = re.compile(r"^[A-Z][A-Z_]*")


def camel(name: str) -> str:
    """A column's field code: 'project_type_id' -> 'projectTypeId'."""
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def record(session: Session, lead: Lead, actor: User | None, field: str, old: Any, new: Any) -> None:
    """Record one change of a lead (the edit form, an approval's outcome, a cost sheet, a PID); `actor` None is
    the system."""
    record_of(session, lead.id, actor, field, old, new)


def record_of(session: Session, lead_id: int, actor: User | None, field: str, old: Any, new: Any) -> None:
    """The same, by the lead's id (a step that has not loaded the lead)."""
    session.add(LeadHistory(lead_id=lead_id, changed_by=actor.id if actor else None, field=field,
                            old_value=_text(old), new_value=_text(new)))


def label(field: str) -> str:
    """The field as a person reads it; a code no one has named yet: 'someField' / 'some_field' -> 'Some Field'."""
    if field in LABELS:
        return LABELS[field]
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", field).replace("_", " ")
    return words[:1].upper() + words[1:]


def _names(session: Session, rows: list[LeadHistory]) -> dict[tuple[str, int], str]:
    """The names behind the ids the entries record, in one statement whatever their number."""
    wanted: dict[str, set[int]] = defaultdict(set)
    for h in rows:
        if h.field in NAMED:
            wanted[h.field].update(int(v) for v in (h.old_value, h.new_value) if v and v.isdigit())
    return repo.names_by_id(session, {field: (*NAMED[field], ids) for field, ids in wanted.items()})


def _stages(session: Session, rows: list[LeadHistory]) -> dict[str, str]:
    """'E3' -> 'E3 Qualified', when the entries record a stage."""
    return repo.stage_labels(session) if any(h.field == "stage" for h in rows) else {}


def _readable(field: str, value: str | None, names: dict[tuple[str, int], str], stages: dict[str, str]) -> str | None:
    if value is None:
        return None
    if field in NAMED:
        return names.get((field, int(value)), value) if value.isdigit() else value
    if field == "stage":
        return stages.get(value, value)
    if field == "status":
        return STATUS_LABELS.get(value, value)
    if field in CODED:
        return _CODE.sub(lambda m: m.group(0).replace("_", " ").title(), value)
    return value


def history(*, session: Session, actor: User, lead_id: int) -> list[HistoryEntry]:
    lead = readable_or_404(session, actor, lead_id)
    found = repo.history_of(session, lead.id)
    rows = [h for h, _ in found]
    names, stages = _names(session, rows), _stages(session, rows)
    return [HistoryEntry(id=h.id, field=h.field, label=label(h.field), old_value=h.old_value, new_value=h.new_value,
                         old_label=_readable(h.field, h.old_value, names, stages),
                         new_label=_readable(h.field, h.new_value, names, stages),
                         changed_by=name or SYSTEM, changed_at=h.changed_at) for h, name in found]
