"""Lead queries, every one scoped to the leads the actor may see (`scope`: sales ids, or None for all)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam, delete, literal, select, union_all
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest, ApprovalTask
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.leads.models import (
    Lead,
    LeadBillingSchedule,
    LeadHistory,
    LeadPayment,
    LeadPic,
    LeadProjectId,
    LeadServiceCategory,
    Stage,
)
from api.leads.visibility import Scope, scoped
from api.master_data import models as md
from api.users import repository as users_repo
from api.users.models import User


def stage_named(session: Session, name: str) -> Stage | None:
    return session.scalars(select(Stage).where(Stage.stage_name == name)).first()


# unscoped: by a lead the service checked (visibility's loaders)
def lock(session: Session, lead_id: int) -> None:
    """Lock the lead's row until the transaction ends (writers of one lead take turns)."""
    session.execute(select(Lead.id).where(Lead.id == lead_id).with_for_update())


# unscoped: by a lead the service checked (visibility's loaders)
def pending_request(session: Session, lead_id: int) -> ApprovalRequest | None:
    """The lead's request waiting for approval (stage change, hold, drop or close; a cost sheet waits apart)."""
    return session.scalars(select(ApprovalRequest).where(
        ApprovalRequest.lead_id == lead_id, ApprovalRequest.status == "PENDING",
        ApprovalRequest.request_type != "PCS").order_by(ApprovalRequest.id.desc())).first()


def days_since(moment: datetime) -> int:
    return max(0, (datetime.now(UTC) - moment).days)




# -- stages ------------------------------------------------------------------------------------------------------

def stage(session: Session, stage_id: int | None, name: str) -> Stage | None:
    """A stage by id, or (without one) by its name ('E3')."""
    stmt = select(Stage).where(Stage.id == stage_id) if stage_id is not None else select(Stage).where(
        Stage.stage_name == name.upper())
    return session.scalars(stmt).first()


def stage_names(session: Session) -> dict[int, str]:
    return dict(session.execute(select(Stage.id, Stage.stage_name)).tuples().all())


def stages_by_name(session: Session) -> dict[str, Stage]:
    return {s.stage_name: s for s in session.scalars(select(Stage))}


def active_sales(session: Session, scope: Scope) -> list[User]:
    """Active sales people in scope, by name (the board's sales person filter)."""
    stmt = select(User).where(users_repo.active_sales_person()).order_by(User.fullname)
    stmt = scoped(stmt, scope, User.id)
    return list(session.scalars(stmt))


def is_active_sales(session: Session, user_id: int, scope: Scope) -> bool:
    """Whether the user is an active sales person the scope covers (whom a lead may be given to)."""
    stmt = select(User.id).where(User.id == user_id, users_repo.active_sales_person())
    stmt = scoped(stmt, scope, User.id)
    return session.scalar(stmt) is not None


# -- one lead's parts ------------------------------------------------------------------------------------------------

# unscoped: by a lead the service checked (visibility's loaders)
def names_of(session: Session, lead_id: int) -> Any:
    """The names the lead refers to (stage, client, sales person, master data), in one statement (the detail page
    reads it every 10 s)."""
    return session.execute(
        select(Stage.stage_name, Stage.stage_description, Client.client_name, Client.client_code, User.fullname,
               md.ProjectType.project_type_name, md.Source.source_name, md.Entity.entity_name, md.Unit.unit_name)
        .select_from(Lead)
        .join(Stage, Stage.id == Lead.stage_id).join(Client, Client.id == Lead.client_id)
        .join(User, User.id == Lead.sales_person_id)
        .outerjoin(md.ProjectType, md.ProjectType.id == Lead.project_type_id)
        .outerjoin(md.Source, md.Source.id == Lead.source_id)
        .outerjoin(md.Entity, md.Entity.id == Lead.entity_id)
        .outerjoin(md.Unit, md.Unit.id == Lead.unit_id)
        .where(Lead.id == lead_id)).one()


def pics_of(session: Session, lead_id: int) -> list[Contact]:
    return list(session.scalars(select(Contact).join(LeadPic, LeadPic.contact_id == Contact.id)
                                .where(LeadPic.lead_id == lead_id).order_by(Contact.fullname)))


def categories_of(session: Session, lead_id: int) -> list[tuple[LeadServiceCategory, str, str | None]]:
    """The lead's service categories with their names and sub category names."""
    stmt = (select(LeadServiceCategory, md.ServiceCategory.service_category_name,
                   md.SubServiceCategory.sub_service_category_name)
            .join(md.ServiceCategory, md.ServiceCategory.id == LeadServiceCategory.service_category_id)
            .outerjoin(md.SubServiceCategory,
                       md.SubServiceCategory.id == LeadServiceCategory.sub_service_category_id)
            .where(LeadServiceCategory.lead_id == lead_id).order_by(LeadServiceCategory.id))
    return [(c, name, sub) for c, name, sub in session.execute(stmt).tuples()]


