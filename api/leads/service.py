"""Leads: board, lists, detail, create, update with files and stage moves, history and stage durations."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest
from api.clients.models import Client
from api.contacts.models import Contact
from api.core.errors import NotFound, RequestPending, ValidationFailed
from api.core.inputs import as_id
from api.core.listing import ListParams, Page
from api.core.storage import Storage
from api.core.uploads import Upload
from api.leads import files as lead_files
from api.leads import repository as repo
from api.leads import stage_rules
from api.leads.models import (
    ONGOING,
    STATUSES,
    Lead,
    LeadBillingSchedule,
    LeadHistory,
    LeadPayment,
    LeadPic,
    LeadPin,
    LeadProjectId,
    LeadServiceCategory,
    Stage,
)
from api.leads.schemas import (
    BillingScheduleItem,
    BoardColumn,
    FieldLabel,
    FileInfo,
    FilterOptions,
    FinalDocument,
    LeadCard,
    LeadCreate,
    LeadDetail,
    LeadForm,
    LeadOut,
    LeadSheets,
    LeadUpdate,
    NeedApprovalOut,
    Option,
    PaymentDetail,
    PaymentItem,
    PicOut,
    RequirementField,
    SalesOption,
    ServiceCategoryItem,
    SheetBrief,
    SheetItemBrief,
    StageDuration,
    StageOption,
    StageOptions,
    StageOut,
    TotalGp,
    UpdateResult,
)
from api.leads.visibility import visible_sales_ids
from api.master_data import models as md
from api.pcs import repository as pcs_repo
from api.users.models import User

LEAD_NOT_FOUND = "Lead not found."
STATUS_LABELS = {"NEW": "New", "WAITING": "Waiting", "HOLD": "On Hold", "DROPPED": "Dropped", "CLOSED": "Closed"}
REQUEST_WHAT = {"CHANGE_LEAD_STAGE": "a stage change", "HOLD_LEAD": "putting it on hold",
                "DROP_LEAD": "dropping it", "CLOSE_LEAD": "closing it"}
PER_COLUMN = 50

HISTORY_FIELDS = [
    "project_name", "client_id", "project_type_id", "source_id", "entity_id", "unit_id", "project_description",
    "subscription_type", "competitor", "decision_maker", "expected_close_date", "project_start_date",
    "project_end_date", "project_duration", "project_budget", "total_unit", "total_revenue", "total_gross_profit",
    "status", "sales_person_id",
]


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def _str(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _record(session: Session, lead: Lead, actor: User, field: str, old: Any, new: Any) -> None:
    session.add(LeadHistory(lead_id=lead.id, changed_by=actor.id, field=field, old_value=_str(old),
                            new_value=_str(new)))


def visible_or_404(session: Session, actor: User, lead_id: int) -> Lead:
    """A lead the actor may work on: their own, their team's, or any for whitelisted roles."""
    lead = repo.get_visible(session, lead_id, visible_sales_ids(session, actor))
    if lead is None:
        raise NotFound(LEAD_NOT_FOUND)
    return lead


def readable_or_404(session: Session, actor: User, lead_id: int) -> Lead:
    """A lead the actor may read: one they may work on, or one they were asked to approve something on."""
    lead = repo.get_readable(session, lead_id, visible_sales_ids(session, actor), actor.id)
    if lead is None:
        raise NotFound(LEAD_NOT_FOUND)
    return lead


def _card(row: Any, stage_names: dict[int, str]) -> LeadCard:
    return LeadCard(id=row.id, client_name=row.client_name, project_name=row.project_name,
                    last_contacted=repo.days_since(row.last_contacted_at), nickname=row.nickname,
                    sales_fullname=row.sales_fullname, sales_person_id=row.sales_person_id, status=row.status,
                    project_type=row.project_type_name, total_gross_profit=float(row.total_gross_profit),
                    pcs_status=row.pcs_status, stage_id=row.stage_id, stage_name=stage_names.get(row.stage_id, ""))


def parse_statuses(raw: str | None) -> list[str]:
    """'ONGOING' (the default) is NEW and WAITING; 'ALL' is every status; else a comma list."""
    if not raw or raw.upper() == "ONGOING":
        return list(ONGOING)
    if raw.upper() == "ALL":
        return list(STATUSES)
    values = [v.strip().upper() for v in raw.split(",") if v.strip()]
    unknown = [v for v in values if v not in STATUSES and v != "ONGOING"]
    if unknown:
        raise ValidationFailed(f"Unknown status '{unknown[0]}'. Use ONGOING, ALL or {', '.join(STATUSES)}.")
    return sorted({s for v in values for s in (ONGOING if v == "ONGOING" else (v,))})


