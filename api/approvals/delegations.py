"""Out of office: an approver's delegate for a period, for every request type or one. While a delegation holds, the
approver's tasks are offered to the delegate too, who decides for them (the engine reads them through
api/approvals/delegates.py). An approver keeps their own delegations; whoever may edit approval pipelines keeps
anyone's."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy.orm import Session

from api.approvals import deciders
from api.approvals import delegation_queries as queries
from api.approvals import repository as repo
from api.approvals.models import ApprovalDelegation
from api.approvals.schemas import DelegationIn, DelegationOut
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import Conflict, Forbidden, NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.core.times import company_today, day_text
from api.users.models import User

ADMIN_PAGE = "system/approval-pipeline"  # who may edit approval pipelines keeps everyone's delegations (edit)
DELEGATION_NOT_FOUND = "Delegation not found."
ONLY_OWN = "You can only set your own delegations."
DELEGATE_REQUIRED = "Please choose the delegate."
STARTS_REQUIRED = "Please choose the first day."
ENDS_REQUIRED = "Please choose the last day."
SELF_DELEGATE = "The delegate must be someone other than the approver."
APPROVER_INACTIVE = "The approver must be an active user."
DELEGATE_INACTIVE = "The delegate must be an active user."
DELEGATE_CANNOT_DECIDE = f"The delegate must be someone who {deciders.CANNOT_DECIDE}."
END_BEFORE_START = "The last day cannot be before the first day."
END_IN_PAST = "The last day cannot be in the past."
HISTORY_DAYS = 365  # past delegations listed

TYPE_LABELS = {"CHANGE_LEAD_STAGE": "stage changes", "HOLD_LEAD": "holds", "DROP_LEAD": "drops",
               "CLOSE_LEAD": "closes", "PCS": "project cost sheets"}


def what(request_type: str | None) -> str:
    return "every request" if request_type is None else TYPE_LABELS.get(request_type, request_type)


def period(starts_on: date, ends_on: date) -> str:
    return day_text(starts_on) if starts_on == ends_on else f"{day_text(starts_on)} to {day_text(ends_on)}"


def overlap_message(name: str, other: ApprovalDelegation, delegate: str) -> str:
    return (f"{name} already delegates {what(other.request_type)} from {period(other.starts_on, other.ends_on)} "
            f"to {delegate}: change that delegation, or choose days or a request type it does not cover.")


def chain_message(delegate: str, other: ApprovalDelegation) -> str:
    return (f"{delegate} is delegating {what(other.request_type)} themselves from "
            f"{period(other.starts_on, other.ends_on)}: choose someone who is in during these days.")


def state_of(delegation: ApprovalDelegation, today: date) -> str:
    if delegation.ends_on < today:
        return "PAST"
    return "UPCOMING" if delegation.starts_on > today else "CURRENT"


def _out(rows: list[ApprovalDelegation], session: Session, today: date) -> list[DelegationOut]:
    names = repo.full_names(session, {i for d in rows for i in (d.delegator_id, d.delegate_id, d.created_by) if i})
    return [DelegationOut(id=d.id, delegator_id=d.delegator_id, delegator_name=names.get(d.delegator_id, ""),
                          delegate_id=d.delegate_id, delegate_name=names.get(d.delegate_id, ""),
                          starts_on=d.starts_on, ends_on=d.ends_on, request_type=d.request_type, note=d.note,
                          state=state_of(d, today), created_by_name=names.get(d.created_by) if d.created_by else None,
                          created_at=d.created_at) for d in rows]


# -- the calls -------------------------------------------------------------------------------------------------------

def list_delegations(*, session: Session, settings: Settings, actor: User, manage_all: bool, everyone: bool,
                     delegator_id: int | None, params: ListParams) -> Page[DelegationOut]:
    """A page of the caller's delegations (as approver or delegate); with `everyone`, anyone's (or one approver's),
    for an administrator. Current and upcoming ones, and those that ended within a year."""
    today = company_today(settings.time_zone)
    if (everyone or delegator_id not in (None, actor.id)) and not manage_all:
        raise Forbidden(ONLY_OWN)
    rows, total = queries.delegations(session, user_id=None if everyone or delegator_id else actor.id,
                                   delegator_id=delegator_id, since=today - timedelta(days=HISTORY_DAYS), today=today,
                                   params=params)
    return Page(data=_out(rows, session, today), total_rows=total)


def _validate(session: Session, *, policy: PolicyStore, actor: User, manage_all: bool, data: DelegationIn,
              today: date, exclude_id: int | None, delegator_id: int) -> None:
    if delegator_id != actor.id and not manage_all:
        raise Forbidden(ONLY_OWN)
    errors = []
    if data.delegate_id is None:
        errors.append(DELEGATE_REQUIRED)
    if data.starts_on is None:
        errors.append(STARTS_REQUIRED)
    if data.ends_on is None:
        errors.append(ENDS_REQUIRED)
    if data.delegate_id is not None and data.delegate_id == delegator_id:
        errors.append(SELF_DELEGATE)
    active = repo.known_active(session, {delegator_id} | ({data.delegate_id} if data.delegate_id else set()))
    if delegator_id not in active:
        errors.append(APPROVER_INACTIVE)
    if data.delegate_id is not None and data.delegate_id != delegator_id and data.delegate_id not in active:
        errors.append(DELEGATE_INACTIVE)
    elif data.delegate_id is not None and not deciders.deciders(session, policy, {data.delegate_id}):
        errors.append(DELEGATE_CANNOT_DECIDE)  # the work would wait unseen: they would be refused at the queue
    if data.starts_on and data.ends_on and data.ends_on < data.starts_on:
        errors.append(END_BEFORE_START)
    elif data.ends_on and data.ends_on < today:
        errors.append(END_IN_PAST)
    if errors:
        raise ValidationFailed(errors)
    assert data.delegate_id is not None and data.starts_on is not None and data.ends_on is not None
    overlaps = queries.overlapping_delegations(session, delegator_id=delegator_id, starts_on=data.starts_on,
                                            ends_on=data.ends_on, request_type=data.request_type,
                                            exclude_id=exclude_id)
    chains = queries.overlapping_delegations(session, delegator_id=data.delegate_id, starts_on=data.starts_on,
                                          ends_on=data.ends_on, request_type=data.request_type, exclude_id=None)
    names = repo.full_names(session, {delegator_id, data.delegate_id, *(o.delegate_id for o in overlaps)})
    conflicts = [overlap_message(names.get(delegator_id, ""), other, names.get(other.delegate_id, ""))
                 for other in overlaps]
    conflicts += [chain_message(names.get(data.delegate_id, ""), other) for other in chains]
    if conflicts:
        raise Conflict(conflicts)


def _get(session: Session, *, actor: User, manage_all: bool, delegation_id: int) -> ApprovalDelegation:
    """The delegation, if the caller may change it (their own, or anyone's for an administrator): else 404."""
    found = session.get(ApprovalDelegation, delegation_id)
    if found is None or not (manage_all or found.delegator_id == actor.id):
        raise NotFound(DELEGATION_NOT_FOUND)
    return found


def _note(data: DelegationIn) -> str | None:
    return (data.note or "").strip() or None


def create(*, session: Session, settings: Settings, policy: PolicyStore, actor: User, manage_all: bool,
           data: DelegationIn) -> DelegationOut:
    today = company_today(settings.time_zone)
    delegator_id = data.delegator_id or actor.id
    # one writer at a time per approver, so two overlapping delegations cannot be saved side by side
    queries.lock_delegator(session, delegator_id)
    _validate(session, policy=policy, actor=actor, manage_all=manage_all, data=data, today=today, exclude_id=None,
              delegator_id=delegator_id)
    assert data.delegate_id is not None and data.starts_on is not None and data.ends_on is not None
    delegation = ApprovalDelegation(delegator_id=delegator_id, delegate_id=data.delegate_id,
                                    starts_on=data.starts_on, ends_on=data.ends_on, request_type=data.request_type,
                                    note=_note(data), created_by=actor.id)
    session.add(delegation)
    session.commit()
    return _out([delegation], session, today)[0]


def update(*, session: Session, settings: Settings, policy: PolicyStore, actor: User, manage_all: bool,
           delegation_id: int, data: DelegationIn) -> DelegationOut:
    today = company_today(settings.time_zone)
    delegation = _get(session, actor=actor, manage_all=manage_all, delegation_id=delegation_id)
    delegator_id = data.delegator_id or delegation.delegator_id
    queries.lock_delegator(session, delegator_id)
    _validate(session, policy=policy, actor=actor, manage_all=manage_all, data=data, today=today,
              exclude_id=delegation.id,
              delegator_id=delegator_id)
    assert data.delegate_id is not None and data.starts_on is not None and data.ends_on is not None
    delegation.delegator_id, delegation.delegate_id = delegator_id, data.delegate_id
    delegation.starts_on, delegation.ends_on = data.starts_on, data.ends_on
    delegation.request_type, delegation.note = data.request_type, _note(data)
    session.commit()
    return _out([delegation], session, today)[0]


def delete(*, session: Session, actor: User, manage_all: bool, delegation_id: int) -> str:
    delegation = _get(session, actor=actor, manage_all=manage_all, delegation_id=delegation_id)
    names = repo.full_names(session, {delegation.delegate_id})
    session.delete(delegation)
    session.commit()
    return f"The delegation to {names.get(delegation.delegate_id, 'the delegate')} has been removed."
