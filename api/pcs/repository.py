"""Cost sheet queries: the lead's sheet, its items and billing, files, history, PIDs and their counters, and
parameters."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, exists, func, or_, select, text
from sqlalchemy.orm import Session, aliased

from api.approvals.models import ApprovalDecision, ApprovalRequest
from api.coa.models import ChartOfAccount
from api.leads.models import Lead, LeadProjectId, LeadServiceCategory
from api.master_data import models as md
from api.pcs.models import (
    ProjectCostSheet,
    ProjectCostSheetBilling,
    ProjectCostSheetFile,
    ProjectCostSheetHistory,
    ProjectCostSheetItem,
)
from api.users.models import User


# unscoped: by a lead the service checked (visibility's loaders)
def sheet_of_lead(session: Session, lead_id: int, *, for_update: bool = False) -> ProjectCostSheet | None:
    stmt = select(ProjectCostSheet).where(ProjectCostSheet.lead_id == lead_id)
    if for_update:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).first()


# unscoped: by a request of a lead the caller checked
def sheet_of_request(session: Session, request_id: int, *, for_update: bool = False) -> ProjectCostSheet | None:
    stmt = select(ProjectCostSheet).where(ProjectCostSheet.approval_request_id == request_id)
    if for_update:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).first()


# unscoped: by requests of a lead the caller checked
def revisions_of_requests(session: Session, request_ids: list[int]) -> dict[int, int]:
    """The revision each PCS approval request was made for: its current sheet's, else the latest frozen one's (at
    most two statements)."""
    if not request_ids:
        return {}
    found = {request_id: revision for request_id, revision in session.execute(
        select(ProjectCostSheet.approval_request_id, ProjectCostSheet.revision_batch)
        .where(ProjectCostSheet.approval_request_id.in_(request_ids))).tuples() if request_id is not None}
    missing = [i for i in request_ids if i not in found]
    if missing:
        for request_id, revision in session.execute(  # oldest first: the latest frozen one stays
                select(ProjectCostSheetHistory.approval_request_id, ProjectCostSheetHistory.revision_batch)
                .where(ProjectCostSheetHistory.approval_request_id.in_(missing))
                .order_by(ProjectCostSheetHistory.id)).tuples():
            if request_id is not None:
                found[request_id] = revision
    return found


def revision_of_request(session: Session, request_id: int) -> int | None:
    """The revision a PCS approval request was made for (the current sheet or a frozen one)."""
    return revisions_of_requests(session, [request_id]).get(request_id)


# unscoped: by a request of a lead the caller checked
def frozen_of_request(session: Session, request_id: int) -> ProjectCostSheetHistory | None:
    """The latest frozen revision a PCS approval request was made for."""
    return session.scalars(select(ProjectCostSheetHistory)
                           .where(ProjectCostSheetHistory.approval_request_id == request_id)
                           .order_by(ProjectCostSheetHistory.id.desc()).limit(1)).first()


def item_count(session: Session, pcs_id: int) -> int:
    return session.scalar(select(func.count()).where(ProjectCostSheetItem.pcs_id == pcs_id)) or 0


def items_of(session: Session, pcs_id: int) -> list[tuple[ProjectCostSheetItem, ChartOfAccount]]:
    stmt = (select(ProjectCostSheetItem, ChartOfAccount)
            .join(ChartOfAccount, ChartOfAccount.id == ProjectCostSheetItem.coa_id)
            .where(ProjectCostSheetItem.pcs_id == pcs_id)
            .order_by(ProjectCostSheetItem.position, ProjectCostSheetItem.id))
    return [(item, coa) for item, coa in session.execute(stmt).tuples()]


def billings_of(session: Session, item_ids: Iterable[int]) -> dict[int, list[ProjectCostSheetBilling]]:
    ids = list(item_ids)
    result: dict[int, list[ProjectCostSheetBilling]] = defaultdict(list)
    if not ids:
        return result
    stmt = (select(ProjectCostSheetBilling).where(ProjectCostSheetBilling.item_id.in_(ids))
            .order_by(ProjectCostSheetBilling.position, ProjectCostSheetBilling.id))
    for row in session.scalars(stmt):
        result[row.item_id].append(row)
    return result


def coas(session: Session, ids: Iterable[int]) -> dict[int, ChartOfAccount]:
    wanted = list({i for i in ids if i})
    if not wanted:
        return {}
    return {c.id: c for c in session.scalars(select(ChartOfAccount).where(ChartOfAccount.id.in_(wanted)))}


# unscoped: by a lead the service checked (visibility's loaders)
def current_file(session: Session, pcs_id: int, revision_batch: int) -> ProjectCostSheetFile | None:
    """The newest file of this revision that was not removed."""
    stmt = (select(ProjectCostSheetFile)
            .where(ProjectCostSheetFile.pcs_id == pcs_id, ProjectCostSheetFile.revision_batch == revision_batch,
                   ProjectCostSheetFile.is_deleted.is_(False))
            .order_by(ProjectCostSheetFile.id.desc()).limit(1))
    return session.scalars(stmt).first()


# unscoped: by a lead the service checked (visibility's loaders)
def files_of_revision(session: Session, pcs_id: int, revision_batch: int) -> list[ProjectCostSheetFile]:
    stmt = select(ProjectCostSheetFile).where(ProjectCostSheetFile.pcs_id == pcs_id,
                                              ProjectCostSheetFile.revision_batch == revision_batch,
                                              ProjectCostSheetFile.is_deleted.is_(False))
    return list(session.scalars(stmt))


# unscoped: by a lead the service checked (visibility's loaders)
def file_by_name(session: Session, filename: str) -> ProjectCostSheetFile | None:
    stmt = (select(ProjectCostSheetFile).where(ProjectCostSheetFile.filename == filename)
            .order_by(ProjectCostSheetFile.id.desc()).limit(1))
    return session.scalars(stmt).first()


def pid_by_file_key(session: Session, key: str) -> LeadProjectId | None:
    stmt = select(LeadProjectId).where(LeadProjectId.pdf_file["key"].astext == key).limit(1)
    return session.scalars(stmt).first()


# unscoped: by a sheet of a lead the service checked
def histories(session: Session, pcs_id: int) -> list[ProjectCostSheetHistory]:
    stmt = (select(ProjectCostSheetHistory).where(ProjectCostSheetHistory.pcs_id == pcs_id)
            .order_by(ProjectCostSheetHistory.revision_batch.desc(), ProjectCostSheetHistory.id.desc()))
    return list(session.scalars(stmt))


# unscoped: by a sheet of a lead the service checked
def history(session: Session, pcs_id: int, revision_batch: int) -> ProjectCostSheetHistory | None:
    stmt = (select(ProjectCostSheetHistory)
            .where(ProjectCostSheetHistory.pcs_id == pcs_id,
                   ProjectCostSheetHistory.revision_batch == revision_batch)
            .order_by(ProjectCostSheetHistory.id.desc()).limit(1))
    return session.scalars(stmt).first()


def pids(session: Session, lead_id: int) -> list[LeadProjectId]:
    stmt = select(LeadProjectId).where(LeadProjectId.lead_id == lead_id).order_by(LeadProjectId.id)
    return list(session.scalars(stmt))


def service_categories(session: Session, lead_id: int) -> list[Any]:
    """The lead's service categories with their names and whether the category has sub categories."""
    sub = aliased(md.SubServiceCategory)
    has_sub = select(sub.id).where(sub.service_category_id == LeadServiceCategory.service_category_id).exists()
    stmt = (select(LeadServiceCategory.service_category_id, md.ServiceCategory.service_category_name,
                   LeadServiceCategory.sub_service_category_id, md.SubServiceCategory.sub_service_category_name,
                   has_sub.label("has_sub_categories"))
            .join(md.ServiceCategory, md.ServiceCategory.id == LeadServiceCategory.service_category_id)
            .outerjoin(md.SubServiceCategory,
                       md.SubServiceCategory.id == LeadServiceCategory.sub_service_category_id)
            .where(LeadServiceCategory.lead_id == lead_id).order_by(LeadServiceCategory.id))
    return list(session.execute(stmt))