def parse_sort(raw: str | None, stages: list[Stage]) -> dict[int, bool]:
    """Per-column order by last contact, e.g. 'E1:asc,E3:desc'; columns not named: most recent first. `stages`
    are every board stage (a sort of a column the stage filter hides is kept, not refused)."""
    by_name = {s.stage_name: s.id for s in stages}
    result: dict[int, bool] = {}
    for part in (raw or "").split(","):
        if not part.strip():
            continue
        name, _, direction = part.strip().partition(":")
        if name not in by_name or direction.lower() not in ("asc", "desc"):
            raise ValidationFailed(f"Unknown board sort '{part.strip()}'. Use for example E1:asc,E2:desc.")
        result[by_name[name]] = direction.lower() == "desc"
    return result


def board(*, session: Session, actor: User, search: str | None, selected_stage: int | None,
          sales_person_id: int | None, status: str | None, sort: str | None) -> list[BoardColumn]:
    """Columns E1-E6 with their first cards, totals and the user's pins."""
    every = repo.board_stages(session)
    descending = parse_sort(sort, every)
    stages = [s for s in every if s.id == selected_stage] if selected_stage else every
    scope = visible_sales_ids(session, actor)
    rows, counts = repo.board(session, stages=stages, scope=scope, statuses=parse_statuses(status), search=search,
                              sales_person_id=sales_person_id, descending=descending,
                              per_column=PER_COLUMN)
    pins = repo.pinned_stage_ids(session, actor.id)
    names = {s.id: s.stage_name for s in stages}
    cards: dict[int, list[LeadCard]] = {s.id: [] for s in stages}
    for row in rows:
        cards[row.stage_id].append(_card(row, names))
    return [BoardColumn(stage_id=s.id, stage_name=s.stage_name, stage_description=s.stage_description,
                        is_pinned=s.id in pins, leads=cards[s.id], total_leads=counts.get(s.id, 0))
            for s in stages]


def list_leads(*, session: Session, actor: User, status: str | None, params: ListParams, stage_id: int | None,
               sales_person_id: int | None) -> Page[LeadCard]:
    rows, total = repo.list_page(session, scope=visible_sales_ids(session, actor), statuses=parse_statuses(status),
                                 params=params, stage_id=stage_id, sales_person_id=sales_person_id)
    names = {s.id: s.stage_name for s in session.scalars(select(Stage))}
    return Page[LeadCard](data=[_card(r, names) for r in rows], total_rows=total)


def set_pin(*, session: Session, actor: User, stage_id: int, is_pinned: bool) -> None:
    if session.get(Stage, stage_id) is None:
        raise NotFound("Stage not found.")
    existing = session.get(LeadPin, (actor.id, stage_id))
    if is_pinned and existing is None:
        session.add(LeadPin(user_id=actor.id, stage_id=stage_id))
    elif not is_pinned and existing is not None:
        session.delete(existing)
    session.commit()


def total_gp(*, session: Session, actor: User, sales_person_id: int) -> TotalGp:
    """GP and count of the ongoing leads the actor sees (of one sales person, or all with 0)."""
    total, count = repo.total_gp(session, scope=visible_sales_ids(session, actor),
                                 sales_person_id=sales_person_id or None, statuses=list(ONGOING))
    return TotalGp(total_gross_profit=total, total_leads=count)


def stage_out(s: Stage) -> StageOut:
    return StageOut(id=s.id, stage_name=s.stage_name, stage_description=s.stage_description,
                    needs_approval=s.needs_approval, pipeline=s.pipeline, previousStage=s.previous_stage_id,
                    nextStage=s.next_stage_id, seq_number=s.seq_number, slug=stage_rules.slug(s),
                    required_fields=[FieldLabel(field=f, label=text) for f, text in stage_rules.requirements(s)])


