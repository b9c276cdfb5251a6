"""A layer's deadline in the database, for the approval workflow's clock activities: when the layer is due (computed
once, with the holiday list), the reminder of the approvers still waiting, and the escalation to one more person who
may decide in their place. Each step is idempotent (a retried activity changes nothing twice)."""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from api.approvals import delegates, mail_links, queue, queue_queries
from api.approvals import repository as repo
from api.approvals.models import ApprovalRequest
from api.core.config import get_settings
from api.core.times import local_time
from api.holidays import service as holiday_days
from api.notifications import dispatch
from api.notifications.live import publish_changed
from api.users.models import User
from workflows.contracts import deadlines
from workflows.contracts.approval_rules import Approver, Deadline

log = logging.getLogger(__name__)


def _zone() -> str:
    return get_settings().time_zone


def _clock(request: ApprovalRequest, layer_index: int) -> dict[str, Any]:
    return dict((request.clocks or {}).get(str(layer_index), {}))


def _keep(request: ApprovalRequest, layer_index: int, **values: Any) -> None:
    clocks = dict(request.clocks or {})
    clocks[str(layer_index)] = {**_clock(request, layer_index), **values}
    request.clocks = clocks


def due_times(session: Session, started_at: datetime, deadline: Deadline,
              holidays: Collection[date] | None = None) -> tuple[datetime, datetime | None]:
    """When a layer started at `started_at` is due, and when it is escalated (None: never), counted in the company's
    time zone over its holidays (read when not given). The clock and the route preview both count here."""
    zone = _zone()
    if holidays is None:
        first = started_at.date() - timedelta(days=1)  # a deadline counts at most a few years of working days
        holidays = holiday_days.holidays_between(session=session, first=first, last=first + timedelta(days=5 * 366))
    due = deadlines.add(started_at, deadline.amount, deadline.unit, holidays=holidays, time_zone=zone)
    escalate_at = None if deadline.escalate_to == "NONE" else \
        deadlines.add(due, deadline.escalate_after, deadline.unit, holidays=holidays, time_zone=zone)
    scale = get_settings().approval_deadline_scale
    if scale != 1:  # a demo's or a browser journey's shortened deadlines (APPROVAL_DEADLINE_SCALE)
        due = started_at + (due - started_at) * scale
        escalate_at = started_at + (escalate_at - started_at) * scale if escalate_at else None
    return due, escalate_at


def start(session: Session, *, request_id: int, layer_index: int, started_at: datetime,
          deadline: Deadline) -> tuple[datetime, datetime | None]:
    """When the layer is due and when it is escalated (None: never); kept on the request (the queue sorts by it).
    Computed once: a retried step answers what the first one kept."""
    request = repo.request_for_update(session, request_id)
    kept = _clock(request, layer_index) if request is not None else {}
    if kept.get("dueAt"):
        session.commit()
        escalate = kept.get("escalateAt")
        return datetime.fromisoformat(kept["dueAt"]), datetime.fromisoformat(escalate) if escalate else None
    due, escalate_at = due_times(session, started_at, deadline)
    if request is not None:
        _keep(request, layer_index, dueAt=due.isoformat(),
              escalateAt=escalate_at.isoformat() if escalate_at else None)
    session.commit()
    return due, escalate_at


def remind(session: Session, *, request_id: int, layer_index: int, approvers: list[int], at: datetime) -> bool:
    """Remind the approvers still waiting (and their delegates) that the layer is overdue, once."""
    request = repo.request_for_update(session, request_id)
    if request is None or request.status != "PENDING" or _clock(request, layer_index).get("remindedAt"):
        session.commit()
        return False
    due = _clock(request, layer_index).get("dueAt")
    stand_ins = delegates.standing_in(session, request.request_type, approvers)
    told = dispatch.tell(session, "REQUEST_REMINDED", lambda: queue.request_event(
        session, request, layer_index=layer_index, approvers=[*approvers, *stand_ins.values()],
        link=queue.approval_link(request_id),
        due=local_time(datetime.fromisoformat(due) if due else at, ZoneInfo(_zone()))))
    _keep(request, layer_index, remindedAt=at.isoformat())
    session.commit()
    publish_changed(told)
    return True


def _target(session: Session, request: ApprovalRequest, deadline: Deadline) -> User | None:
    """Who the layer goes to: the named user, or the requester's team leader (the sales person's, when an
    administrator asked for them); never the requester themselves, nor someone inactive."""
    if deadline.escalate_to == "USER" and deadline.escalate_user_id is not None:
        found = session.get(User, deadline.escalate_user_id)
    elif deadline.escalate_to == "TEAM_LEADER":
        requester = session.get(User, request.on_behalf_of or request.requested_by)
        found = session.get(User, requester.leader_id) if requester is not None and requester.leader_id else None
    else:
        found = None
    if found is None or not found.is_active or found.id in (request.requested_by, request.on_behalf_of):
        return None
    return found


def escalate(session: Session, *, request_id: int, layer_index: int, deadline: Deadline, waiting: list[int],
             at: datetime) -> Approver | None:
    """Escalate the layer (once): its person is queued and told, and may decide in the place of `waiting`."""
    request = repo.request_for_update(session, request_id)
    if request is None or request.status != "PENDING":
        session.commit()
        return None
    kept = _clock(request, layer_index)
    if kept.get("escalatedTo"):
        session.commit()
        return Approver(kept["escalatedTo"], kept.get("escalatedToName") or "", kept.get("escalatedToUsername") or "")
    target = _target(session, request, deadline)
    if target is None:
        log.warning("approval request %s: layer %s is past its escalation time with nobody to escalate to",
                    request_id, layer_index)
        session.commit()
        return None
    queue_queries.queue_approvers(session, request_id=request_id, layer_index=layer_index, pending=[target.id])
    names = repo.full_names(session, set(waiting))
    due = kept.get("dueAt")
    def event() -> dispatch.Event:
        made = queue.request_event(
            session, request, layer_index=layer_index, approvers=[target.id], link=queue.approval_link(request_id),
            waiting=", ".join(names[i] for i in waiting if i in names) or "its approvers",
            due=local_time(datetime.fromisoformat(due) if due else at, ZoneInfo(_zone())))
        # their mail carries Approve and Reject links, as an approver's does
        made.mail_links = mail_links.mail_actions(get_settings(), request_id=request_id, layer=layer_index,
                                                  approvers=[target.id])
        return made

    told = dispatch.tell(session, "REQUEST_ESCALATED", event)
    _keep(request, layer_index, escalatedTo=target.id, escalatedToName=target.fullname,
          escalatedToUsername=target.username, escalatedAt=at.isoformat())
    session.commit()
    log.info("approval request %s: layer %s escalated to %s", request_id, layer_index, target.username)
    publish_changed(told)
    return Approver(target.id, target.fullname, target.username)
