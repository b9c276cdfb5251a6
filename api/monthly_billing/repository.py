"""Monthly billing queries: the revenue billing rows of the approved current cost sheet of every lead in the
caller's scope, filtered, paged and totalled per month and per client; a row locked for its status move; its record.
No commits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import case, func, or_, select
from sqlalchemy.orm import Session

from api.clients.models import Client
from api.coa.models import ChartOfAccount
from api.core.listing import like
from api.leads.models import Lead, LeadProjectId
from api.leads.visibility import Scope, scoped
from api.monthly_billing.models import BillingStatusChange
from api.pcs import repository as pcs_repo
from api.pcs.models import ProjectCostSheet, ProjectCostSheetBilling, ProjectCostSheetItem
from api.users.models import User

PAID = "SUDAH_PAYMENT"

Billing = ProjectCostSheetBilling
MONTH = func.to_char(Billing.schedule, "YYYY-MM")
PID = (select(LeadProjectId.pid_number).where(LeadProjectId.lead_id == Lead.id)
       .order_by(LeadProjectId.id.desc()).limit(1).correlate(Lead).scalar_subquery())
COLUMNS = (Billing.id, Billing.description, Billing.amount, Billing.schedule, Billing.payment_status,
           Lead.id.label("lead_id"), Lead.project_name, PID.label("pid_number"), Client.id.label("client_id"),
           Client.client_name, User.id.label("sales_person_id"), User.fullname.label("sales_person_name"),
           ChartOfAccount.name.label("item_name"), ProjectCostSheetItem.description.label("item_description"))
SORTS: dict[str, Any] = {"schedule": Billing.schedule, "amount": Billing.amount,
                         "paymentStatus": Billing.payment_status, "clientName": Client.client_name,
                         "projectName": Lead.project_name,
                         "salesPersonName": User.fullname, "description": Billing.description}


@dataclass(frozen=True)
class Filters:
    statuses: list[str]
    first_day: date | None  # of the first month of the period
    last_day: date | None  # of the last month
    client_id: int | None
    sales_person_id: int | None
    search: str | None


def _base(columns: Any, scope: Scope) -> Any:
    """Revenue billing of the current sheet of each lead, when that sheet is approved (earlier revisions are frozen
    snapshots, never rows here; a draft, waiting or rejected sheet bills nothing yet)."""
    stmt = (select(*columns)
            .select_from(Billing)
            .join(ProjectCostSheetItem, ProjectCostSheetItem.id == Billing.item_id)
            .join(ProjectCostSheet, ProjectCostSheet.id == ProjectCostSheetItem.pcs_id)
            .join(Lead, Lead.id == ProjectCostSheet.lead_id)
            .join(Client, Client.id == Lead.client_id)
            .join(User, User.id == Lead.sales_person_id)
            .join(ChartOfAccount, ChartOfAccount.id == ProjectCostSheetItem.coa_id)
            .where(ProjectCostSheetItem.type == "REVENUE", pcs_repo.approved_clause()))
    return scoped(stmt, scope)


def _filtered(columns: Any, scope: Scope, f: Filters) -> Any:
    stmt = _base(columns, scope)
    if f.statuses:
        stmt = stmt.where(Billing.payment_status.in_(f.statuses))
    if f.first_day is not None:
        stmt = stmt.where(Billing.schedule >= f.first_day)
    if f.last_day is not None:
        stmt = stmt.where(Billing.schedule <= f.last_day)
    if f.client_id is not None:
        stmt = stmt.where(Client.id == f.client_id)
    if f.sales_person_id is not None:
        stmt = stmt.where(Lead.sales_person_id == f.sales_person_id)
    if f.search:
        term = like(f.search)
        stmt = stmt.where(or_(Lead.project_name.ilike(term), Client.client_name.ilike(term),
                              Billing.description.ilike(term), ProjectCostSheetItem.description.ilike(term),
                              ChartOfAccount.name.ilike(term), PID.ilike(term)))
    return stmt


def page(session: Session, scope: Scope, f: Filters, *, offset: int, limit: int | None, sort: str | None,
         desc: bool) -> tuple[list[Any], int]:
    """A page of rows, month by month (the screen groups them so), then by the sort asked for."""
    stmt = _filtered(COLUMNS, scope, f)
    order = SORTS[sort] if sort else Billing.schedule
    stmt = stmt.order_by(MONTH.desc() if desc and not sort else MONTH,
                         order.desc() if desc else order.asc(), Billing.id)
    total = session.scalar(select(func.count()).select_from(_filtered((Billing.id,), scope, f).subquery())) or 0
    rows = session.execute(stmt.offset(offset).limit(limit)).all()
    return list(rows), int(total)


def _paid() -> Any:
    return func.coalesce(func.sum(case((Billing.payment_status == PAID, Billing.amount), else_=0)), 0)


def month_totals(session: Session, scope: Scope, f: Filters) -> list[Any]:
    stmt = _filtered((MONTH.label("month"), func.count(Billing.id).label("rows"),
                      func.sum(Billing.amount).label("total"), _paid().label("paid")), scope, f)
    return list(session.execute(stmt.group_by(MONTH).order_by(MONTH)).all())


def client_totals(session: Session, scope: Scope, f: Filters) -> list[Any]:
    stmt = _filtered((Client.id.label("client_id"), Client.client_name, func.count(Billing.id).label("rows"),
                      func.sum(Billing.amount).label("total"), _paid().label("paid")), scope, f)
    return list(session.execute(stmt.group_by(Client.id, Client.client_name)
                                .order_by(func.sum(Billing.amount).desc(), Client.client_name)).all())


def row(session: Session, scope: Scope, billing_id: int) -> Any | None:
    """One row in the caller's scope (with the same columns as the list)."""
    return session.execute(_base(COLUMNS, scope).where(Billing.id == billing_id)).first()


def lock(session: Session, scope: Scope, billing_id: int) -> ProjectCostSheetBilling | None:
    """The billing row in the caller's scope, locked until the transaction ends: two moves of one row take turns,
    and the second sees the first's status."""
    ids = _base((Billing.id,), scope).where(Billing.id == billing_id)
    stmt = select(Billing).where(Billing.id.in_(ids)).with_for_update(of=Billing)
    return session.scalars(stmt).first()


def history(session: Session, billing_id: int) -> list[Any]:
    stmt = (select(BillingStatusChange, User.fullname)
            .outerjoin(User, User.id == BillingStatusChange.actor_id)
            .where(BillingStatusChange.billing_id == billing_id)
            .order_by(BillingStatusChange.at.desc(), BillingStatusChange.id.desc()))
    return list(session.execute(stmt).tuples())
