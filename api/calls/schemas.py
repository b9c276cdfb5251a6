from __future__ import annotations

from api.core.inputs import Id
from api.core.schemas import CamelModel


class DialIn(CamelModel):
    """Ring a contact's number on the caller's call devices; with a lead (the contact is one of its persons in
    charge) the call is recorded on the lead once the device reports its end."""

    contact_id: Id
    lead_id: Id | None = None


class DialOut(CamelModel):
    call_id: str
    devices: int  # how many of the caller's devices were sent the number
    phone: str