def parameter_values(session: Session, name: str) -> list[str]:
    stmt = select(md.Parameter.param_value).where(md.Parameter.param_name == name).order_by(md.Parameter.id)
    return list(session.scalars(stmt))


def decisions_of(session: Session, request_id: int) -> list[ApprovalDecision]:
    stmt = (select(ApprovalDecision).where(ApprovalDecision.request_id == request_id)
            .order_by(ApprovalDecision.decided_at, ApprovalDecision.id))
    return list(session.scalars(stmt))


def decisions_named(session: Session, request_id: int) -> list[Any]:
    """The request's decisions (layer_index, action, decided_at, fullname of the approver), by layer then time."""
    return list(session.execute(
        select(ApprovalDecision.layer_index, ApprovalDecision.action, ApprovalDecision.decided_at, User.fullname)
        .join(User, User.id == ApprovalDecision.approver_id)
        .where(ApprovalDecision.request_id == request_id)
        .order_by(ApprovalDecision.layer_index, ApprovalDecision.decided_at, ApprovalDecision.id)).all())


def drop_billings(session: Session, item_ids: set[int]) -> None:
    """The billing rows of these items (the save writes them again)."""
    if item_ids:
        session.execute(delete(ProjectCostSheetBilling).where(ProjectCostSheetBilling.item_id.in_(item_ids)))


