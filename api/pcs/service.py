"""Project cost sheets: saving a draft, submitting for approval (a PCS approval request on the engine),
revisions with frozen history, the spreadsheet and the approval flow of a revision. Reading the form is
api/pcs/form.py."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from api.approvals import pipelines as approval_pipelines
from api.approvals import service as approvals_service
from api.approvals.models import ApprovalRequest
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import AppError, Conflict, Forbidden, NotFound, ValidationFailed
from api.core.inputs import INT32_MAX
from api.core.storage import Storage, StoredFile
from api.core.temporal import Client as TemporalClient
from api.core.uploads import Upload
from api.leads import files as lead_files
from api.leads import history as lead_history
from api.leads import repository as leads_repo
from api.leads import visibility as lead_visibility
from api.leads.models import Lead
from api.operations import access as operations
from api.pcs import approval as pcs_approval
from api.pcs import billing
from api.pcs import files as pcs_files
from api.pcs import form as pcs_form
from api.pcs import repository as repo
from api.pcs.billing import BillingRow, ItemRow
from api.pcs.models import (
    ProjectCostSheet,
    ProjectCostSheetBilling,
    ProjectCostSheetFile,
    ProjectCostSheetHistory,
    ProjectCostSheetItem,
)
from api.pcs.schemas import FlowOut, PcsForm, SaveIn
from api.users.models import User

OLD_REVISION = "Only the current revision of the project cost sheet can be changed."
FILE_REQUIRED = "PCS File must be uploaded before approval submission"
SUB_SERVICE_REQUIRED = "Sub service is required for this lead!!!"
UNKNOWN_COA = "Please choose an item from the chart of accounts"
FLOW_EMPTY = "PCS approval status data is empty"
DOWNLOAD_FAILED = "Sorry we are unable to download the file you requested."
MARGIN_LIMIT = Decimal("9999999.99")  # Numeric(9, 2): a draft with absurd costs must not overflow the column


# -- saving ------------------------------------------------------------------------------------------------------

def _rows(session: Session, data: SaveIn, existing: dict[int, ProjectCostSheetItem]) -> tuple[list[ItemRow], list[str]]:
    """The sent items as rule rows, and what is wrong with their chart of accounts entries."""
    known = repo.coas(session, [i.coa_id for i in data.items if i.coa_id and 0 < i.coa_id <= INT32_MAX])
    kept = {item.coa_id for item in existing.values()}
    rows, errors = [], []
    for index, item in enumerate(data.items, start=1):
        coa = known.get(item.coa_id) if item.coa_id else None
        if coa is not None and not coa.is_active and coa.id not in kept:
            coa = None  # a removed entry stays only on the sheets that already used it
        name = coa.name if coa is not None else f"Item {index}"
        type_ = (item.type or (coa.type if coa is not None else "")).upper()
        row = ItemRow(type=type_, coa_name=name, description=item.description, quantity=item.quantity,
                      term_of_payment=item.term_of_payment, selling_price=item.selling_price, item_id=item.id,
                      billings=[BillingRow((b.description or "").strip() or None, b.amount, b.payment_status,
                                           b.schedule) for b in item.billing_schedules])
        if any(b.payment_status not in (None, billing.NOT_BILLED) and b.payment_status in billing.PAYMENT_STATUSES
               for b in row.billings):  # a known status other than NOT_YET; an unknown one is validate_item's
            errors.append(billing.item_label(row) + billing.PAYMENT_STATUS_LATER)
        if coa is None:
            errors.append(billing.item_label(row) + UNKNOWN_COA)
        elif type_ in billing.ITEM_TYPES and type_ != coa.type:
            errors.append(billing.item_label(row) + f"The item type must match its chart of accounts entry "
                                                    f"({coa.type})")
        rows.append(row)
    return rows, errors


def _snapshot(session: Session, sheet: ProjectCostSheet) -> None:
    """Freeze the current revision (with its commission rows; hidden again when read) into history."""
    frozen = pcs_form.pcs_out(session, sheet, commission=True).model_dump(mode="json", by_alias=True)
    session.add(ProjectCostSheetHistory(pcs_id=sheet.id, revision_batch=sheet.revision_batch, status=sheet.status,
                                        remark=sheet.remark, approval_request_id=sheet.approval_request_id,
                                        snapshot=frozen))


def _write_items(session: Session, sheet: ProjectCostSheet, data: SaveIn, rows: list[ItemRow],
                 existing: dict[int, ProjectCostSheetItem]) -> None:
    """Update the kept items, add the new ones and drop the rest; every kept item's billing is replaced. A few
    statements for the whole sheet, not a few per item."""
    schedules: dict[ProjectCostSheetItem, list[BillingRow]] = {}  # an item sent twice keeps its last billing
    for position, (sent, row) in enumerate(zip(data.items, rows, strict=True)):
        selling, _ = billing.item_totals(row)
        item = existing.get(sent.id) if sent.id else None
        if item is None:
            item = ProjectCostSheetItem(pcs_id=sheet.id)
            session.add(item)
        assert sent.coa_id is not None and row.quantity is not None and row.term_of_payment is not None
        item.coa_id, item.type, item.position = sent.coa_id, row.type, position
        item.description = (row.description or "").strip()
        item.quantity, item.term_of_payment = int(row.quantity), int(row.term_of_payment)
        item.selling_price, item.total_selling_price = row.selling_price or Decimal(0), selling
        schedules[item] = row.billings
    keep = {item.id for item in schedules if item.id is not None}
    repo.drop_billings(session, keep)
    for item_id, item in existing.items():
        if item_id not in keep:
            session.delete(item)
    session.flush()  # the new items get their ids
    session.add_all([ProjectCostSheetBilling(item_id=item.id, description=b.description or "", amount=b.amount,
                                             payment_status=b.payment_status or "NOT_YET", schedule=b.schedule,
                                             position=i)
                     for item, sent_billings in schedules.items() for i, b in enumerate(sent_billings)])


def _write_totals(session: Session, sheet: ProjectCostSheet, rows: list[ItemRow]) -> None:
    totals = billing.sheet_totals(rows, pcs_form.commission_percent(session))

    def bounded(value: Decimal) -> Decimal:
        return max(-MARGIN_LIMIT, min(MARGIN_LIMIT, value))

    sheet.total_revenue, sheet.total_cost, sheet.gross_profit = (totals.total_revenue, totals.total_cost,
                                                                 totals.gross_profit)
    sheet.gross_profit_margin = bounded(totals.gross_profit_margin)
    sheet.commission_allocation, sheet.gp_after_commission = totals.commission_allocation, totals.gp_after_commission
    sheet.gp_margin_after_commission = bounded(totals.gp_margin_after_commission)


def _files(session: Session, storage: Storage, actor: User, lead: Lead, sheet: ProjectCostSheet, *,
           previous: ProjectCostSheetFile | None, deleted: bool, upload: Upload | None) -> None:
    """Keep the revision's spreadsheet: removed by the user, replaced by an upload, or carried into a new
    revision from the one before."""
    if deleted:
        for row in repo.files_of_revision(session, sheet.id, sheet.revision_batch):
            row.is_deleted = True
    if upload is not None:
        stored = pcs_files.store(storage.staged(session), lead_id=lead.id, revision_batch=sheet.revision_batch,
                                 upload=upload)
        session.add(ProjectCostSheetFile(lead_id=lead.id, pcs_id=sheet.id, revision_batch=sheet.revision_batch,
                                         file_path=f"{lead_files.namespace(lead.id)}/{stored.filename}",
                                         filename=stored.filename, display_name=stored.display_name,
                                         original_filename=stored.original_filename, size=stored.size))
        # the lead's own PCS file (E5 requirement, lead files) follows the sheet's newest upload
        old = lead.project_cost_sheet_file
        lead_files.discard(storage.staged(session), lead_id=lead.id, value=old)
        lead_history.record(session, lead, actor, "projectCostSheetFile", old["name"] if old else None,
                                    stored.display_name)
        lead.project_cost_sheet_file = {"name": stored.display_name, "size": stored.size, "key": stored.filename}
    elif previous is not None and not deleted:
        session.add(ProjectCostSheetFile(lead_id=lead.id, pcs_id=sheet.id, revision_batch=sheet.revision_batch,
                                         file_path=previous.file_path, filename=previous.filename,
                                         display_name=previous.display_name,
                                         original_filename=previous.original_filename, size=previous.size))


def save(*, session: Session, storage: Storage, temporal: TemporalClient | None, settings: Settings, actor: User,
         data: SaveIn, upload: Upload | AppError | None, submit: bool) -> PcsForm:
    """Save the sheet as a draft or submit it for approval. The server computes every total and answers every
    failing rule at once (422); only the lead's sales person may edit the current, unlocked revision."""
    lead = lead_visibility.visible_or_404(session, actor, data.leads_id)
    if lead.sales_person_id != actor.id:
        raise Forbidden(pcs_form.NOT_SALES_PERSON)
    # Lock order sheet, then lead (as the approval outcome does); without a sheet the lead row serialises the
    # first saves, so two of them cannot both create one.
    sheet = repo.sheet_of_lead(session, lead.id, for_update=True)
    if sheet is None:
        leads_repo.lock(session, lead.id)
        sheet = repo.sheet_of_lead(session, lead.id, for_update=True)
    reason = pcs_form.lock_reason(lead, sheet, actor)
    if reason is not None:
        raise Conflict(reason)
    if sheet is not None and data.revision_batch is not None and data.revision_batch != sheet.revision_batch:
        raise Conflict(OLD_REVISION)

    existing = {item.id: item for item, _ in repo.items_of(session, sheet.id)} if sheet is not None else {}
    rows, coa_errors = _rows(session, data, existing)
    errors = billing.validate_sheet(remark=data.remark, items=rows, submit=submit) + coa_errors
    checked = upload if isinstance(upload, Upload) else None
    if isinstance(upload, AppError):  # the spreadsheet's refusal (its size or content), with the other errors
        errors.extend(upload.messages)
    previous = repo.current_file(session, sheet.id, sheet.revision_batch) if sheet is not None else None
    deleted = data.uploaded_file_state.is_deleted_by_user
    if submit:
        if upload is None and (previous is None or deleted):
            errors.append(FILE_REQUIRED)
        if pcs_form.service_categories(session, lead.id)[1]:
            errors.append(SUB_SERVICE_REQUIRED)
    if errors:
        raise ValidationFailed(errors)
    if submit and approval_pipelines.find_version(session, action_type="PCS",
                                                 sales_person_id=lead.sales_person_id) is None:
        raise Conflict(approvals_service.NO_PIPELINE)
    if submit and temporal is None:
        raise AppError(approvals_service.UNAVAILABLE, status=503)

    now = datetime.now(UTC)
    carried = None
    if sheet is None:
        sheet = ProjectCostSheet(lead_id=lead.id, revision_batch=0, pcs_version=0, remark="", created_by=actor.id)
        session.add(sheet)
        session.flush()
    elif sheet.status == pcs_form.REJECTED:
        _snapshot(session, sheet)  # revision N is kept as it was rejected; the edit becomes revision N + 1
        sheet.revision_batch += 1
        sheet.approval_request_id, sheet.requested_at = None, None
        carried, previous = previous, None
    sheet.pcs_version += 1
    sheet.remark = (data.remark or "").strip()
    sheet.status = pcs_form.DRAFT
    sheet.updated_by, sheet.updated_at = actor.id, now
    _write_items(session, sheet, data, rows, existing)
    _write_totals(session, sheet, rows)
    _files(session, storage, actor, lead, sheet, previous=carried, deleted=deleted, upload=checked)
    session.flush()
    if submit:
        assert temporal is not None
        pcs_approval.request_pcs(session=session, temporal=temporal, settings=settings, actor=actor, lead=lead,
                                 sheet=sheet)
        return pcs_form.build(session, actor, lead)
    answer = pcs_form.build(session, actor, lead)  # before the commit: a draft whose answer fails keeps nothing
    session.commit()
    return answer


