"""Calls from the app to the caller's softphone (spec 1 §4 Call telephony): the Call action sends a dial message to
the user's registered devices (realtime connections signed in as a device, /weblink/sip), the device reports the
call's start and end, and a call on a lead is recorded on it as a Call activity with its duration.

A call waits in Redis (CALL_KEY, CALL_TTL) between the dial and its end; the end is recorded once (the activity's
unique call_id), however often a reconnecting device reports it."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

import redis
import redis.asyncio as aioredis
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.activities.models import CALL, TYPES, Activity
from api.calls.schemas import DialIn, DialOut
from api.clients.contacts.models import Contact
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.leads import contacted
from api.leads.models import Lead, LeadPic
from api.leads.visibility import visible_or_404
from api.notifications import live
from api.presence import store as presence
from api.users.models import User

CALL_KEY = "call:{}"
CALL_TTL = 6 * 3600  # a call not ended within this is forgotten (its device never reported back)
CONTACT_NOT_FOUND = "Contact not found."
NOT_A_PIC = "This contact is not a person in charge of the lead."
NO_PHONE = "This contact has no phone number."
NO_DEVICE = ("No call device of yours is connected. Open Web Link SIP (/weblink/sip) on your softphone device and "
             "register it first.")


def dial(*, session: Session, r: redis.Redis, actor: User, data: DialIn) -> DialOut:
    contact = session.get(Contact, data.contact_id)
    if contact is None or contact.deleted_at is not None:
        raise NotFound(CONTACT_NOT_FOUND)
    lead: Lead | None = None
    if data.lead_id is not None:
        lead = visible_or_404(session, actor, data.lead_id)
        pic = session.scalar(select(LeadPic.id).where(LeadPic.lead_id == lead.id,
                                                      LeadPic.contact_id == contact.id))
        if pic is None:
            raise ValidationFailed(NOT_A_PIC)
    phone = (contact.phone_number or "").strip()
    if not phone:
        raise ValidationFailed(NO_PHONE)
    devices = presence.devices(r, user_id=actor.id, now=time.time())
    if devices == 0:
        raise Conflict(NO_DEVICE)
    call_id = uuid.uuid4().hex
    r.hset(CALL_KEY.format(call_id), mapping={"user": actor.id, "lead": lead.id if lead else "", "contact": contact.id,
                                              "phone": phone, "name": contact.fullname, "dialed_at": time.time()})
    r.expire(CALL_KEY.format(call_id), CALL_TTL)
    live.send(r, actor.id, {"type": "dial", "callId": call_id, "phone": phone, "name": contact.fullname,
                            "leadId": lead.id if lead else None, "project": lead.project_name if lead else None})
    return DialOut(call_id=call_id, devices=devices, phone=phone)


@dataclass(frozen=True)
class Ended:
    call_id: str
    user_id: int
    lead_id: int | None
    contact_id: int
    phone: str
    name: str
    duration_seconds: int  # 0 when it never started (not answered, or cancelled)


async def started(r: aioredis.Redis, *, user_id: int, call_id: str) -> bool:
    """The device says the call is under way (its first word counts). False for a call that is not the user's."""
    key = CALL_KEY.format(call_id)
    owner = await r.hget(key, "user")
    if owner is None or owner != str(user_id):
        return False
    await r.hsetnx(key, "started_at", time.time())
    return True


async def ended(r: aioredis.Redis, *, user_id: int, call_id: str) -> Ended | None:
    """The device says the call is over: how long it lasted, measured here from its start. None for a call that
    is not the user's (or was forgotten)."""
    key = CALL_KEY.format(call_id)
    call = cast(dict[str, str], await r.hgetall(key))
    if not call or call.get("user") != str(user_id):
        return None
    now = time.time()
    await r.hsetnx(key, "ended_at", now)
    ended_at = float(cast(str, await r.hget(key, "ended_at")))  # a repeated report keeps the first end
    duration = max(0, round(ended_at - float(call["started_at"]))) if call.get("started_at") else 0
    return Ended(call_id=call_id, user_id=user_id, lead_id=int(call["lead"]) if call.get("lead") else None,
                 contact_id=int(call["contact"]), phone=call["phone"], name=call["name"], duration_seconds=duration)


def notes_of(call: Ended) -> str:
    minutes, seconds = divmod(call.duration_seconds, 60)
    took = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
    number = f"+{call.phone}" if call.phone.isascii() and call.phone.isdigit() else call.phone  # stored without +
    return (f"Call to {call.name} ({number}), {took}." if call.duration_seconds
            else f"Call to {call.name} ({number}), not answered.")


# unscoped: the telephony hook, for the call's own lead and caller
def record(session: Session, call: Ended) -> int | None:
    """The call on its lead as a Call activity (once), the lead contacted; None for a call without a lead."""
    if call.lead_id is None:
        return None
    done = session.scalar(select(Activity.id).where(Activity.call_id == call.call_id))
    if done is not None:
        return done
    lead, actor = session.get(Lead, call.lead_id), session.get(User, call.user_id)
    if lead is None or actor is None:  # the lead went meanwhile
        return None
    now = datetime.now(UTC)
    activity = Activity(lead_id=lead.id, type=CALL, pic_contact_id=call.contact_id, notes=notes_of(call),
                        created_by=actor.id, created_at=now, duration_seconds=call.duration_seconds,
                        call_id=call.call_id)
    session.add(activity)
    try:
        session.flush()
    except IntegrityError:  # the same end, reported at once on another connection, was recorded first
        session.rollback()
        return session.scalar(select(Activity.id).where(Activity.call_id == call.call_id))
    if call.duration_seconds:
        contacted.record_contact(session=session, lead=lead, actor=actor, at=now, what=TYPES[CALL])
    session.commit()
    return activity.id


def recorded_message(call: Ended, activity_id: int | None) -> dict[str, Any]:
    return {"type": "callRecorded", "callId": call.call_id, "leadId": call.lead_id, "activityId": activity_id,
            "durationSeconds": call.duration_seconds}
