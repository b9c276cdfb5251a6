"""Finding everything the product holds about one user (an employee or ex-employee): the reads a user's archive packs
and their summary counts. Over every lead and every recipient: an administrator's request about one person."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import redis
from sqlalchemy.orm import Session

from api.activities import erasure as activities_erasure
from api.activities.models import Activity, ActivitySchedule, CalendarFeed
from api.audit import erasure as audit_erasure
from api.audit.models import AuditEntry
from api.auth import erasure as auth_erasure
from api.core.mentions import Mention, Texts
from api.imports import erasure as imports_erasure
from api.leads import erasure as leads_erasure
from api.leads.models import Lead, LeadHistory
from api.notifications import erasure as notifications_erasure
from api.notifications.models import Notification, NotificationMail
from api.personal_data import texts as free_texts
from api.personal_data.schemas import UserHoldings
from api.presence import store as presence
from api.saved_views import erasure as views_erasure
from api.saved_views.models import SavedView, SavedViewDefault
from api.users import erasure as users_erasure
from api.users.models import User


@dataclass
class UserHoldingsFound:
    user: User
    mention: Mention
    audit: list[AuditEntry]
    sign_in: auth_erasure.SignInData
    last_seen: datetime | None
    views: list[SavedView]
    defaults: list[SavedViewDefault]
    feed: CalendarFeed | None
    notifications: list[Notification]  # sent to them
    mails: list[NotificationMail]  # sent to them
    activities: list[Activity]  # they recorded
    schedules: list[ActivitySchedule]  # they own
    leads: list[Lead]  # they are the sales person of
    leads_mentioning: list[Lead]
    lead_history: list[LeadHistory]  # entries naming them
    notes_mentioning: list[Activity | ActivitySchedule]
    notifications_mentioning: list[Notification | NotificationMail]  # others' that name them
    other_texts: list[tuple[Texts, object]]  # approval notes, cost sheet remarks, billing notes, reassignment reasons
    imports: imports_erasure.ImportHoldings  # imported rows naming them

    def counts(self) -> UserHoldings:
        texts = (len(self.leads_mentioning) + len(self.lead_history) + len(self.notes_mentioning)
                 + len(self.notifications_mentioning) + len(self.other_texts) + len(self.imports.rows))
        return UserHoldings(
            audit_entries=len(self.audit), open_sessions=self.sign_in.open_sessions,
            known_devices=self.sign_in.known_devices, second_factor=self.sign_in.second_factor_since is not None,
            provider_links=len(self.sign_in.links), saved_views=len(self.views),
            notifications=len(self.notifications) + len(self.mails), activities=len(self.activities),
            schedules=len(self.schedules), leads=len(self.leads), texts_mentioning=texts)


def collect(session: Session, r: redis.Redis, user: User) -> UserHoldingsFound:
    """Everything held about the user, as it is now."""
    mention = users_erasure.mention(user)
    views, defaults = views_erasure.of_user(session, user.id)
    notifications, mails = notifications_erasure.to_user(session, user.id)
    activities, schedules = activities_erasure.recorded_by(session, user.id)
    leads_mentioning, lead_history = leads_erasure.mentioning(session, mention)
    notes, plans = activities_erasure.notes_mentioning(session, mention)
    others, other_mails = notifications_erasure.mentioning(session, mention)
    return UserHoldingsFound(
        user=user, mention=mention, audit=audit_erasure.naming(session, user_id=user.id, mention=mention),
        sign_in=auth_erasure.held(session, r, user.id), last_seen=presence.last_seen_of(r, user.id),
        views=views, defaults=defaults, feed=activities_erasure.calendar_feed(session, user.id),
        notifications=notifications, mails=mails, activities=activities, schedules=schedules,
        leads=leads_erasure.of_sales_person(session, user.id), leads_mentioning=leads_mentioning,
        lead_history=lead_history, notes_mentioning=[*notes, *plans],
        notifications_mentioning=[*(n for n in others if n.user_id != user.id),
                                  *(m for m in other_mails if m.user_id != user.id)],
        other_texts=free_texts.mentioning(session, mention),
        imports=imports_erasure.mentioning(session, mention))
