"""Lead queries, every one scoped to the leads the actor may see (`scope`: sales ids, or None for all)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import exists, func, or_, select, union_all
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest, ApprovalTask
from api.clients.models import Client
from api.core.listing import ListParams, apply_sort, like
from api.leads import stage_rules
from api.leads.models import Lead, LeadPin, Stage
from api.master_data.models import ProjectType
from api.pcs.models import ProjectCostSheet
from api.users.models import User

Scope = list[int] | None

CARD_COLUMNS = (Lead.id, Client.client_name, Lead.project_name, Lead.last_contacted_at, User.nickname,
                User.fullname.label("sales_fullname"), Lead.sales_person_id, Lead.status,
                ProjectType.project_type_name, Lead.total_gross_profit, Lead.stage_id,
                ProjectCostSheet.status.label("pcs_status"))


def scoped(stmt: Any, scope: Scope) -> Any:
    return stmt if scope is None else stmt.where(Lead.sales_person_id.in_(scope))


def _filters(stmt: Any, *, scope: Scope, statuses: list[str] | None, search: str | None,
             sales_person_id: int | None) -> Any:
    stmt = scoped(stmt, scope)
    if statuses:
        stmt = stmt.where(Lead.status.in_(statuses))
    if sales_person_id:
        stmt = stmt.where(Lead.sales_person_id == sales_person_id)
    if search:
        term = like(search)
        # a sub-select on clients (not the join) lets PostgreSQL OR two index scans together
        matching_clients = select(Client.id).where(Client.client_name.ilike(term))
        stmt = stmt.where(or_(Lead.project_name.ilike(term), Lead.client_id.in_(matching_clients)))
    return stmt


def _cards_base() -> Any:
    return (select(*CARD_COLUMNS)
            .join(Client, Client.id == Lead.client_id)
            .join(User, User.id == Lead.sales_person_id)
            .outerjoin(ProjectType, ProjectType.id == Lead.project_type_id)
            .outerjoin(ProjectCostSheet, ProjectCostSheet.lead_id == Lead.id))


def stage_named(session: Session, name: str) -> Stage | None:
    return session.scalars(select(Stage).where(Stage.stage_name == name)).first()


def board_stages(session: Session) -> list[Stage]:
    return stage_rules.board_stages(session)


def board(session: Session, *, stages: list[Stage], scope: Scope, statuses: list[str], search: str | None,
          sales_person_id: int | None, descending: dict[int, bool],
          per_column: int) -> tuple[list[Any], dict[int, int]]:
    """The first `per_column` cards of every column (one UNION ALL statement, each part an index range scan)
    and the number of leads per column (one GROUP BY)."""
    parts = []
    for stage in stages:
        order = Lead.last_contacted_at.desc() if descending.get(stage.id, True) else Lead.last_contacted_at.asc()
        part = _filters(_cards_base().where(Lead.stage_id == stage.id), scope=scope, statuses=statuses,
                        search=search, sales_person_id=sales_person_id)
        parts.append(part.order_by(order, Lead.id.desc()).limit(per_column).subquery().select())
    rows = list(session.execute(union_all(*parts))) if parts else []

    counts_stmt = select(Lead.stage_id, func.count()).where(Lead.stage_id.in_([s.id for s in stages]))
    counts_stmt = _filters(counts_stmt, scope=scope, statuses=statuses, search=search,
                           sales_person_id=sales_person_id).group_by(Lead.stage_id)
    counts = {stage_id: int(n) for stage_id, n in session.execute(counts_stmt)}
    return rows, counts


LIST_SORT = {"lastContacted": Lead.last_contacted_at, "projectName": func.lower(Lead.project_name),
             "clientName": func.lower(Client.client_name), "totalGrossProfit": Lead.total_gross_profit,
             "createdAt": Lead.created_at, "stage": Lead.stage_id}


def list_page(session: Session, *, scope: Scope, statuses: list[str], params: ListParams,
              stage_id: int | None, sales_person_id: int | None) -> tuple[list[Any], int]:
    stmt = _filters(_cards_base(), scope=scope, statuses=statuses, search=params.search,
                    sales_person_id=sales_person_id)
    if stage_id:
        stmt = stmt.where(Lead.stage_id == stage_id)
    total = session.scalar(select(func.count()).select_from(stmt.with_only_columns(Lead.id).subquery())) or 0
    stmt = apply_sort(stmt, params.sort, params.desc, LIST_SORT, default=Lead.last_contacted_at,
                      tiebreak=Lead.id.desc(), default_desc=True)
    return list(session.execute(stmt.offset(params.offset).limit(params.limit))), int(total)


def get_visible(session: Session, lead_id: int, scope: Scope) -> Lead | None:
    return session.scalars(scoped(select(Lead).where(Lead.id == lead_id), scope)).first()


def get_readable(session: Session, lead_id: int, scope: Scope, approver_id: int) -> Lead | None:
    """A lead in scope, or one the approver was asked to decide on (read only: an approval task is theirs)."""
    if scope is None:
        return get_visible(session, lead_id, scope)
    asked = exists().where(ApprovalTask.approver_id == approver_id, ApprovalTask.request_id == ApprovalRequest.id,
                           ApprovalRequest.lead_id == Lead.id)
    return session.scalars(select(Lead).where(Lead.id == lead_id, or_(Lead.sales_person_id.in_(scope), asked)))\
        .first()


def pending_request(session: Session, lead_id: int) -> ApprovalRequest | None:
    """The lead's request waiting for approval (stage change, hold, drop or close; a cost sheet waits apart)."""
    return session.scalars(select(ApprovalRequest).where(
        ApprovalRequest.lead_id == lead_id, ApprovalRequest.status == "PENDING",
        ApprovalRequest.request_type != "PCS").order_by(ApprovalRequest.id.desc())).first()


def pinned_stage_ids(session: Session, user_id: int) -> set[int]:
    return set(session.scalars(select(LeadPin.stage_id).where(LeadPin.user_id == user_id)))


def total_gp(session: Session, *, scope: Scope, sales_person_id: int | None, statuses: list[str]) -> tuple[float, int]:
    stmt = select(func.coalesce(func.sum(Lead.total_gross_profit), 0), func.count(Lead.id))
    stmt = _filters(stmt, scope=scope, statuses=statuses, search=None, sales_person_id=sales_person_id)
    stmt = stmt.where(Lead.stage_id.in_(select(Stage.id).where(Stage.stage_name != stage_rules.CLOSED_STAGE)))
    total, count = session.execute(stmt).one()
    return float(total), int(count)


def days_since(moment: datetime) -> int:
    return max(0, (datetime.now(UTC) - moment).days)


