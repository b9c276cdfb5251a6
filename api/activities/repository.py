"""Activity queries. Which lead the actor may see is decided by api.leads.visibility before any of these run; the
lookups that list leads take its scope (sales ids, or None for all)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.activities.models import Activity, ActivityFile
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.leads.models import Lead
from api.leads.visibility import Scope, scoped
from api.users.models import User


# unscoped: by a lead the service checked (visibility's loaders)
def of_lead(session: Session, lead_id: int) -> list[tuple[Activity, str | None, str | None]]:
    """The lead's activities, newest first, with the person in charge's and the author's names."""
    stmt = (select(Activity, Contact.fullname, User.fullname)
            .outerjoin(Contact, Contact.id == Activity.pic_contact_id)
            .outerjoin(User, User.id == Activity.created_by)
            .where(Activity.lead_id == lead_id).order_by(Activity.created_at.desc(), Activity.id.desc()))
    return [(a, pic, author) for a, pic, author in session.execute(stmt).tuples()]


# unscoped: by an activity whose lead the service checks
def get(session: Session, lead_id: int, activity_id: int) -> tuple[Activity, str | None, str | None] | None:
    stmt = (select(Activity, Contact.fullname, User.fullname)
            .outerjoin(Contact, Contact.id == Activity.pic_contact_id)
            .outerjoin(User, User.id == Activity.created_by)
            .where(Activity.lead_id == lead_id, Activity.id == activity_id))
    row = session.execute(stmt).tuples().first()
    return None if row is None else (row[0], row[1], row[2])


# unscoped: finds the lead the service then checks
def lead_of(session: Session, activity_id: int) -> int | None:
    return session.scalar(select(Activity.lead_id).where(Activity.id == activity_id))


# unscoped: of activities already read in scope
def file_counts(session: Session, activity_ids: list[int]) -> dict[tuple[int, str], int]:
    if not activity_ids:
        return {}
    stmt = (select(ActivityFile.activity_id, ActivityFile.kind, func.count())
            .where(ActivityFile.activity_id.in_(activity_ids)).group_by(ActivityFile.activity_id, ActivityFile.kind))
    return {(a, k): n for a, k, n in session.execute(stmt).tuples()}


# unscoped: of an activity whose lead the service checked
def files_of(session: Session, activity_id: int) -> list[ActivityFile]:
    return list(session.scalars(select(ActivityFile).where(ActivityFile.activity_id == activity_id)
                                .order_by(ActivityFile.kind, ActivityFile.seq, ActivityFile.id)))


# unscoped: by a lead the service checked (visibility's loaders)
def file_of_lead(session: Session, lead_id: int, kind: str, key: str) -> ActivityFile | None:
    """A file of one of the lead's activities, by its stored name."""
    return session.scalars(select(ActivityFile).join(Activity, Activity.id == ActivityFile.activity_id)
                           .where(Activity.lead_id == lead_id, ActivityFile.kind == kind,
                                  ActivityFile.key == key)).first()


# unscoped: of an activity whose lead the service checked
def file_of_activity(session: Session, activity_id: int, name: str) -> ActivityFile | None:
    """A file of the activity by its stored name, or else by the name it is shown with (the first of that name)."""
    by_key = session.scalars(select(ActivityFile).where(ActivityFile.activity_id == activity_id,
                                                        ActivityFile.key == name)).first()
    if by_key is not None:
        return by_key
    return session.scalars(select(ActivityFile).where(ActivityFile.activity_id == activity_id,
                                                      ActivityFile.filename == name)
                           .order_by(ActivityFile.id)).first()


def clients(session: Session, scope: Scope) -> list[tuple[int, str]]:
    """The clients that have a lead in scope, by name."""
    stmt = scoped(select(Client.id, Client.client_name).join(Lead, Lead.client_id == Client.id), scope)
    stmt = stmt.distinct().order_by(Client.client_name, Client.id)
    return [(i, n) for i, n in session.execute(stmt).tuples()]


def projects(session: Session, client_id: int, scope: Scope) -> list[tuple[int, str]]:
    """The client's leads in scope, by project name."""
    stmt = scoped(select(Lead.id, Lead.project_name).where(Lead.client_id == client_id), scope)
    return [(i, n) for i, n in session.execute(stmt.order_by(Lead.project_name, Lead.id)).tuples()]