def filter_options(*, session: Session, actor: User) -> FilterOptions:
    scope = visible_sales_ids(session, actor)
    sales = select(User).where(User.role.has(name="SALES"), User.is_active.is_(True)).order_by(User.fullname)
    if scope is not None:
        sales = sales.where(User.id.in_(scope))
    return FilterOptions(
        stages=[stage_out(s) for s in stage_rules.board_stages(session)],  # closed leads: the CLOSED status
        statuses=[Option(value="ONGOING", label="On Going")]
        + [Option(value=k, label=v) for k, v in STATUS_LABELS.items()],
        sales_persons=[SalesOption(id=u.id, fullname=u.fullname) for u in session.scalars(sales)],
    )


# -- detail -------------------------------------------------------------------------------------------------

def _file(value: dict[str, Any] | None) -> FileInfo | None:
    return FileInfo(name=value["name"], size=value["size"]) if value else None


def lead_out(session: Session, lead: Lead) -> LeadOut:
    # the names the lead refers to, in one statement (the detail page reads it every 10 s)
    names = session.execute(
        select(Stage.stage_name, Stage.stage_description, Client.client_name, Client.client_code, User.fullname,
               md.ProjectType.project_type_name, md.Source.source_name, md.Entity.entity_name, md.Unit.unit_name)
        .select_from(Lead)
        .join(Stage, Stage.id == Lead.stage_id).join(Client, Client.id == Lead.client_id)
        .join(User, User.id == Lead.sales_person_id)
        .outerjoin(md.ProjectType, md.ProjectType.id == Lead.project_type_id)
        .outerjoin(md.Source, md.Source.id == Lead.source_id)
        .outerjoin(md.Entity, md.Entity.id == Lead.entity_id)
        .outerjoin(md.Unit, md.Unit.id == Lead.unit_id)
        .where(Lead.id == lead.id)).one()

    return LeadOut(
        id=lead.id, project_name=lead.project_name, stage_id=lead.stage_id, stage_name=names.stage_name,
        stage_description=names.stage_description, client_id=lead.client_id, client_name=names.client_name,
        client_code=names.client_code, project_type=lead.project_type_id,
        project_type_name=names.project_type_name,
        source_id=lead.source_id, source_name=names.source_name,
        entity_id=lead.entity_id, entity_name=names.entity_name,
        unit_id=lead.unit_id, unit_name=names.unit_name,
        project_description=lead.project_description, status=lead.status,
        sales_person_id=lead.sales_person_id, sales_fullname=names.fullname,
        subscription_type=lead.subscription_type,
        competitor=lead.competitor, decision_maker=lead.decision_maker,
        expected_close_date=lead.expected_close_date, project_start_date=lead.project_start_date,
        project_end_date=lead.project_end_date, project_duration=lead.project_duration,
        project_budget=float(lead.project_budget) if lead.project_budget is not None else None,
        total_unit=lead.total_unit, total_revenue=float(lead.total_revenue or 0),
        total_gross_profit=float(lead.total_gross_profit or 0),
        gross_profit_margin=float(lead.gross_profit_margin or 0),
        proposal_file=_file(lead.proposal_file), project_cost_sheet_file=_file(lead.project_cost_sheet_file),
        customer_confirmation_document_file=_file(lead.customer_confirmation_document_file),
        last_contacted=repo.days_since(lead.last_contacted_at), last_contacted_at=lead.last_contacted_at,
        created_at=lead.created_at, updated_at=lead.updated_at,
    )


def _pics(session: Session, lead_id: int) -> list[PicOut]:
    stmt = (select(Contact).join(LeadPic, LeadPic.contact_id == Contact.id).where(LeadPic.lead_id == lead_id)
            .order_by(Contact.fullname))
    return [PicOut(pic_id=c.id, pic_name=c.fullname, position=c.position) for c in session.scalars(stmt)]


def _categories(session: Session, lead_id: int) -> list[ServiceCategoryItem]:
    stmt = (select(LeadServiceCategory, md.ServiceCategory.service_category_name,
                   md.SubServiceCategory.sub_service_category_name)
            .join(md.ServiceCategory, md.ServiceCategory.id == LeadServiceCategory.service_category_id)
            .outerjoin(md.SubServiceCategory,
                       md.SubServiceCategory.id == LeadServiceCategory.sub_service_category_id)
            .where(LeadServiceCategory.lead_id == lead_id).order_by(LeadServiceCategory.id))
    return [ServiceCategoryItem(service_category_id=c.service_category_id, service_category_name=name,
                                sub_service_category_id=c.sub_service_category_id, sub_service_category_name=sub)
            for c, name, sub in session.execute(stmt)]


