"""Erasing a person from the notifications (api/personal_data runs the whole erasure): an in-app notification's
message and a notification mail's subject and body keep their text with each mention replaced. An erased user's own
notifications are deleted; the mails sent to them stay (what was sent), under an address that delivers nowhere."""

from __future__ import annotations

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from api.core.mentions import Mention
from api.notifications.models import Notification, NotificationMail

# the tables of a user's own notifications: their rows of the user are deleted by the erasure
DELETED = (Notification,)
# the columns of notification_mails an erasure of its recipient replaces (the others are kept; subject and body keep
# their text with each mention replaced)
MAIL_PERSONAL = frozenset({"address", "subject", "body"})
MAIL_KEPT = frozenset({"id", "user_id", "action", "approval_request_id", "approval_layer", "created_at", "handed_at"})


def mentioning(session: Session, mention: Mention) -> tuple[list[Notification], list[NotificationMail]]:
    """Every notification and notification mail, whoever received it, whose text mentions the person."""
    notes = session.scalars(select(Notification).where(mention.sql(Notification.message))
                            .order_by(Notification.created_at, Notification.id)).all()
    mails = session.scalars(select(NotificationMail)
                            .where(or_(mention.sql(NotificationMail.subject), mention.sql(NotificationMail.body)))
                            .order_by(NotificationMail.created_at, NotificationMail.id)).all()
    return ([n for n in notes if mention.found_in(n.message)],
            [m for m in mails if mention.found_in(m.subject) or mention.found_in(m.body)])


def erase_mentions(session: Session, *, mention: Mention, replacement: str) -> int:
    """Replace each mention; answers how many notifications and mails changed. The caller commits."""
    notes, mails = mentioning(session, mention)
    for note in notes:
        note.message = mention.replaced(note.message, replacement) or ""
    for mail in mails:
        mail.subject = (mention.replaced(mail.subject, replacement) or "")[:200]
        mail.body = mention.replaced(mail.body, replacement) or ""
    session.flush()
    return len(notes) + len(mails)


def erased_address(user_id: int) -> str:
    """What a mail sent to an erased user shows as its address (the .invalid domain delivers nowhere)."""
    return f"erased-{user_id}@erased.invalid"


def to_user(session: Session, user_id: int) -> tuple[list[Notification], list[NotificationMail]]:
    """The in-app notifications and the notification mails sent to the user."""
    notes = session.scalars(select(Notification).where(Notification.user_id == user_id)
                            .order_by(Notification.created_at, Notification.id)).all()
    mails = session.scalars(select(NotificationMail).where(NotificationMail.user_id == user_id)
                            .order_by(NotificationMail.created_at, NotificationMail.id)).all()
    return list(notes), list(mails)


def erase_user(session: Session, *, user_id: int) -> tuple[int, int]:
    """Delete the user's own notifications and the mails to them not handed to the mail server's workflow yet (they
    would go to an address that is no more), and replace the address of every mail sent to them (the mail stays:
    what was sent, with each mention of them replaced by `erase_mentions`); answers (deleted, mails readdressed). The
    caller commits."""
    gone = session.execute(delete(Notification).where(Notification.user_id == user_id)).rowcount  # type: ignore[attr-defined]
    gone += session.execute(delete(NotificationMail).where(  # type: ignore[attr-defined]
        NotificationMail.user_id == user_id, NotificationMail.handed_at.is_(None))).rowcount
    moved = session.execute(update(NotificationMail).where(NotificationMail.user_id == user_id)
                            .values(address=erased_address(user_id))).rowcount  # type: ignore[attr-defined]
    session.flush()
    return int(gone), int(moved)