# -- PIDs ------------------------------------------------------------------------------------------------------------

# unscoped: a condition composed into scoped queries
def approved_clause() -> Any:
    """The sheet is approved: its status says so, or the approval request it was submitted with finished
    APPROVED (the same transaction normally sets both; either one is enough)."""
    return or_(ProjectCostSheet.status == "APPROVED",
               ProjectCostSheet.approval_request_id.in_(
                   select(ApprovalRequest.id).where(ApprovalRequest.status == "APPROVED")))


# unscoped: by a lead the service checked (visibility's loaders)
def approved_sheet(session: Session, lead_id: int, *, lock: bool = False) -> ProjectCostSheet | None:
    stmt = select(ProjectCostSheet).where(ProjectCostSheet.lead_id == lead_id, approved_clause())
    return session.scalars(stmt.with_for_update(of=ProjectCostSheet) if lock else stmt).first()


def pid_of(session: Session, lead_id: int, pcs_id: int) -> LeadProjectId | None:
    """The lead's PID, that of this sheet first, else its latest."""
    return session.scalars(select(LeadProjectId).where(LeadProjectId.lead_id == lead_id)
                           .order_by((LeadProjectId.pcs_id == pcs_id).desc().nulls_last(),
                                     LeadProjectId.id.desc()).limit(1)).first()


def next_pid_number(session: Session, prefix: str) -> int:
    """The prefix's next number (its counter row made on first use), in one statement."""
    return int(session.execute(text(
        "INSERT INTO pid_counters (prefix, last_number) VALUES (:prefix, 1) "
        "ON CONFLICT (prefix) DO UPDATE SET last_number = pid_counters.last_number + 1 RETURNING last_number"),
        {"prefix": prefix}).scalar_one())


def pid_for_update(session: Session, pid_id: int) -> LeadProjectId | None:
    return session.scalars(select(LeadProjectId).where(LeadProjectId.id == pid_id).with_for_update()).first()


# unscoped: composed: pid.pending_leads scopes it, the PID sweep acts for the system
def pending_pids() -> Any:
    """Leads whose sheet is approved and which have no PID yet (a statement to scope and limit)."""
    return (select(Lead.id).join(ProjectCostSheet, ProjectCostSheet.lead_id == Lead.id)
            .where(approved_clause(), ~exists().where(LeadProjectId.lead_id == Lead.id)).order_by(Lead.id))


def lead_ids(session: Session, stmt: Any) -> list[int]:
    return list(session.scalars(stmt))