def _payments(session: Session, lead_id: int) -> list[PaymentItem]:
    stmt = select(LeadPayment).where(LeadPayment.lead_id == lead_id).order_by(LeadPayment.billing_date)
    return [PaymentItem(service_category_id=p.service_category_id, billing_date=p.billing_date,
                        amount=float(p.amount) if p.amount is not None else None) for p in session.scalars(stmt)]


def _billing(session: Session, lead_id: int) -> list[BillingScheduleItem]:
    stmt = select(LeadBillingSchedule).where(LeadBillingSchedule.lead_id == lead_id).order_by(
        LeadBillingSchedule.schedule)
    return [BillingScheduleItem(service_category_id=b.service_category_id, schedule=b.schedule,
                                amount=float(b.amount), description=b.description) for b in session.scalars(stmt)]


def _pids(session: Session, lead_id: int) -> list[str]:
    stmt = select(LeadProjectId.pid_number).where(LeadProjectId.lead_id == lead_id).order_by(LeadProjectId.id)
    return list(session.scalars(stmt))


def _sheet(session: Session, lead_id: int) -> LeadSheets:
    sheet = pcs_repo.sheet_of_lead(session, lead_id)
    if sheet is None:
        return LeadSheets(project_cost_sheet=None)
    items = [SheetItemBrief(type=item.type, coa_code=coa.code, coa_name=coa.name, description=item.description,
                            grand_total=float(item.total_selling_price * item.term_of_payment))
             for item, coa in pcs_repo.items_of(session, sheet.id)]
    return LeadSheets(project_cost_sheet=SheetBrief(
        id=sheet.id, status=sheet.status, revision_batch=sheet.revision_batch,
        remark="" if sheet.status == "REJECTED" else sheet.remark, total_revenue=float(sheet.total_revenue),
        gross_profit=float(sheet.gross_profit), gross_profit_margin=float(sheet.gross_profit_margin),
        requested_at=sheet.requested_at, project_cost_sheet_items=items))


def _detail(session: Session, lead: Lead) -> LeadDetail:
    pids = _pids(session, lead.id)
    return LeadDetail(**lead_out(session, lead).model_dump(), project_cost_sheets=_sheet(session, lead.id),
                      person_in_charges=_pics(session, lead.id),
                      service_categories=_categories(session, lead.id), payments=_payments(session, lead.id),
                      billing_schedules=_billing(session, lead.id), project_id_numbers=pids, pid_number=pids)


def get_detail(*, session: Session, actor: User, lead_id: int) -> LeadDetail:
    return _detail(session, readable_or_404(session, actor, lead_id))


def get_form(*, session: Session, actor: User, lead_id: int) -> LeadForm:
    lead = readable_or_404(session, actor, lead_id)
    return LeadForm(lead=lead_out(session, lead), person_in_charges=_pics(session, lead.id),
                    service_categories=_categories(session, lead.id), payments=_payments(session, lead.id),
                    billing_schedules=_billing(session, lead.id), project_id_numbers=_pids(session, lead.id))


def get_pics(*, session: Session, actor: User, lead_id: int) -> list[PicOut]:
    return _pics(session, readable_or_404(session, actor, lead_id).id)


def payment_detail(*, session: Session, actor: User, lead_id: int) -> PaymentDetail:
    lead = readable_or_404(session, actor, lead_id)
    return PaymentDetail(total_revenue=float(lead.total_revenue or 0),
                         total_gross_profit=float(lead.total_gross_profit or 0),
                         payments=_payments(session, lead.id), billing_schedules=_billing(session, lead.id))


def final_documents(*, session: Session, actor: User, lead_id: int) -> list[FinalDocument]:
    lead = readable_or_404(session, actor, lead_id)
    docs = []
    for kind, (attr, _, _) in lead_files.KINDS.items():
        value = getattr(lead, attr)
        if value:
            docs.append(FinalDocument(kind=kind, name=value["name"], size=value["size"],
                                      url=f"/api/leads/{lead.id}/files/{kind}"))
    return docs


def file_path(*, session: Session, storage: Storage, actor: User, lead_id: int, kind: str) -> tuple[Any, str]:
    lead = readable_or_404(session, actor, lead_id)
    if kind not in lead_files.KINDS:
        raise NotFound("File not found.")
    value = getattr(lead, lead_files.KINDS[kind][0])
    stored = storage.find(lead_files.namespace(lead.id), value["key"]) if value else None
    if stored is None:
        raise NotFound("File not found.")
    return stored, value["name"]


