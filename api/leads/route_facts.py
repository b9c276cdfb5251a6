"""What a lead's request is routed on (a pipeline layer's conditions, workflows/contracts/approval_routes.py): the
lead's GP, margin and total revenue, its service categories, project type and client, the stage or status it asks
for, and its sales person's team (their team leader); with the names the skip reasons quote. Registered with the
approval engine with the leads' request types (api/leads/outcomes.py); the cost sheets add their sheet's figures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam, func, literal, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.orm import Session, aliased

from api.approvals.models import ApprovalRequest
from api.approvals.outcomes import RouteQuery
from api.clients.models import Client
from api.leads import history as lead_history
from api.leads.editing import margin_of
from api.leads.models import Lead, LeadServiceCategory, Stage
from api.leads.schemas import RouteEdit
from api.master_data.models import ProjectType, ServiceCategory
from api.users.models import User
from workflows.contracts.approval_routes import STATUS_OF, Facts

Leader = aliased(User, name="leader")


# unscoped: the lead of a request the engine runs, or of a preview whose caller the lead's visibility checked
def facts(session: Session, query: RouteQuery) -> Facts:
    """The lead's facts, with its service categories and the names the reasons quote, in one statement."""
    row = session.execute(_facts_statement(), {"the_lead": query.lead_id, "the_stage": query.target_stage_id}).first()
    status = STATUS_OF.get(query.request_type)
    if row is None:
        return Facts(target_status=status)
    names = {"PROJECT_TYPE": row.project_type_name, "CLIENT": row.client_name, "TEAM": row.leader_name,
             "SERVICE_CATEGORY": row.category_names,
             "TARGET_STAGE": f"{row.stage_name} {row.stage_description}" if row.stage_name else None,
             "TARGET_STATUS": status}
    return Facts(gp=float(row.total_gross_profit or 0), gp_margin=float(row.gross_profit_margin or 0),
                 sheet_total=float(row.total_revenue or 0), service_categories=list(row.category_ids or []),
                 project_type=row.project_type_id, client=row.client_id,
                 target_stage=query.target_stage_id if query.request_type == "CHANGE_LEAD_STAGE" else None,
                 target_status=status, team=row.leader_id,
                 names={key: value for key, value in names.items() if value})


# unscoped: see facts()
@cache
def _facts_statement() -> Any:
    def of_lead(column: Any) -> Any:  # one value over the lead's service categories, by name
        return (select(column).select_from(LeadServiceCategory)
                .join(ServiceCategory, ServiceCategory.id == LeadServiceCategory.service_category_id)
                .where(LeadServiceCategory.lead_id == Lead.id).correlate(Lead).scalar_subquery())

    name = ServiceCategory.service_category_name
    return (select(Lead.total_gross_profit, Lead.gross_profit_margin, Lead.total_revenue, Lead.project_type_id,
                   ProjectType.project_type_name, Lead.client_id, Client.client_name, User.leader_id,
                   Leader.fullname.label("leader_name"), Stage.stage_name, Stage.stage_description,
                   of_lead(func.array_agg(aggregate_order_by(LeadServiceCategory.service_category_id, name)))
                   .label("category_ids"),
                   of_lead(func.string_agg(name, aggregate_order_by(literal(", "), name))).label("category_names"))
            .select_from(Lead).join(Client, Client.id == Lead.client_id)
            .join(User, User.id == Lead.sales_person_id)
            .outerjoin(Leader, Leader.id == User.leader_id)
            .outerjoin(ProjectType, ProjectType.id == Lead.project_type_id)
            .outerjoin(Stage, Stage.id == bindparam("the_stage", type_=Integer))
            .where(Lead.id == bindparam("the_lead", type_=Integer)))


def as_edited(session: Session, edit: RouteEdit) -> Callable[[Facts], Facts]:
    """The facts of the lead as this edit will save it: its figures (the margin computed as the edit stores it), its
    client, project type and service categories, with the names the reasons quote (read only for what changed). A
    field the edit leaves out stays as saved; one sent empty is cleared, as saving clears it."""
    sent = edit.model_fields_set

    def adjust(found: Facts) -> Facts:
        revenue = (edit.total_revenue or 0) if "total_revenue" in sent else found.sheet_total
        gp = (edit.total_gross_profit or 0) if "total_gross_profit" in sent else found.gp
        changed = replace(found, sheet_total=revenue, gp=gp, gp_margin=float(margin_of(revenue, gp)),
                          names=dict(found.names))
        client = edit.client_id if edit.client_id not in (None, found.client) else None
        kind_changed = "project_type" in sent and edit.project_type != found.project_type
        categories = sorted(set(edit.service_categories or [])) if "service_categories" in sent else None
        if categories is not None and set(categories) == set(found.service_categories):
            categories = None
        if client is None and not kind_changed and categories is None:
            return changed
        kind = edit.project_type if kind_changed else None
        named = session.execute(select(
            select(Client.client_name).where(Client.id == client).scalar_subquery(),
            select(ProjectType.project_type_name).where(ProjectType.id == kind).scalar_subquery(),
            select(func.array_agg(aggregate_order_by(ServiceCategory.id, ServiceCategory.service_category_name)))
            .where(ServiceCategory.id.in_(categories or [])).scalar_subquery(),
            select(func.string_agg(ServiceCategory.service_category_name,
                                   aggregate_order_by(literal(", "), ServiceCategory.service_category_name)))
            .where(ServiceCategory.id.in_(categories or [])).scalar_subquery())).one()
        if client is not None:
            changed.client, changed.names["CLIENT"] = client, named[0] or f"client #{client}"
        if kind_changed:
            changed.project_type = kind
            changed.names.pop("PROJECT_TYPE", None)
            if kind is not None:
                changed.names["PROJECT_TYPE"] = named[1] or f"project type #{kind}"
        if categories is not None:
            changed.service_categories = list(named[2] or [])
            changed.names.pop("SERVICE_CATEGORY", None)
            if named[3]:
                changed.names["SERVICE_CATEGORY"] = named[3]
        return changed

    return adjust


def record_skipped(session: Session, request: ApprovalRequest, skipped: list[tuple[str, str]]) -> None:
    """Each layer the request's route leaves out, in the lead's history (by the system: nobody decided it)."""
    for layer, reason in skipped:
        lead_history.record_of(session, request.lead_id, None, "approval", f"Request #{request.id}",
                               f"Layer '{layer}' skipped: {reason}")


def stage_names(session: Session, ids: list[int]) -> dict[int, str]:
    """'E4 Proposal' of each of these stages (a TARGET_STAGE condition's choices)."""
    return {i: f"{name} {description}" for i, name, description in session.execute(
        select(Stage.id, Stage.stage_name, Stage.stage_description).where(Stage.id.in_(ids))).tuples()}
