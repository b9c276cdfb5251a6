"""The client rows client management shows (spec 3 §3, §7): a client with its names, lead and personnel counts."""

from __future__ import annotations

from datetime import datetime

from api.clients.contacts.schemas import ContactOut
from api.core.schemas import CamelModel


class ClientRow(CamelModel):
    id: int
    client_code: str
    client_name: str
    legal_name: str
    industry: int
    industry_name: str
    address: str
    country: int
    country_name: str
    province: int | None
    province_name: str | None
    city: int | None
    city_name: str | None
    zip_code: str | None
    affiliate: int
    affiliate_name: str
    npwp: str | None
    is_active: bool
    total_leads: int
    total_personel: int
    created_at: datetime
    updated_at: datetime


class ClientOut(ClientRow):
    personnel: list[ContactOut]