def payments_of(session: Session, lead_id: int) -> list[LeadPayment]:
    return list(session.scalars(select(LeadPayment).where(LeadPayment.lead_id == lead_id)
                                .order_by(LeadPayment.billing_date)))


def billing_of(session: Session, lead_id: int) -> list[LeadBillingSchedule]:
    return list(session.scalars(select(LeadBillingSchedule).where(LeadBillingSchedule.lead_id == lead_id)
                                .order_by(LeadBillingSchedule.schedule)))


def pids_of(session: Session, lead_id: int) -> list[str]:
    return list(session.scalars(select(LeadProjectId.pid_number).where(LeadProjectId.lead_id == lead_id)
                                .order_by(LeadProjectId.id)))


# unscoped: by a lead the service checked (visibility's loaders)
def stage_moves(session: Session, lead_id: int) -> list[Any]:
    """The lead's recorded stage changes (changed_at, old_value, new_value), oldest first."""
    return list(session.execute(select(LeadHistory.changed_at, LeadHistory.old_value, LeadHistory.new_value)
                                .where(LeadHistory.lead_id == lead_id, LeadHistory.field == "stage")
                                .order_by(LeadHistory.changed_at, LeadHistory.id)))


def client_contacts(session: Session, client_id: int, contact_ids: list[int]) -> list[Contact]:
    """Those of the contacts that belong to the client and are not deleted."""
    return list(session.scalars(select(Contact).where(
        Contact.id.in_(contact_ids), Contact.client_id == client_id, Contact.deleted_at.is_(None))))


def known_categories(session: Session, ids: set[int]) -> set[int]:
    stmt = select(md.ServiceCategory.id).where(md.ServiceCategory.id.in_(ids))
    return set(session.scalars(stmt)) if ids else set()


def sub_category_parents(session: Session, ids: set[int]) -> dict[int, int]:
    """Sub service category id -> its service category id."""
    stmt = select(md.SubServiceCategory.id, md.SubServiceCategory.service_category_id).where(
        md.SubServiceCategory.id.in_(ids))
    return dict(session.execute(stmt).tuples().all()) if ids else {}


def replace_parts(session: Session, model: Any, lead_id: int, rows: list[Any]) -> None:
    """Replace the lead's rows of one part (persons in charge, categories, payments, billing) by `rows`."""
    session.execute(delete(model).where(model.lead_id == lead_id))
    session.add_all(rows)


# -- history ---------------------------------------------------------------------------------------------------------

# unscoped: by a lead the service checked (visibility's loaders)
def history_of(session: Session, lead_id: int) -> list[tuple[LeadHistory, str | None]]:
    """Every recorded change of the lead with who made it (None: the system), newest first."""
    stmt = (select(LeadHistory, User.fullname).outerjoin(User, User.id == LeadHistory.changed_by)
            .where(LeadHistory.lead_id == lead_id).order_by(LeadHistory.changed_at.desc(), LeadHistory.id.desc()))
    return list(session.execute(stmt).tuples())


def names_by_id(session: Session, wanted: dict[str, tuple[Any, Any, set[int]]]) -> dict[tuple[str, int], str]:
    """For each field, the names of the rows it refers to (field -> key column, name column, ids), in one UNION."""
    parts = [select(literal(field).label("field"), key.label("id"), name.label("name")).where(key.in_(ids))
             for field, (key, name, ids) in wanted.items() if ids]
    if not parts:
        return {}
    return {(field, key): name for field, key, name in session.execute(union_all(*parts))}


def stage_labels(session: Session) -> dict[str, str]:
    """'E3' -> 'E3 Qualified'."""
    return {name: f"{name} {description}" for name, description in
            session.execute(select(Stage.stage_name, Stage.stage_description))}


def request_subject(session: Session, lead_id: int, target_stage_id: int | None) -> Any:
    """A request's lead as its notifications name it: project, client, sales person, and the target stage (one
    statement, built once: every step of an approval tells someone)."""
    return session.execute(_request_subject_statement(), {"the_lead": lead_id, "the_stage": target_stage_id}).first()


# unscoped: by a lead the service checked (visibility's loaders)
@cache
def _request_subject_statement() -> Any:
    return (select(Lead.project_name, Client.client_name, Lead.sales_person_id, Stage.stage_name,
                   Stage.stage_description)
            .select_from(Lead).join(Client, Client.id == Lead.client_id)
            .outerjoin(Stage, Stage.id == bindparam("the_stage", type_=Integer))
            .where(Lead.id == bindparam("the_lead", type_=Integer)))


def waiting_approvers(session: Session, request_id: int, layer_index: int) -> list[tuple[str, str]]:
    """(task status, approver's name) of the approvers the request's layer still waits on, by name."""
    return list(session.execute(
        select(ApprovalTask.status, User.fullname).join(User, User.id == ApprovalTask.approver_id)
        .where(ApprovalTask.request_id == request_id, ApprovalTask.layer_index == layer_index,
               ApprovalTask.status.in_(("PENDING", "PROCESSING"))).order_by(User.fullname)).tuples().all())
