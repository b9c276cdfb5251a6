"""A person's private calendar address: their plans (and, for a team leader who asks, the team's) as an iCalendar
feed (RFC 5545, written by `icalendar`) that Google Calendar, Outlook and Apple Calendar subscribe to and fetch again
every few hours, so a plan moved here moves there.

The address carries a long random token; only its digest is kept (api/activities/models.py CalendarFeed), so the
address is shown once, when it is made. A new address replaces the old one, turning it off deletes it: either way the
old address answers 404, as an unknown one does, and so does the address of someone deactivated. The feed is
read-only and holds what its owner may see in the schedule (the leads' one scoping rule) over a window around today,
each plan at its time in the business's time zone (TIME_ZONE), with its client, the client's address as the place,
its lead, person in charge and remark."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, Timezone
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from api.activities.models import TYPES, ActivitySchedule, CalendarFeed
from api.activities.schedule import repository as repo
from api.activities.schedule.schemas import CalendarFeedOut, CalendarFeedSaved
from api.clients.models import Client
from api.core.authz import PolicyStore
from api.core.config import Settings
from api.core.errors import NotFound
from api.core.security import digest, new_secret
from api.leads import visibility
from api.users.models import User

FEED_NOT_FOUND = "Calendar not found."
PAST_DAYS = 90  # plans this far back stay in a subscriber's calendar
AHEAD_DAYS = 400  # and this far ahead
MAX_EVENTS = 5000
PLAN_MINUTES = 60  # a plan has a start only: it shows as an hour
READ_AT_EVERY = timedelta(hours=1)  # how stale "a calendar last read it" may be
PATH = "/api/calendar/{token}.ics"
SCHEDULE_ACCESS = ("leads", "read")  # who may see the schedule, and so keep an address of it


def _may_include_team(session: Session, user: User) -> bool:
    """A team leader (or anyone who sees more plans than their own in the schedule) may add them to their feed."""
    scope = visibility.visible_sales_ids(session, user)
    return scope is None or any(owner != user.id for owner in scope)


def state(*, session: Session, user: User, may_include_team: bool | None = None) -> CalendarFeedOut:
    """The address's settings; `may_include_team` when the caller read it already (one hierarchy query a call)."""
    feed = session.get(CalendarFeed, user.id)
    return CalendarFeedOut(active=feed is not None, include_team=bool(feed and feed.include_team),
                           created_at=feed.created_at if feed else None, read_at=feed.read_at if feed else None,
                           can_include_team=_may_include_team(session, user) if may_include_team is None
                           else may_include_team)


def make(*, session: Session, settings: Settings, user: User, include_team: bool) -> CalendarFeedSaved:
    """A new address (the one before it stops working); answers it, the only time it is shown."""
    token, may = new_secret(32), _may_include_team(session, user)
    values = {"token_digest": digest(token), "include_team": include_team and may,
              "created_at": datetime.now(UTC), "read_at": None}
    feed = session.get(CalendarFeed, user.id)
    if feed is None:
        session.add(CalendarFeed(user_id=user.id, **values))
    else:
        for key, value in values.items():
            setattr(feed, key, value)
    session.commit()
    return CalendarFeedSaved(url=settings.public_url + PATH.format(token=token),
                             **state(session=session, user=user, may_include_team=may).model_dump())


def change(*, session: Session, user: User, include_team: bool) -> CalendarFeedOut:
    """Whether the address includes the team's plans (the address stays)."""
    may = _may_include_team(session, user)
    found = session.execute(update(CalendarFeed).where(CalendarFeed.user_id == user.id)
                            .values(include_team=include_team and may).returning(CalendarFeed.user_id)).first()
    if found is None:
        raise NotFound(FEED_NOT_FOUND)
    session.commit()
    return state(session=session, user=user, may_include_team=may)


def turn_off(*, session: Session, user: User) -> None:
    session.execute(delete(CalendarFeed).where(CalendarFeed.user_id == user.id))
    session.commit()


def ics(*, session: Session, settings: Settings, policy: PolicyStore, token: str) -> bytes:
    """The calendar of the address's owner, or 404 (unknown, replaced or turned off, its owner deactivated, or their
    role no longer lets them see the schedule: the address reads what its settings' page would)."""
    found = session.execute(select(CalendarFeed, User).join(User, User.id == CalendarFeed.user_id)
                            .where(CalendarFeed.token_digest == digest(token), User.is_active.is_(True))).first()
    if found is None or not policy.allowed(found[1].role.name, *SCHEDULE_ACCESS):
        raise NotFound(FEED_NOT_FOUND)
    feed, user = found
    scope = visibility.visible_sales_ids(session, user) if feed.include_team else [user.id]
    now = datetime.now(UTC)
    plans = repo.between(session, scope, None, now - timedelta(days=PAST_DAYS), now + timedelta(days=AHEAD_DAYS),
                         limit=MAX_EVENTS)
    places = dict(session.execute(select(Client.id, Client.address).where(
        Client.id.in_({client for _, _, client, *_ in plans}))).tuples().all()) if plans else {}
    if feed.read_at is None or now - feed.read_at > READ_AT_EVERY:  # not a write at every calendar's poll
        feed.read_at = now
        session.commit()
    return _calendar(settings, user, plans, places, now, with_owner=feed.include_team)


def _calendar(settings: Settings, user: User, plans: list[repo.Found], places: dict[int, str], now: datetime,
              with_owner: bool) -> bytes:
    zone = ZoneInfo(settings.time_zone)
    calendar = Calendar()
    calendar.add("prodid", "-//Pipeline CRM//Activity schedule//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", f"Pipeline CRM: {user.fullname}")
    calendar.add("x-wr-timezone", settings.time_zone)
    calendar.add("refresh-interval", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", "PT1H")
    calendar.add_component(Timezone.from_tzid(settings.time_zone))
    host = settings.public_url.split("://", 1)[-1]
    for plan, project, client_id, client, pic, owner in plans:
        calendar.add_component(_event(plan, project, client, pic, owner if with_owner else None,
                                      places.get(client_id), settings, host, zone, now))
    return calendar.to_ical()


def _event(plan: ActivitySchedule, project: str, client: str, pic: str | None, owner: str | None,
           place: str | None, settings: Settings, host: str, zone: ZoneInfo, now: datetime) -> Event:
    kind = TYPES.get(plan.activity_type, "Plan")
    start = plan.schedule_time.astimezone(zone)
    event = Event()
    event.add("uid", f"activity-schedule-{plan.id}@{host}")
    event.add("dtstamp", now)
    event.add("dtstart", start)
    event.add("dtend", start + timedelta(minutes=PLAN_MINUTES))
    event.add("summary", f"{kind}: {project} ({client})" + (f" · {owner}" if owner else ""))
    if place:
        event.add("location", place)
    lines = [f"Lead: {project}", f"Client: {client}"] + ([f"Person in charge: {pic}"] if pic else []) \
        + ([f"Sales person: {owner}"] if owner else []) + ([f"\n{plan.notes}"] if plan.notes else [])
    event.add("description", "\n".join(lines))
    event.add("url", f"{settings.public_url}/leads/{plan.lead_id}")
    event.add("last-modified", plan.updated_at or plan.created_at or now)
    event.add("status", "CONFIRMED")
    event.add("transp", "OPAQUE")
    return event