def stage_durations(*, session: Session, actor: User, lead_id: int) -> list[StageDuration]:
    """Time in each stage, from the lead's creation and its 'stage' history entries."""
    lead = readable_or_404(session, actor, lead_id)
    stages = {s.stage_name: s for s in session.scalars(select(Stage))}
    moves = list(session.execute(select(LeadHistory.changed_at, LeadHistory.old_value, LeadHistory.new_value)
                                 .where(LeadHistory.lead_id == lead.id, LeadHistory.field == "stage")
                                 .order_by(LeadHistory.changed_at, LeadHistory.id)))
    current = session.get(Stage, lead.stage_id)
    assert current is not None
    first = moves[0].old_value if moves else current.stage_name
    spans: list[tuple[str, datetime, datetime | None]] = []
    entered, name = lead.created_at, first
    for changed_at, _old, new in moves:
        spans.append((name or "", entered, changed_at))
        entered, name = changed_at, new
    spans.append((name or "", entered, None))
    now = datetime.now(UTC)
    return [StageDuration(stage_name=n, stage_description=stages[n].stage_description if n in stages else "",
                          entered_at=start, left_at=end,
                          days=round(((end or now) - start).total_seconds() / 86400, 2))
            for n, start, end in spans]


# -- requirements and approval ------------------------------------------------------------------------------

def _stage(session: Session, key: str | int) -> Stage:
    stage_id = key if isinstance(key, int) else as_id(key)
    stmt = select(Stage).where(Stage.id == stage_id) if stage_id is not None else select(Stage).where(
        Stage.stage_name == str(key).upper())
    stage = session.scalars(stmt).first()
    if stage is None:
        raise NotFound("Stage not found.")
    return stage


def pending_request(session: Session, lead_id: int, status: str) -> ApprovalRequest | None:
    """The request a WAITING lead waits for (None for a lead in any other status, without a query)."""
    return repo.pending_request(session, lead_id) if status == "WAITING" else None


def waiting_message(session: Session, request: ApprovalRequest) -> str:
    """The refusal naming the request a lead waits for (every path that would change its stage or status)."""
    what = REQUEST_WHAT.get(request.request_type, "a change")
    if request.request_type == "CHANGE_LEAD_STAGE" and request.target_stage_id:
        target = session.get(Stage, request.target_stage_id)
        what = f"its move to {stage_rules.label(target)}" if target else what
    return (f"This lead is waiting for approval of {what} (request #{request.id}); its stage and status cannot "
            "change until that request is decided.")


def _blocker(session: Session, lead: Lead) -> tuple[str | None, str | None]:
    """What stops any move of this lead: the message naming its waiting request, or its status label."""
    pending = pending_request(session, lead.id, lead.status)
    return (waiting_message(session, pending) if pending else None,
            None if lead.status in ONGOING else STATUS_LABELS[lead.status])


def check_move(session: Session, lead: Lead, target: Stage) -> stage_rules.Move:
    """What moving this lead to `target` takes (the edit form, the request call, check-need-approval)."""
    waiting, status = _blocker(session, lead)
    return stage_rules.check_move(session, lead, target, waiting=waiting, status_label=status)


def _requirements(stage: Stage, filled: set[str]) -> list[RequirementField]:
    return [RequirementField(field=f, label=text, filled=f in filled) for f, text in stage_rules.requirements(stage)]


def requirement_fields(*, session: Session, actor: User, lead_id: int, stage: str) -> list[RequirementField]:
    lead = readable_or_404(session, actor, lead_id)
    return _requirements(_stage(session, stage), stage_rules.filled_fields(session, lead))


def check_need_approval(*, session: Session, actor: User, lead_id: int, stage_id: int) -> NeedApprovalOut:
    lead = readable_or_404(session, actor, lead_id)
    move = check_move(session, lead, _stage(session, stage_id))
    return NeedApprovalOut(needs_approval=move.needs_approval, stage_id=move.target.id,
                           stage_name=move.target.stage_name, missing_fields=move.missing, allowed=move.allowed,
                           reason=move.reason)


