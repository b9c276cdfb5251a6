"""Reading one lead: its fields as every screen shows them, the edit form's data, persons in charge,
payments, final documents and their files, and the time it spent in each stage."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from api.core.errors import NotFound
from api.core.storage import Storage
from api.leads import files as lead_files
from api.leads import repository as repo
from api.leads.models import Lead, Stage
from api.leads.schemas import (
    BillingScheduleItem,
    FileInfo,
    FinalDocument,
    LeadForm,
    LeadOut,
    PaymentDetail,
    PaymentItem,
    PicOut,
    ServiceCategoryItem,
    StageDuration,
)
from api.leads.visibility import readable_or_404
from api.users.models import User


def _file(value: dict[str, Any] | None) -> FileInfo | None:
    return FileInfo(name=value["name"], size=value["size"]) if value else None


def lead_out(session: Session, lead: Lead) -> LeadOut:
    names = repo.names_of(session, lead.id)
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


def pics(session: Session, lead_id: int) -> list[PicOut]:
    return [PicOut(pic_id=c.id, pic_name=c.fullname, position=c.position, phone_number=c.phone_number)
            for c in repo.pics_of(session, lead_id)]


def categories(session: Session, lead_id: int) -> list[ServiceCategoryItem]:
    return [ServiceCategoryItem(service_category_id=c.service_category_id, service_category_name=name,
                                sub_service_category_id=c.sub_service_category_id, sub_service_category_name=sub)
            for c, name, sub in repo.categories_of(session, lead_id)]


def payments(session: Session, lead_id: int) -> list[PaymentItem]:
    return [PaymentItem(service_category_id=p.service_category_id, billing_date=p.billing_date,
                        amount=float(p.amount) if p.amount is not None else None)
            for p in repo.payments_of(session, lead_id)]


def billing(session: Session, lead_id: int) -> list[BillingScheduleItem]:
    return [BillingScheduleItem(service_category_id=b.service_category_id, schedule=b.schedule,
                                amount=float(b.amount), description=b.description)
            for b in repo.billing_of(session, lead_id)]


def get_form(*, session: Session, actor: User, lead_id: int) -> LeadForm:
    lead = readable_or_404(session, actor, lead_id)
    return LeadForm(lead=lead_out(session, lead), person_in_charges=pics(session, lead.id),
                    service_categories=categories(session, lead.id), payments=payments(session, lead.id),
                    billing_schedules=billing(session, lead.id), project_id_numbers=repo.pids_of(session, lead.id))


def get_pics(*, session: Session, actor: User, lead_id: int) -> list[PicOut]:
    return pics(session, readable_or_404(session, actor, lead_id).id)


def payment_detail(*, session: Session, actor: User, lead_id: int) -> PaymentDetail:
    lead = readable_or_404(session, actor, lead_id)
    return PaymentDetail(total_revenue=float(lead.total_revenue or 0),
                         total_gross_profit=float(lead.total_gross_profit or 0),
                         payments=payments(session, lead.id), billing_schedules=billing(session, lead.id))


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
    stages = repo.stages_by_name(session)
    moves = repo.stage_moves(session, lead.id)
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
