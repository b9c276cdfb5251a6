"""A person's private calendar address (api/activities/schedule/feed.py): its settings for the signed-in person, and
the feed itself, which calendars fetch with the address's token and nothing else."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from fastapi.responses import Response

from api.activities.schedule import feed
from api.activities.schedule.schemas import CalendarFeedIn, CalendarFeedOut, CalendarFeedSaved
from api.core.deps import Authz, PolicyDep, SessionDep, SettingsDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.users.models import User

router = domain_router("/activity/calendar-feed", tags=["activities"])
feed_router = domain_router("/calendar", tags=["activities"])
# whoever sees the activity schedule may subscribe to it
Lister = Annotated[User, Authz(*feed.SCHEDULE_ACCESS)]
Token = Annotated[str, Path(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("", summary="Whether the caller's private calendar address is on (the address itself is shown once)")
def feed_state(session: SessionDep, actor: Lister) -> Envelope[CalendarFeedOut]:
    return ok(feed.state(session=session, user=actor))


@router.post("", summary="A new private calendar address (the one before it stops working): answered this once")
def make_feed(body: CalendarFeedIn, session: SessionDep, settings: SettingsDep,
              actor: Lister) -> Envelope[CalendarFeedSaved]:
    return ok(feed.make(session=session, settings=settings, user=actor, include_team=body.include_team))


@router.put("", summary="Whether the address includes the team's plans (the address stays)")
def change_feed(body: CalendarFeedIn, session: SessionDep, actor: Lister) -> Envelope[CalendarFeedOut]:
    return ok(feed.change(session=session, user=actor, include_team=body.include_team))


@router.delete("", summary="Turn the private calendar address off (it answers 404 from now on)")
def turn_off_feed(session: SessionDep, actor: Lister) -> Envelope[None]:
    feed.turn_off(session=session, user=actor)
    return ok(None)


@feed_router.get("/{token}.ics", summary="A private calendar address: its owner's plans as iCalendar (RFC 5545), for "
                                        "a calendar to subscribe to; 404 once replaced or turned off",
                 response_class=Response, responses={200: {"content": {"text/calendar": {}}}, 404: {}})
def calendar_feed(token: Token, session: SessionDep, settings: SettingsDep, policy: PolicyDep) -> Response:
    return Response(feed.ics(session=session, settings=settings, policy=policy, token=token),
                    media_type="text/calendar",
                    headers={"Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex"})