def stage_options(*, session: Session, actor: User, lead_id: int) -> StageOptions:
    """Every board stage as a target for this lead: allowed or why not, gated or not, what it requires."""
    lead = readable_or_404(session, actor, lead_id)
    stages = stage_rules.board_stages(session)
    filled = stage_rules.filled_fields(session, lead)
    waiting, status = _blocker(session, lead)
    options = []
    for stage in stages:
        move = stage_rules.check_move(session, lead, stage, stages=stages, filled=filled, waiting=waiting,
                                      status_label=status)
        options.append(StageOption(
            id=stage.id, stage_name=stage.stage_name, stage_description=stage.stage_description,
            seq_number=stage.seq_number, slug=stage_rules.slug(stage), is_current=stage.id == lead.stage_id,
            allowed=move.allowed, reason=move.reason, needs_approval=move.needs_approval,
            required_fields=_requirements(stage, filled), missing_fields=move.missing,
            lacking_fields=[FieldLabel(field=f, label=text) for f, text in move.lacking]))
    return StageOptions(lead_id=lead.id, current_stage_id=lead.stage_id, status=lead.status, stages=options)


# -- writes ---------------------------------------------------------------------------------------------------

def _check_refs(session: Session, *, client_id: int | None, values: dict[str, Any]) -> list[str]:
    errors = []
    checks = [("project_type_id", md.ProjectType, "Please choose a valid project type."),
              ("source_id", md.Source, "Please choose a valid source."),
              ("entity_id", md.Entity, "Please choose a valid entity."),
              ("unit_id", md.Unit, "Please choose a valid unit.")]
    for attr, model, message in checks:
        if values.get(attr) and session.get(model, values[attr]) is None:
            errors.append(message)
    if client_id is not None and session.get(Client, client_id) is None:
        errors.append("Please choose client")
    return errors


def _check_categories(session: Session, data: LeadUpdate) -> list[str]:
    """The service categories the edit names (with its payments and billing) and their sub categories exist."""
    named = data.service_categories or []
    wanted = {c.service_category_id for c in named} | {p.service_category_id for p in data.payments or []} | {
        b.service_category_id for b in data.billing_schedules or []}
    subs = {c.sub_service_category_id for c in named if c.sub_service_category_id}
    categories = select(md.ServiceCategory.id).where(md.ServiceCategory.id.in_(wanted))
    known = set(session.scalars(categories)) if wanted else set()
    parents = dict(session.execute(select(md.SubServiceCategory.id, md.SubServiceCategory.service_category_id)
                                   .where(md.SubServiceCategory.id.in_(subs))).tuples().all()) if subs else {}
    errors = ["Please choose a valid service category."] if wanted - known else []
    if any(c.sub_service_category_id and parents.get(c.sub_service_category_id) != c.service_category_id
           for c in named):
        errors.append("Please choose a valid sub service category.")
    return errors


def _describe_categories(items: list[ServiceCategoryItem]) -> str | None:
    names = [c.service_category_name + (f" / {c.sub_service_category_name}" if c.sub_service_category_name else "")
             for c in items if c.service_category_name]
    return ", ".join(sorted(names)) or None


def _describe_money_rows(items: Any, date_attr: str) -> str | None:
    """A short, comparable summary of payment or billing rows: 'date amount' each, in date order."""
    rows = sorted(f"{getattr(i, date_attr) or '-'} {float(i.amount or 0):.2f}" for i in items)
    return "; ".join(rows) or None


def _set_pics(session: Session, lead: Lead, pic_ids: list[int], actor: User, record: bool) -> None:
    contacts = {c.id: c for c in session.scalars(select(Contact).where(
        Contact.id.in_(pic_ids), Contact.client_id == lead.client_id, Contact.deleted_at.is_(None)))}
    if len(contacts) != len(set(pic_ids)):
        raise ValidationFailed("Persons in charge must be contacts of the lead's client.")
    before = [p.pic_name for p in _pics(session, lead.id)]
    session.execute(delete(LeadPic).where(LeadPic.lead_id == lead.id))
    session.add_all([LeadPic(lead_id=lead.id, contact_id=i) for i in dict.fromkeys(pic_ids)])
    after = sorted(c.fullname for c in contacts.values())
    if record and sorted(before) != after:
        _record(session, lead, actor, "personInCharges", ", ".join(sorted(before)) or None, ", ".join(after) or None)