# -- the file and the approval flow --------------------------------------------------------------------------------

def download(*, session: Session, storage: Storage, actor: User, filename: str) -> tuple[StoredFile, str]:
    """(path, download name) of a cost sheet spreadsheet or generated PID PDF of a visible lead."""
    row = repo.file_by_name(session, filename)
    lead_id, name = (row.lead_id, row.display_name) if row is not None else (None, None)
    if row is None:
        pid = repo.pid_by_file_key(session, filename)
        if pid is not None and pid.pdf_file:
            lead_id, name = pid.lead_id, pid.pdf_file.get("name") or filename
    if lead_id is None or name is None:
        raise NotFound(DOWNLOAD_FAILED)
    try:
        lead_visibility.readable_or_404(session, actor, lead_id)
    except NotFound as exc:
        raise NotFound(DOWNLOAD_FAILED) from exc
    stored = storage.find(lead_files.namespace(lead_id), filename)
    if stored is None:
        raise NotFound(DOWNLOAD_FAILED)
    return stored, name


def approval_flow(*, session: Session, settings: Settings, actor: User, lead_id: int,
                  revision_batch: int | None = None, policy: PolicyStore | None = None) -> FlowOut:
    """The approval timeline of the current revision (or an earlier one): a draft shows the layers it would
    go through; a rejected current revision has none to show."""
    lead = lead_visibility.readable_or_404(session, actor, lead_id)
    sheet = repo.sheet_of_lead(session, lead.id)
    if sheet is None:
        raise NotFound(FLOW_EMPTY)
    request_id: int | None
    saved_at: datetime | None
    requested_at: datetime | None
    if revision_batch is None or revision_batch == sheet.revision_batch:
        if sheet.status == pcs_form.REJECTED:
            raise NotFound(FLOW_EMPTY)
        status, request_id, saved_at, requested_at = (sheet.status, sheet.approval_request_id, sheet.updated_at,
                                                      sheet.requested_at)
    else:
        frozen = repo.history(session, sheet.id, revision_batch)
        if frozen is None:
            raise NotFound(FLOW_EMPTY)
        snapshot: dict[str, Any] = frozen.snapshot
        status, request_id = frozen.status, frozen.approval_request_id
        saved_at = _parse_time(snapshot.get("savedAt"))
        requested_at = _parse_time(snapshot.get("requestedAt"))
    request = session.get(ApprovalRequest, request_id) if request_id else None
    if request is None:
        version = approval_pipelines.find_version(session, action_type="PCS", sales_person_id=lead.sales_person_id)
        return FlowOut(status=status, heading="Saved on", date=saved_at, approval_id=None, workflow_id=None,
                       temporal_url=None, layers=pcs_approval.draft_layers(session, version))
    return FlowOut(status=status, heading="Submitted on", date=requested_at or request.requested_at,
                   approval_id=request.id, workflow_id=request.workflow_id,
                   temporal_url=operations.ui_links(settings, policy, actor)(request.workflow_id),
                   layers=pcs_approval.request_layers(session, request, status))


def _parse_time(value: Any) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) and value else None
