"""Finding everything the product holds about one contact: the reads an archive packs and an erasure's summary
counts. Over every lead and every recipient: an administrator's request about one person, not a reader's screen."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities import erasure as activities_erasure
from api.activities.models import Activity, ActivityFile, ActivitySchedule
from api.clients.contacts import erasure as contacts_erasure
from api.clients.contacts.models import Contact, ContactHistory
from api.clients.models import Client
from api.core.mentions import Mention, Texts
from api.imports import erasure as imports_erasure
from api.leads import erasure as leads_erasure
from api.leads.models import Lead, LeadHistory, LeadPic
from api.notifications import erasure as notifications_erasure
from api.notifications.models import Notification, NotificationMail
from api.personal_data import texts as free_texts
from api.personal_data.schemas import Holdings


@dataclass
class ContactHoldings:
    contact: Contact
    client_name: str | None
    mention: Mention
    history: list[ContactHistory]
    activities: list[Activity]
    schedules: list[ActivitySchedule]
    files: list[tuple[ActivityFile, int]]  # with their lead's id
    pic_of: list[tuple[Lead, str | None]]  # the leads they are a person in charge of, with the client's name
    leads_mentioning: list[Lead]
    lead_history: list[LeadHistory]
    notifications: list[Notification]
    mails: list[NotificationMail]
    other_texts: list[tuple[Texts, object]]  # approval notes, cost sheet remarks, billing notes, reassignment reasons
    imports: imports_erasure.ImportHoldings  # imported rows naming them

    def counts(self) -> Holdings:
        leads = {lead.id for lead, _ in self.pic_of} | {lead.id for lead in self.leads_mentioning}
        return Holdings(history_entries=len(self.history), activities=len(self.activities),
                        schedules=len(self.schedules), files=len(self.files), leads=len(leads),
                        lead_history_entries=len(self.lead_history),
                        notifications=len(self.notifications) + len(self.mails),
                        other_texts=len(self.other_texts) + len(self.imports.rows))


# unscoped: an administrator's request about one person, across every lead
def _pic_of(session: Session, contact_id: int) -> list[tuple[Lead, str | None]]:
    stmt = (select(Lead, Client.client_name).join(LeadPic, LeadPic.lead_id == Lead.id)
            .outerjoin(Client, Client.id == Lead.client_id)
            .where(LeadPic.contact_id == contact_id).order_by(Lead.id))
    return [(lead, name) for lead, name in session.execute(stmt).tuples()]


def collect(session: Session, contact: Contact) -> ContactHoldings:
    """Everything held about the contact, as it is now."""
    mention = contacts_erasure.mention(contact)
    client = session.get(Client, contact.client_id)
    activities, schedules = activities_erasure.mentioning(session, contact.id, mention)
    leads, lead_history = leads_erasure.mentioning(session, mention)
    notifications, mails = notifications_erasure.mentioning(session, mention)
    return ContactHoldings(
        contact=contact, client_name=client.client_name if client else None, mention=mention,
        history=contacts_erasure.history_of(session, contact.id), activities=activities, schedules=schedules,
        files=activities_erasure.files_of_pic(session, contact.id), pic_of=_pic_of(session, contact.id),
        leads_mentioning=leads, lead_history=lead_history, notifications=notifications, mails=mails,
        other_texts=free_texts.mentioning(session, mention),
        imports=imports_erasure.mentioning(session, mention))
