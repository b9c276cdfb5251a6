"""Erasing a person from the notifications' texts (api/personal_data runs the whole erasure): an in-app
notification's message and a notification mail's subject and body keep their text with each mention replaced."""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from api.core.mentions import Mention
from api.notifications.models import Notification, NotificationMail


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