def create(*, session: Session, actor: User, data: LeadCreate) -> LeadDetail:
    errors = []
    if not data.client_id:
        errors.append("Please choose client")
    if not (data.project_name or "").strip():
        errors.append("Please enter project name")
    sales_id = data.sales_id or actor.id
    scope = visible_sales_ids(session, actor)
    sales = session.get(User, sales_id)
    if sales is None or (scope is not None and sales_id not in scope):
        errors.append("Please choose a sales person from your team")
    stage = session.get(Stage, data.stage_id) if data.stage_id else stage_rules.first_stage(session)
    if stage is None or stage.stage_name == stage_rules.CLOSED_STAGE:
        errors.append("Please choose a stage of the board")
    errors += _check_refs(session, client_id=data.client_id, values={"project_type_id": data.project_type,
                                                                     "source_id": data.source_id})
    if errors:
        raise ValidationFailed(errors)
    assert stage is not None and data.client_id
    now = datetime.now(UTC)
    lead = Lead(project_name=(data.project_name or "").strip(), client_id=data.client_id, sales_person_id=sales_id,
                source_id=data.source_id, project_type_id=data.project_type, competitor=data.competitor,
                stage_id=stage.id, status="NEW", created_by=actor.id, last_contacted_at=now, stage_changed_at=now)
    session.add(lead)
    session.flush()
    if data.person_in_charges:
        _set_pics(session, lead, data.person_in_charges, actor, record=False)
    session.flush()
    refused = stage_rules.check_create(session, lead)
    if refused:
        session.rollback()
        raise ValidationFailed(refused)
    _record(session, lead, actor, "created", None, f"{stage.stage_name} {stage.stage_description}")
    session.commit()
    return _detail(session, lead)


@dataclass
class Edit:
    """An edit applied to the session, not committed: the lead, whether it moved, and the stage it asked for
    that needs an approved request (the caller makes that request in the same transaction)."""

    lead: Lead
    moved: bool
    gated: Stage | None


