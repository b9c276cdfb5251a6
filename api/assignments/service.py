"""Assignment Monitoring (system/assignment-monitoring): move leads from one sales person to another (some of them,
or a leaving person's whole book) with a reason, in one transaction: the leads' owner, each lead's history, their
pending approval requests (the requester, when it was the old owner, and whom it was made for; the request keeps
waiting for the same approvers, and its workflow learns whose request it is: api/approvals/owners.py), their
upcoming activity schedules (a schedule's reminder reads its owner when it fires, so moving the row moves the
reminder), the record of the move, and the notification of both people and their team leaders. The dashboard's
rollups follow the leads' owner through their triggers, except a closed lead's GP: it stays credited to who closed
it (`Lead.closed_by_id`)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from api.approvals import owners as approval_owners
from api.assignments import repository as repo
from api.assignments.models import Reassignment, ReassignmentLead
from api.assignments.schemas import BookLead, MovedLead, Person, ReassignIn, ReassignmentDetail, ReassignmentRow
from api.core.config import Settings
from api.core.errors import NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.core.temporal import Client
from api.leads import history as lead_history
from api.leads.models import STATUS_LABELS, Lead
from api.leads.visibility import visible_sales_ids
from api.notifications import dispatch
from api.notifications.catalogue import SALES_PERSON
from api.notifications.live import publish_changed
from api.users.models import User
from api.users.repository import SALES_ROLE

ACTION = "LEADS_REASSIGNED"
REASON_FIELD = "reassignReason"  # the lead's history entry that says why it moved (next to its salesPersonId entry)
REASON_MAX = 1000
NOT_FOUND = "Reassignment not found."
PERSON_NOT_FOUND = "Sales person not found."
TARGET_NOT_FOUND = "The sales person to move the leads to was not found."
FROM_REQUIRED = "Please choose the sales person to move leads from."
TO_REQUIRED = "Please choose the sales person to move the leads to."
REASON_REQUIRED = "Please enter the reason for the reassignment."
REASON_LONG = f"The reason must be at most {REASON_MAX} characters."
NO_LEADS = "Choose at least one lead to move, or the whole book."


def same_person(user: User) -> str:
    return f"The leads already belong to {user.fullname}: choose another sales person to move them to."


def inactive(user: User) -> str:
    return f"{user.fullname} is not active: leads can only move to an active sales person."


def not_sales(user: User) -> str:
    return f"{user.fullname} is not a sales person: leads can only move to a sales person."


def empty_book(user: User) -> str:
    return f"{user.fullname} has no leads to move."


def not_theirs(user: User, ids: list[int]) -> str:
    listed = ", ".join(f"#{i}" for i in ids)
    return f"These leads are not {user.fullname}'s, or you may not see them: {listed}."


def moved_message(count: int, source: str, target: str) -> str:
    return f"{count} {'lead' if count == 1 else 'leads'} moved from {source} to {target}."


def _row(found: tuple[Reassignment, str, str, str]) -> ReassignmentRow:
    r, from_name, to_name, by_name = found
    return ReassignmentRow(id=r.id, at=r.at, from_user_id=r.from_user_id, from_name=from_name,
                           to_user_id=r.to_user_id, to_name=to_name, by_name=by_name, lead_count=r.lead_count,
                           reason=r.reason)


def list_reassignments(*, session: Session, actor: User, params: ListParams) -> Page[ReassignmentRow]:
    rows, total = repo.page(session, params, visible_sales_ids(session, actor))
    return Page(data=[_row(r) for r in rows], total_rows=total)


def get_reassignment(*, session: Session, actor: User, reassignment_id: int) -> ReassignmentDetail:
    """A past reassignment the actor may see (it moved leads from or to someone in their scope), or 404."""
    found = repo.one(session, reassignment_id, visible_sales_ids(session, actor))
    if found is None:
        raise NotFound(NOT_FOUND)
    row = _row(found)
    leads = [MovedLead(lead_id=m.lead_id, project_name=m.project_name, client_name=client, stage_name=stage,
                       status=m.status, status_label=STATUS_LABELS.get(m.status, m.status),
                       total_gross_profit=float(m.total_gross_profit),
                       request_moved=m.request_id is not None, schedules_moved=m.schedules_moved)
             for m, client, stage in repo.moved(session, reassignment_id)]
    return ReassignmentDetail(**row.model_dump(), leads=leads,
                              message=moved_message(row.lead_count, row.from_name, row.to_name))


def _person(session: Session, actor: User, user_id: int) -> User:
    """Someone whose leads the actor sees, or 404."""
    scope = visible_sales_ids(session, actor)
    user = session.get(User, user_id) if scope is None or user_id in scope else None
    if user is None:
        raise NotFound(PERSON_NOT_FOUND)
    return user


def _target(session: Session, actor: User, user_id: int) -> tuple[User, str]:
    """The person to move leads to, with their role's name: anyone for an administrator, a member of the actor's own
    team for a team leader (the people they see); 404 otherwise, as for someone who does not exist."""
    scope = visible_sales_ids(session, actor)
    found = repo.user_with_role(session, user_id) if scope is None or user_id in scope else None
    if found is None:
        raise NotFound(TARGET_NOT_FOUND)
    return found


def book(*, session: Session, actor: User, person_id: int, params: ListParams) -> Page[BookLead]:
    """The leads of a person the actor sees, to choose from."""
    person = _person(session, actor, person_id)
    rows, total = repo.book(session, person.id, params, datetime.now(UTC))
    return Page(data=[BookLead(id=lead.id, project_name=lead.project_name, client_name=client, stage_name=stage,
                               status=lead.status, status_label=STATUS_LABELS.get(lead.status, lead.status),
                               total_gross_profit=float(lead.total_gross_profit), pending_request=bool(pending),
                               upcoming_schedules=int(upcoming or 0))
                      for lead, client, stage, pending, upcoming in rows], total_rows=total)


def people(*, session: Session, actor: User) -> list[Person]:
    """Who leads can move from (in the actor's scope, owning leads, active or not) and to (`canReceive`)."""
    return [Person(id=u.id, fullname=u.fullname, username=u.username, is_active=u.is_active,
                   can_receive=role == SALES_ROLE and u.is_active, lead_count=int(count))
            for u, role, count in repo.people(session, visible_sales_ids(session, actor))]


def reassign(*, session: Session, actor: User, data: ReassignIn) -> tuple[int, list[int]]:
    """Move the leads (not committed): every rule is checked at once (422 with the form's messages; 404 for a person
    the actor may not see). Returns the reassignment's id and the users told in the app (to publish after the
    commit)."""
    errors: list[str] = []
    source = _person(session, actor, data.from_user_id) if data.from_user_id else None
    target_found = _target(session, actor, data.to_user_id) if data.to_user_id else None
    if source is None:
        errors.append(FROM_REQUIRED)
    if target_found is None:
        errors.append(TO_REQUIRED)
    else:
        target, role = target_found
        if source is not None and target.id == source.id:
            errors.append(same_person(target))
        elif not target.is_active:
            errors.append(inactive(target))
        elif role != SALES_ROLE:
            errors.append(not_sales(target))
    reason = (data.reason or "").strip()
    if not reason:
        errors.append(REASON_REQUIRED)
    elif len(reason) > REASON_MAX:
        errors.append(REASON_LONG)
    wanted = None if data.all_leads else list(dict.fromkeys(data.lead_ids))
    if wanted == []:
        errors.append(NO_LEADS)
    leads = repo.leads_for_update(session, source.id, wanted) if source is not None and wanted != [] else []
    if source is not None and wanted is None and not leads:
        errors.append(empty_book(source))
    if source is not None and wanted:
        missing = sorted(set(wanted) - {lead.id for lead in leads})
        if missing:
            errors.append(not_theirs(source, missing))
    if errors:
        raise ValidationFailed(errors)
    assert source is not None and target_found is not None
    target = target_found[0]
    return _move(session, actor, source, target, reason, leads)


def reassign_now(*, session: Session, temporal: Client, settings: Settings, actor: User,
                 data: ReassignIn) -> ReassignmentDetail:
    """Move the leads (`reassign`), commit, tell who must know (`after_commit`); answers the reassignment."""
    reassignment_id, told = reassign(session=session, actor=actor, data=data)
    session.commit()
    after_commit(session=session, temporal=temporal, settings=settings, reassignment_ids=[reassignment_id], told=told)
    return get_reassignment(session=session, actor=actor, reassignment_id=reassignment_id)


def after_commit(*, session: Session, temporal: Client, settings: Settings, reassignment_ids: list[int],
                 told: list[int]) -> None:
    """After reassignments committed: the people told see it live, and the workflows of the requests they moved
    learn their new owner, side by side in one call (their `RequestedBy` search attribute names them); what cannot be
    told now, the approval sweep tells."""
    publish_changed(told)
    approval_owners.tell(session=session, temporal=temporal, timeout=settings.approval_decision_timeout,
                         request_ids=repo.moved_requests(session, reassignment_ids))


def _move(session: Session, actor: User, source: User, target: User, reason: str,
          leads: list[Lead]) -> tuple[int, list[int]]:
    now = datetime.now(UTC)
    ids = [lead.id for lead in leads]
    requests = {r.lead_id: r for r in repo.pending_requests(session, ids)}
    for request in requests.values():
        # a team leader's request on the lead stays theirs, made for the lead's sales person, now the new one; its
        # workflow is told after the commit (after_commit; the approval sweep when it cannot be told at once)
        approval_owners.changed(
            request, requested_by=target.id if request.requested_by == source.id else request.requested_by,
            on_behalf_of=target.id if request.on_behalf_of == source.id else request.on_behalf_of)
    schedules = repo.upcoming_schedules(session, ids, source.id, now)
    for schedule in schedules:
        schedule.owner_id = target.id
    planned = Counter(s.lead_id for s in schedules)
    row = Reassignment(from_user_id=source.id, to_user_id=target.id, reason=reason, by_user_id=actor.id,
                       lead_count=len(leads))
    session.add(row)
    session.flush()
    for lead in leads:
        waiting = requests.get(lead.id)
        session.add(ReassignmentLead(reassignment_id=row.id, lead_id=lead.id, project_name=lead.project_name,
                                     stage_id=lead.stage_id, status=lead.status,
                                     total_gross_profit=lead.total_gross_profit,
                                     request_id=waiting.id if waiting else None, schedules_moved=planned[lead.id]))
        lead_history.record(session, lead, actor, "salesPersonId", source.id, target.id)
        lead_history.record(session, lead, actor, REASON_FIELD, None, reason)
        lead.sales_person_id = target.id
    told = dispatch.tell(session, ACTION, lambda: dispatch.Event(
        {"count": len(leads), "from_person": source.fullname, "to_person": target.fullname, "by": actor.fullname,
         "reason": reason}, people={SALES_PERSON: [source.id, target.id]}, link="/leads"))
    session.flush()
    return row.id, told
