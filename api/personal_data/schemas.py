"""Payloads of the personal-data calls."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from api.core.schemas import CamelModel


class Holdings(CamelModel):
    """How much the product holds about a contact, by kind (what an archive carries and an erasure changes)."""

    history_entries: int
    activities: int = Field(description="Activities they were the person in charge of or whose notes mention them")
    schedules: int = Field(description="Planned activities likewise")
    files: int = Field(description="Files of the activities they were the person in charge of (erasure deletes them)")
    leads: int = Field(description="Leads they are a person in charge of, or whose decision maker or description "
                                   "mention them")
    lead_history_entries: int
    notifications: int = Field(description="In-app notifications and notification mails whose text mentions them")
    other_texts: int = Field(description="Approval notes, cost sheet remarks, billing notes and reassignment reasons "
                                         "that mention them (their records' numbers stay)")


class ContactPersonalData(CamelModel):
    contact_id: int
    name: str = Field(description="The contact's name (after an erasure, its placeholder)")
    erased_at: datetime | None
    erased_by: str | None = Field(description="Full name of the administrator who erased them")
    holdings: Holdings


class EraseIn(CamelModel):
    confirmation: str = Field(max_length=300, description="The person's full name, typed back")


class ErasureOut(CamelModel):
    contact_id: int
    name: str = Field(description="The placeholder the contact is known by from now on")
    erased_at: datetime
    history_entries: int = Field(description="History entries kept, anonymised")
    files_deleted: int
    texts_changed: int = Field(description="Notes, lead texts, lead history entries, notifications, approval notes, "
                                           "cost sheet remarks, billing notes and reassignment reasons whose mention "
                                           "of them was replaced")


class UserHoldings(CamelModel):
    """How much the product holds about a user, by kind (what an archive carries; an erasure deletes or rewrites the
    personal part)."""

    audit_entries: int = Field(description="Audit entries about them, or whose label or changes name them")
    open_sessions: int
    known_devices: int = Field(description="Devices and addresses they signed in from, remembered for the sign-in "
                                           "protection")
    second_factor: bool = Field(description="Whether they enrolled an authenticator (never its secret)")
    provider_links: int = Field(description="Sign-in provider identities linked to them")
    saved_views: int
    notifications: int = Field(description="In-app notifications and notification mails sent to them")
    activities: int = Field(description="Activities they recorded (with their place)")
    schedules: int = Field(description="Planned activities they own")
    leads: int = Field(description="Leads they are the sales person of, whatever their status")
    texts_mentioning: int = Field(description="Lead texts and history, activity notes, others' notifications, approval "
                                              "notes, cost sheet remarks, billing notes and reassignment reasons that "
                                              "name them")


class UserPersonalData(CamelModel):
    user_id: int
    name: str = Field(description="The user's full name (after an erasure, its placeholder)")
    username: str
    is_active: bool
    erased_at: datetime | None
    erased_by: str | None = Field(description="Full name of the administrator who erased them")
    refusals: list[str] = Field(description="Why an erasure would be refused now (none: it may go ahead once the "
                                            "name is typed back)")
    holdings: UserHoldings


class UserErasureOut(CamelModel):
    user_id: int
    name: str = Field(description="The placeholder the user is known by from now on")
    erased_at: datetime
    personal_fields: list[str] = Field(description="The user's columns replaced")
    rows_deleted: int = Field(description="Their saved views, notifications, second factor, recovery codes, provider "
                                          "links, pinned columns and calendar address")
    audit_entries_rewritten: int
    texts_changed: int = Field(description="Notes, lead texts, lead history entries, notifications, approvals' notes "
                                           "and escalation names, cost sheet remarks, billing notes and reassignment "
                                           "reasons whose mention of them was replaced")
