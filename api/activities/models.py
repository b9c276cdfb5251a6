"""Activities on a lead (spec 2 §2.8, §2.9, §3.4): a meeting, presentation or demo, its notes, place and files."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, Numeric, SmallInteger, String, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base

# spec 2 §3.5, §9: Meeting=1, Presentation=2, Demo=3; a Call (4) is recorded by the call device (api/calls), never
# made with the activity form
TYPES = {1: "Meeting", 2: "Presentation", 3: "Demo", 4: "Call"}
CALL = 4
PLANNED_TYPES = frozenset({1, 2, 3})  # what the activity and schedule forms take
FILE_KINDS = ("RECORDING", "PHOTO", "FILE")
NOTES_MAX = 1024


class Activity(Base):
    __tablename__ = "activities"
    __table_args__ = (Index("ix_activities_lead_created", "lead_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"))
    type: Mapped[int] = mapped_column(SmallInteger)  # TYPES
    # one of the lead's persons in charge (a contact of its client); the second form variant may leave it out
    pic_contact_id: Mapped[int | None] = mapped_column(ForeignKey("contacts.id", ondelete="SET NULL"))
    notes: Mapped[str | None] = mapped_column(String(NOTES_MAX))
    latitude: Mapped[float | None] = mapped_column(Numeric(9, 6, asdecimal=False))
    longitude: Mapped[float | None] = mapped_column(Numeric(9, 6, asdecimal=False))
    place_name: Mapped[str | None] = mapped_column(String(200))
    place_address: Mapped[str | None] = mapped_column(String(500))
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # a call: how long it lasted, and the call it records (once, however often its device reports the end)
    duration_seconds: Mapped[int | None] = mapped_column(Integer)
    call_id: Mapped[str | None] = mapped_column(String(32), unique=True)


class ActivityFile(Base):
    """A file of an activity: a voice note, a photo or a document, kept in storage under `key`."""

    __tablename__ = "activity_files"

    id: Mapped[int] = mapped_column(primary_key=True)
    activity_id: Mapped[int] = mapped_column(ForeignKey("activities.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # FILE_KINDS
    filename: Mapped[str] = mapped_column(String(160))  # as shown; recordings are '<name>-<n>'
    key: Mapped[str] = mapped_column(String(200), unique=True)  # its name in the storage namespace of the lead
    size: Mapped[int] = mapped_column(Integer)
    content_type: Mapped[str] = mapped_column(String(100))
    seq: Mapped[int] = mapped_column(Integer, default=0)  # order within its kind


class ActivitySchedule(Base):
    """A planned meeting, presentation or demo on a lead (spec 2 §3.5): added from the activity form's next steps
    (and, with the schedule page, on its own). `owner_id` is the sales person whose plan it is."""

    __tablename__ = "activity_schedules"
    # a list page of a team (or of everyone) reads the time index in order and stops after the page; the owner
    # index serves one sales person
    __table_args__ = (Index("ix_activity_schedules_owner_time", "owner_id", "schedule_time"),
                      Index("ix_activity_schedules_time_owner", "schedule_time", "owner_id"),
                      Index("ix_activity_schedules_lead_time", "lead_id", "schedule_time"))

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"))
    activity_type: Mapped[int] = mapped_column(SmallInteger)  # TYPES
    pic_contact_id: Mapped[int | None] = mapped_column(ForeignKey("contacts.id", ondelete="SET NULL"))
    schedule_time: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    notes: Mapped[str | None] = mapped_column(String(NOTES_MAX))  # the form's remark
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    # when its reminder went out (once per time: moving the time clears it)
    reminded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the activity whose form planned it, if any
    activity_id: Mapped[int | None] = mapped_column(ForeignKey("activities.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(),
                                                 onupdate=func.now())


class LeadContactReminder(Base):
    """A sales person was reminded that a lead went `threshold` days (30, 90: the card badge's thresholds) without
    contact since `contacted_at`: once per threshold and contact (a new contact starts the count again)."""

    __tablename__ = "lead_contact_reminders"
    __table_args__ = (UniqueConstraint("lead_id", "threshold", "contacted_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    lead_id: Mapped[int] = mapped_column(ForeignKey("leads.id", ondelete="CASCADE"))
    threshold: Mapped[int] = mapped_column(SmallInteger)
    contacted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class CalendarFeed(Base):
    """A person's private calendar address (api/activities/schedule/feed.py): their plans as iCalendar for Google
    Calendar, Outlook or Apple Calendar to subscribe to. Only the address token's digest is kept: the address is shown
    once, when it is made; a new one replaces it, and turning it off deletes the row (the old address answers 404)."""

    __tablename__ = "calendar_feeds"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    token_digest: Mapped[str] = mapped_column(String(64), unique=True)
    include_team: Mapped[bool] = mapped_column(default=False, server_default="false")  # a team leader's team's plans
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # last fetched by a calendar
