"""Client queries: rows with their industry, geography, affiliate, and lead and personnel counts."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.clients import lead_counts
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.core.listing import Listing, ListParams, paged
from api.master_data.models import Affiliate, City, Country, Industry, Province

PERSONEL = (select(func.count(Contact.id)).where(Contact.client_id == Client.id, Contact.deleted_at.is_(None))
            .correlate(Client).scalar_subquery().label("total_personel"))


def _leads() -> Any:
    """The client's number of leads, correlated with the client row (leads register how to count them)."""
    return lead_counts.of(Client.id).correlate(Client).label("total_leads")


def _sort_fields() -> dict[str, Any]:
    return {
        "clientCode": Client.client_code,
        "clientName": func.lower(Client.client_name),
        "legalName": func.lower(Client.legal_name),
        "industryName": Industry.industry_name,
        "address": Client.address,
        "totalPersonel": PERSONEL,
        "totalLeads": _leads(),
        "createdAt": Client.created_at,
        "updatedAt": Client.updated_at,
    }


CRITERIA_FIELDS = {
    "industry": Client.industry_id, "country": Client.country_id, "province": Client.province_id,
    "city": Client.city_id, "affiliate": Client.affiliate_id, "isActive": Client.is_active,
}


def _rows() -> Any:
    return (
        select(Client, Industry.industry_name, Country.country_name, Province.province_name, City.city_name,
               Affiliate.affiliate_name, _leads(), PERSONEL)
        .join(Industry, Industry.id == Client.industry_id)
        .join(Country, Country.id == Client.country_id)
        .join(Affiliate, Affiliate.id == Client.affiliate_id)
        .outerjoin(Province, Province.id == Client.province_id)
        .outerjoin(City, City.id == Client.city_id)
    )


def page(session: Session, params: ListParams) -> tuple[list[Any], int]:
    return paged(session, _rows(), params, Listing(
        sort=_sort_fields(), criteria=CRITERIA_FIELDS, default=func.lower(Client.client_name), tiebreak=Client.id,
        count_by=Client.id, search=(Client.client_code, Client.client_name, Client.legal_name, Client.address,
                                    Industry.industry_name)), entities=False)


def get_row(session: Session, client_id: int) -> Any:
    return session.execute(_rows().where(Client.id == client_id)).one_or_none()


def name_taken(session: Session, name: str, exclude_id: int | None) -> Client | None:
    stmt = select(Client).where(func.lower(Client.client_name) == name.strip().lower())
    if exclude_id is not None:
        stmt = stmt.where(Client.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()


def code_taken(session: Session, code: str, exclude_id: int | None) -> Client | None:
    stmt = select(Client).where(Client.client_code == code)
    if exclude_id is not None:
        stmt = stmt.where(Client.id != exclude_id)
    return session.scalars(stmt.limit(1)).first()


def lead_count(session: Session, client_id: int) -> int:
    return int(session.scalar(select(lead_counts.of(client_id))) or 0)


def active(session: Session) -> list[Client]:
    return list(session.scalars(select(Client).where(Client.is_active.is_(True)).order_by(Client.client_name)))
