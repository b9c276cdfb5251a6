"""Changing the owner of chosen leads (from a lead's page, a row of Leads Management, or several rows at once):
the leads are grouped by their sales person and each group is a reassignment of Assignment Monitoring, with its
rules, history and notifications (api.assignments.service.reassign), all in one transaction."""

from __future__ import annotations

from sqlalchemy.orm import Session

from api.assignments import repository as repo
from api.assignments import service
from api.assignments.schemas import OwnerChangeIn, OwnerChangeOut, ReassignIn, ReassignmentRow
from api.core.config import Settings
from api.core.errors import NotFound, ValidationFailed
from api.core.temporal import Client
from api.leads.visibility import LEAD_NOT_FOUND, visible_sales_ids
from api.users.models import User

NO_LEADS = "Choose at least one lead to move."


def not_found(ids: list[int]) -> str:
    if len(ids) == 1:
        return LEAD_NOT_FOUND
    return f"These leads were not found, or you may not see them: {', '.join(f'#{i}' for i in ids)}."


def change_owner(*, session: Session, actor: User, data: OwnerChangeIn) -> tuple[list[int], list[int]]:
    """Move the leads to `to_user_id` (not committed). Every lead must be one the actor sees (404 otherwise: a team
    leader moves their own team's leads only); the reassignment's rules decide the rest (a team leader moves them to
    a member of their team only). Returns the reassignments' ids and the users told in the app."""
    wanted = list(dict.fromkeys(data.lead_ids))
    if not wanted:
        raise ValidationFailed(NO_LEADS)
    owners = repo.owners(session, wanted, visible_sales_ids(session, actor))
    missing = [i for i in wanted if i not in owners]
    if missing:
        raise NotFound(not_found(missing))
    groups: dict[int, list[int]] = {}
    for lead_id in wanted:
        groups.setdefault(owners[lead_id], []).append(lead_id)
    made: list[int] = []
    told: list[int] = []
    for owner, lead_ids in groups.items():
        one, people = service.reassign(session=session, actor=actor, data=ReassignIn(
            from_user_id=owner, to_user_id=data.to_user_id, lead_ids=lead_ids, reason=data.reason))
        made.append(one)
        told += people
    return made, list(dict.fromkeys(told))


def change_owner_now(*, session: Session, temporal: Client, settings: Settings, actor: User,
                     data: OwnerChangeIn) -> OwnerChangeOut:
    """Move the leads (`change_owner`), commit, tell who must know (service.after_commit); answers what it did."""
    made, told = change_owner(session=session, actor=actor, data=data)
    session.commit()
    service.after_commit(session=session, temporal=temporal, settings=settings, reassignment_ids=made, told=told)
    return answer(session=session, actor=actor, reassignment_ids=made)


def answer(*, session: Session, actor: User, reassignment_ids: list[int]) -> OwnerChangeOut:
    """What the owner change did: its reassignments, as Assignment Monitoring lists them, and one sentence each."""
    found = [service.get_reassignment(session=session, actor=actor, reassignment_id=i) for i in reassignment_ids]
    rows = [ReassignmentRow(**r.model_dump(exclude={"leads", "message"})) for r in found]
    return OwnerChangeOut(lead_count=sum(r.lead_count for r in rows), reassignments=rows,
                          message=" ".join(r.message for r in found))
