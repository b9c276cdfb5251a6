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
    confirmation: str = Field(max_length=300, description="The contact's full name, typed back")


class ErasureOut(CamelModel):
    contact_id: int
    name: str = Field(description="The placeholder the contact is known by from now on")
    erased_at: datetime
    history_entries: int = Field(description="History entries kept, anonymised")
    files_deleted: int
    texts_changed: int = Field(description="Notes, lead texts, lead history entries, notifications, approval notes, "
                                           "cost sheet remarks, billing notes and reassignment reasons whose mention "
                                           "of them was replaced")