def apply_edit(*, session: Session, storage: Storage, actor: User, lead_id: int, data: LeadUpdate,
               uploads: dict[str, Upload]) -> Edit:
    """Apply the edit form and its files to the session; the stage rules decide the stage it asks for."""
    lead = visible_or_404(session, actor, lead_id)
    target = None
    if data.stage_id and data.stage_id != lead.stage_id:
        target = session.get(Stage, data.stage_id)
        if target is None:
            raise ValidationFailed("Please choose a stage of the board.")
        pending = pending_request(session, lead.id, lead.status)
        if pending is not None:
            raise RequestPending(waiting_message(session, pending))
    fields = data.model_dump(exclude_unset=True, exclude={"stage_id", "person_in_charges", "service_categories",
                                                          "payments", "billing_schedules", "remove_files"})
    values = {("project_type_id" if k == "project_type" else k): v for k, v in fields.items()}
    errors = _check_refs(session, client_id=values.get("client_id"), values=values) + _check_categories(session, data)
    if "project_name" in values and not (values["project_name"] or "").strip():
        errors.append("Please enter project name")
    start, end = values.get("project_start_date", lead.project_start_date), values.get(
        "project_end_date", lead.project_end_date)
    if start and end and end < start:
        errors.append("Project end date cannot be before the start date.")
    if errors:
        raise ValidationFailed(errors)

    for attr, value in values.items():
        if attr in ("project_budget", "total_revenue", "total_gross_profit") and value is not None:
            value = Decimal(str(value))  # as typed: the schema refuses more than 2 decimals
        old = getattr(lead, attr)
        if old != value:
            _record(session, lead, actor, _camel(attr), old, value)
            setattr(lead, attr, value)
    revenue, gp = Decimal(lead.total_revenue or 0), Decimal(lead.total_gross_profit or 0)
    lead.gross_profit_margin = (gp / revenue * 100).quantize(Decimal("0.01")) if revenue else Decimal(0)
    if abs(lead.gross_profit_margin) >= 100_000:  # Numeric(7, 2)
        raise ValidationFailed("Gross profit margin must be between -99.999,99% and 99.999,99%: "
                               "check Total Revenue and Total Gross Profit.")

    if data.person_in_charges is not None:
        _set_pics(session, lead, data.person_in_charges, actor, record=True)
    if data.service_categories is not None:
        before_categories = _describe_categories(_categories(session, lead.id))
        session.execute(delete(LeadServiceCategory).where(LeadServiceCategory.lead_id == lead.id))
        session.add_all([LeadServiceCategory(lead_id=lead.id, service_category_id=c.service_category_id,
                                             sub_service_category_id=c.sub_service_category_id)
                         for c in data.service_categories])
        session.flush()
        after_categories = _describe_categories(_categories(session, lead.id))
        if before_categories != after_categories:
            _record(session, lead, actor, "serviceCategories", before_categories, after_categories)
    if data.payments is not None:
        before_payments = _describe_money_rows(_payments(session, lead.id), "billing_date")
        session.execute(delete(LeadPayment).where(LeadPayment.lead_id == lead.id))
        session.add_all([LeadPayment(lead_id=lead.id, service_category_id=p.service_category_id,
                                     billing_date=p.billing_date, amount=p.amount) for p in data.payments])
        after_payments = _describe_money_rows(data.payments, "billing_date")
        if before_payments != after_payments:
            _record(session, lead, actor, "payments", before_payments, after_payments)
    if data.billing_schedules is not None:
        before_billing = _describe_money_rows(_billing(session, lead.id), "schedule")
        session.execute(delete(LeadBillingSchedule).where(LeadBillingSchedule.lead_id == lead.id))
        session.add_all([LeadBillingSchedule(lead_id=lead.id, service_category_id=b.service_category_id,
                                             schedule=b.schedule, amount=b.amount, description=b.description)
                         for b in data.billing_schedules])
        after_billing = _describe_money_rows(data.billing_schedules, "schedule")
        if before_billing != after_billing:
            _record(session, lead, actor, "billingSchedules", before_billing, after_billing)
    for kind in data.remove_files:
        attr = lead_files.KINDS[kind][0]
        if getattr(lead, attr):
            _record(session, lead, actor, kind, getattr(lead, attr)["name"], None)
            lead_files.discard(storage.staged(session), lead_id=lead.id, value=getattr(lead, attr))
            setattr(lead, attr, None)
    for file_kind, upload in uploads.items():  # checked by size and content as they were received
        attr = lead_files.KINDS[file_kind][0]
        old = getattr(lead, attr)
        stored = lead_files.store(storage.staged(session), lead_id=lead.id, kind=file_kind, upload=upload,
                                  replacing=old)
        _record(session, lead, actor, file_kind, old["name"] if old else None, stored["name"])
        setattr(lead, attr, stored)
    session.flush()

    lead.updated_at = datetime.now(UTC)
    if target is None:
        _keep_pending_target(session, lead)
        return Edit(lead, False, None)
    move = check_move(session, lead, target)
    if not move.allowed:
        raise ValidationFailed(move.reason or "This stage cannot be chosen.")
    if move.needs_approval:
        return Edit(lead, False, target)
    move_to(session, lead, actor, target)
    return Edit(lead, True, None)


def _keep_pending_target(session: Session, lead: Lead) -> None:
    """While a stage change waits for approval, the fields its target requires stay filled."""
    pending = pending_request(session, lead.id, lead.status)
    if pending is None or pending.request_type != "CHANGE_LEAD_STAGE" or not pending.target_stage_id:
        return
    target = session.get(Stage, pending.target_stage_id)
    stages = stage_rules.board_stages(session)
    origin = next((s for s in stages if s.id == pending.from_stage_id), None)
    lacking = stage_rules.missing(stage_rules.filled_fields(session, lead),
                                  stage_rules.entered(stages, origin, target)) if target else []
    if lacking:
        raise RequestPending(f"{waiting_message(session, pending)} It needs {', '.join(lacking)} to stay filled.")


def update_result(session: Session, edit: Edit, *, approval_id: int | None = None,
                  message: str | None = None) -> UpdateResult:
    """The edit form's answer once its transaction is committed."""
    return UpdateResult(lead=_detail(session, edit.lead), stage_moved=edit.moved,
                        approval_required=edit.gated is not None, message=message, approval_id=approval_id)


def record_change(session: Session, lead: Lead, actor: User, field: str, old: Any, new: Any) -> None:
    """Record one change of a lead made outside the edit form (e.g. by an approval)."""
    _record(session, lead, actor, field, old, new)


def move_to(session: Session, lead: Lead, actor: User, target: Stage) -> None:
    """Put the lead in a stage and record it (also used when an approval applies a stage change)."""
    current = session.get(Stage, lead.stage_id)
    _record(session, lead, actor, "stage", current.stage_name if current else None, target.stage_name)
    lead.stage_id = target.id
    lead.stage_changed_at = datetime.now(UTC)
