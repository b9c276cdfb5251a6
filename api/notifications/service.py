"""Notifications of the signed-in user (spec 1 §2.3, §4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy.orm import Session

from api.core.authz import PolicyStore
from api.core.errors import Forbidden
from api.notifications import repository, targets
from api.notifications.models import Notification
from api.notifications.schemas import NotificationLimited, NotificationOut, NotificationPage, Pagination
from api.users.models import User

SEARCH_LIMIT = 100
LIMITED_SIZE = 10
OTHERS_NOTIFICATIONS = "You can only read your own notifications."


def _own(actor: User, user: int | None) -> int:
    if user is not None and user != actor.id:
        raise Forbidden(OTHERS_NOTIFICATIONS)
    return actor.id


def _readable(policy: PolicyStore, actor: User) -> Callable[[str], bool]:
    role = actor.role.name
    return lambda page: policy.allowed(role, page, "read")


def _out(rows: Sequence[Notification], policy: PolicyStore, actor: User) -> list[NotificationOut]:
    """The rows as the reader sees them: each with the page it opens for this reader."""
    readable = _readable(policy, actor)
    return [NotificationOut(id=n.id, notification_type=n.notification_type, kind=n.kind, message=n.message,
                            link=n.link, target=targets.target(n, readable), is_read=n.is_read,
                            created_at=n.created_at)
            for n in rows]


def list_page(*, session: Session, policy: PolicyStore, actor: User, user: int | None, type_: str | None, page: int,
              limit: int, search: str | None, unread: bool) -> NotificationPage:
    """A page of notifications, newest first; a search returns up to 100 on one page (spec 1 §7)."""
    user_id = _own(actor, user)
    if search:
        page, limit = 1, SEARCH_LIMIT
    rows = repository.list_page(session, user_id=user_id, type_=type_, search=search, unread=unread,
                                offset=(page - 1) * limit, limit=limit + 1)
    return NotificationPage(data=_out(rows[:limit], policy, actor),
                            pagination=Pagination(page=page, has_more=len(rows) > limit))


def limited(*, session: Session, policy: PolicyStore, actor: User, user: int | None,
            type_: str | None) -> NotificationLimited:
    """The latest notifications for the bell, and the number unread."""
    user_id = _own(actor, user)
    rows = repository.list_page(session, user_id=user_id, type_=type_, search=None, unread=False, offset=0,
                                limit=LIMITED_SIZE)
    return NotificationLimited(data=_out(rows, policy, actor),
                               total=repository.count_unread(session, user_id=user_id, type_=type_))


def mark_read(*, session: Session, actor: User, ids: list[int]) -> int:
    changed = repository.mark_read(session, user_id=actor.id, ids=ids, type_=None)
    session.commit()
    return changed


def mark_all_read(*, session: Session, actor: User, user: int | None, type_: str | None) -> int:
    changed = repository.mark_read(session, user_id=_own(actor, user), ids=None, type_=type_)
    session.commit()
    return changed


def notify(*, session: Session, user_id: int, notification_type: str, message: str, link: str | None = None,
           kind: str = "INFO", lead_id: int | None = None) -> None:
    """Queue a notification for a user (committed by the caller): `kind` is what happened (its icon), `link` and
    `lead_id` its subject, from which `targets` builds the page it opens for its reader."""
    session.add(Notification(**notification(user_id=user_id, notification_type=notification_type, message=message,
                                            link=link, kind=kind, lead_id=lead_id)))


def notification(*, user_id: int, notification_type: str, message: str, link: str | None = None, kind: str = "INFO",
                 lead_id: int | None = None) -> dict[str, object]:
    """A notification's row (notify adds one; several are inserted in one statement)."""
    assert kind in targets.KINDS, kind
    return {"user_id": user_id, "notification_type": notification_type, "message": message, "link": link,
            "kind": kind, "lead_id": lead_id, "is_read": False}


def settle_by_link(*, session: Session, link: str, keep: list[int]) -> list[int]:
    """Mark read the APPROVAL notifications pointing at `link`, except those of the users in `keep` (still
    asked): once a layer is settled, its approvers' notifications are done. Returns the users touched."""
    return repository.mark_read_by_link(session, link=link, notification_type="APPROVAL", keep=keep)
