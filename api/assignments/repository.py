"""Assignment Monitoring queries: past reassignments in the caller's scope (those moving leads from or to someone
they see), a sales person's book, the people leads move between, and the rows a reassignment changes (locked)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, literal, or_, select
from sqlalchemy.orm import Session, aliased

from api.activities.models import ActivitySchedule
from api.approvals.models import ApprovalRequest
from api.assignments.models import Reassignment, ReassignmentLead
from api.clients.models import Client
from api.core.listing import Listing, ListParams, paged
from api.leads.models import Lead, Stage
from api.leads.visibility import Scope, scoped
from api.users import repository as users_repo
from api.users.models import Role, User

From, To, By = aliased(User), aliased(User), aliased(User)
HISTORY_SORT = {"at": Reassignment.at, "leadCount": Reassignment.lead_count, "fromName": func.lower(From.fullname),
                "toName": func.lower(To.fullname), "byName": func.lower(By.fullname)}
HISTORY_CRITERIA = {"fromUserId": Reassignment.from_user_id, "toUserId": Reassignment.to_user_id}
STAGE_LABEL = Stage.stage_name + literal(" ") + Stage.stage_description


def _history() -> Any:
    return (select(Reassignment, From.fullname, To.fullname, By.fullname)
            .join(From, From.id == Reassignment.from_user_id).join(To, To.id == Reassignment.to_user_id)
            .join(By, By.id == Reassignment.by_user_id))


def _scoped(stmt: Any, scope: Scope) -> Any:
    if scope is None:
        return stmt
    return stmt.where(or_(Reassignment.from_user_id.in_(scope), Reassignment.to_user_id.in_(scope)))


def page(session: Session, params: ListParams, scope: Scope) -> tuple[list[Any], int]:
    """Newest first; searched in the reason and the names of the people; filtered by from or to (criteria)."""
    return paged(session, _scoped(_history(), scope), params, Listing(
        sort=HISTORY_SORT, criteria=HISTORY_CRITERIA, default=Reassignment.at, tiebreak=Reassignment.id.desc(),
        default_desc=True, search=(Reassignment.reason, From.fullname, To.fullname, By.fullname)), entities=False)


def one(session: Session, reassignment_id: int, scope: Scope) -> Any:
    return session.execute(_scoped(_history(), scope).where(Reassignment.id == reassignment_id)).tuples().first()


# unscoped: of a reassignment read in scope (repo.one)
def moved(session: Session, reassignment_id: int) -> list[Any]:
    """The leads a reassignment moved, with their client's name (today's) and the stage they were in."""
    stmt = (select(ReassignmentLead, Client.client_name, STAGE_LABEL)
            .outerjoin(Lead, Lead.id == ReassignmentLead.lead_id).outerjoin(Client, Client.id == Lead.client_id)
            .outerjoin(Stage, Stage.id == ReassignmentLead.stage_id)
            .where(ReassignmentLead.reassignment_id == reassignment_id).order_by(ReassignmentLead.id))
    return list(session.execute(stmt).tuples())


BOOK_SORT = {"projectName": func.lower(Lead.project_name), "clientName": func.lower(Client.client_name),
             "stageName": Stage.seq_number, "status": Lead.status, "totalGrossProfit": Lead.total_gross_profit}


# unscoped: a person the service checked is in scope
def book(session: Session, person_id: int, params: ListParams, now: datetime) -> tuple[list[Any], int]:
    """The person's leads (every status), searched in the project and client names, by stage then name by default;
    with whether each waits for an approval request and how many of its schedules are still to come."""
    pending = exists().where(ApprovalRequest.lead_id == Lead.id, ApprovalRequest.status == "PENDING")
    upcoming = (select(func.count()).select_from(ActivitySchedule)
                .where(ActivitySchedule.lead_id == Lead.id, ActivitySchedule.schedule_time > now)
                .scalar_subquery())
    stmt = (select(Lead, Client.client_name, STAGE_LABEL, pending, upcoming)
            .outerjoin(Client, Client.id == Lead.client_id).outerjoin(Stage, Stage.id == Lead.stage_id)
            .where(Lead.sales_person_id == person_id))
    return paged(session, stmt, params, Listing(sort=BOOK_SORT, default=Stage.seq_number, tiebreak=Lead.id,
                                                search=(Lead.project_name, Client.client_name)), entities=False)


def people(session: Session, scope: Scope) -> list[Any]:
    """(user, role name, lead count) of everyone in scope who owns leads or is an active sales person, by name."""
    counts = (select(Lead.sales_person_id, func.count().label("n")).group_by(Lead.sales_person_id).subquery())
    stmt = (select(User, Role.name, func.coalesce(counts.c.n, 0))
            .join(Role, Role.id == User.role_id).outerjoin(counts, counts.c.sales_person_id == User.id)
            .where(or_(counts.c.n > 0, users_repo.active_sales_person()))
            .order_by(func.lower(User.fullname), User.id))
    return list(session.execute(scoped(stmt, scope, User.id)).tuples())


def user_with_role(session: Session, user_id: int) -> tuple[User, str] | None:
    found = session.execute(select(User, Role.name).join(Role, Role.id == User.role_id)
                            .where(User.id == user_id)).tuples().first()
    return (found[0], found[1]) if found else None


def owners(session: Session, lead_ids: list[int], scope: Scope) -> dict[int, int]:
    """{lead id: its sales person} of the named leads the caller sees (the others are left out)."""
    stmt = scoped(select(Lead.id, Lead.sales_person_id).where(Lead.id.in_(lead_ids)), scope)
    return {lead_id: owner for lead_id, owner in session.execute(stmt).tuples()}


# unscoped: an owner the service checked is in scope
def leads_for_update(session: Session, owner_id: int, lead_ids: list[int] | None) -> list[Lead]:
    """The owner's leads (those named, or all of them), locked until the transaction ends, by id."""
    stmt = select(Lead).where(Lead.sales_person_id == owner_id)
    if lead_ids is not None:
        stmt = stmt.where(Lead.id.in_(lead_ids))
    return list(session.scalars(stmt.order_by(Lead.id).with_for_update()))


# unscoped: of leads the service checked
def pending_requests(session: Session, lead_ids: list[int]) -> list[ApprovalRequest]:
    """The leads' requests still waiting for their approvers (stage, hold, drop, close and cost sheet), locked."""
    return list(session.scalars(select(ApprovalRequest).where(ApprovalRequest.lead_id.in_(lead_ids),
                                                              ApprovalRequest.status == "PENDING")
                                .order_by(ApprovalRequest.id).with_for_update()))


def moved_requests(session: Session, reassignment_ids: list[int]) -> list[int]:
    """The pending requests these reassignments moved with their leads."""
    return list(session.scalars(select(ReassignmentLead.request_id).where(
        ReassignmentLead.reassignment_id.in_(reassignment_ids), ReassignmentLead.request_id.is_not(None))))


# unscoped: of leads the service checked
def upcoming_schedules(session: Session, lead_ids: list[int], owner_id: int, now: datetime) -> list[ActivitySchedule]:
    """The owner's plans on these leads still to come."""
    return list(session.scalars(select(ActivitySchedule).where(ActivitySchedule.lead_id.in_(lead_ids),
                                                               ActivitySchedule.owner_id == owner_id,
                                                               ActivitySchedule.schedule_time > now)
                                .order_by(ActivitySchedule.id).with_for_update()))
