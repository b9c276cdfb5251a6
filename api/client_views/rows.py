"""The client rows: a client with its industry, geography, affiliate, and lead and personnel counts (the list page,
sortable by Total Leads; the detail with its personnel), and a client's lead count (the delete guard)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.client_views.schemas import ClientOut, ClientRow
from api.clients.contacts import repository as contacts_repository
from api.clients.contacts import service as contacts_service
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.clients.service import CLIENT_NOT_FOUND
from api.core.errors import NotFound
from api.core.listing import Listing, ListParams, Page, paged
from api.leads.models import Lead
from api.master_data.models import Affiliate, City, Country, Industry, Province


# unscoped: a client's leads, every one (client management counts them all, whoever may read them)
def _leads_of(client_id: Any) -> Any:
    """The number of leads of the client whose id is `client_id` (a column the caller's statement correlates, or a
    value)."""
    return select(func.count(Lead.id)).where(Lead.client_id == client_id).scalar_subquery()


LEADS = _leads_of(Client.id).correlate(Client).label("total_leads")
PERSONEL = (select(func.count(Contact.id)).where(Contact.client_id == Client.id, Contact.deleted_at.is_(None))
            .correlate(Client).scalar_subquery().label("total_personel"))

SORT_FIELDS = {
    "clientCode": Client.client_code,
    "clientName": func.lower(Client.client_name),
    "legalName": func.lower(Client.legal_name),
    "industryName": Industry.industry_name,
    "address": Client.address,
    "totalPersonel": PERSONEL,
    "totalLeads": LEADS,
    "createdAt": Client.created_at,
    "updatedAt": Client.updated_at,
}
CRITERIA_FIELDS = {
    "industry": Client.industry_id, "country": Client.country_id, "province": Client.province_id,
    "city": Client.city_id, "affiliate": Client.affiliate_id, "isActive": Client.is_active,
}
LISTING = Listing(sort=SORT_FIELDS, criteria=CRITERIA_FIELDS, default=func.lower(Client.client_name),
                  tiebreak=Client.id, count_by=Client.id,
                  search=(Client.client_code, Client.client_name, Client.legal_name, Client.address,
                          Industry.industry_name))


def _rows() -> Any:
    return (
        select(Client, Industry.industry_name, Country.country_name, Province.province_name, City.city_name,
               Affiliate.affiliate_name, LEADS, PERSONEL)
        .join(Industry, Industry.id == Client.industry_id)
        .join(Country, Country.id == Client.country_id)
        .join(Affiliate, Affiliate.id == Client.affiliate_id)
        .outerjoin(Province, Province.id == Client.province_id)
        .outerjoin(City, City.id == Client.city_id)
    )


def _to_row(row: Any) -> ClientRow:
    client, industry, country, province, city, affiliate, total_leads, total_personel = row
    return ClientRow(
        id=client.id, client_code=client.client_code, client_name=client.client_name, legal_name=client.legal_name,
        industry=client.industry_id, industry_name=industry, address=client.address, country=client.country_id,
        country_name=country, province=client.province_id, province_name=province, city=client.city_id,
        city_name=city, zip_code=client.zip_code, affiliate=client.affiliate_id, affiliate_name=affiliate,
        npwp=client.npwp, is_active=client.is_active, total_leads=total_leads or 0,
        total_personel=total_personel or 0, created_at=client.created_at, updated_at=client.updated_at,
    )


def page(*, session: Session, params: ListParams) -> Page[ClientRow]:
    """A page of clients, searched, filtered and sorted (Total Leads and Total Personel among the sorts)."""
    rows, total = paged(session, _rows(), params, LISTING, entities=False)
    return Page[ClientRow](data=[_to_row(r) for r in rows], total_rows=total)


def detail(*, session: Session, client_id: int) -> ClientOut:
    """A client's row with its personnel; absent is a 404."""
    row = session.execute(_rows().where(Client.id == client_id)).one_or_none()
    if row is None:
        raise NotFound(CLIENT_NOT_FOUND)
    personnel = [contacts_service.to_out(r) for r in contacts_repository.of_client(session, client_id)]
    return ClientOut(**_to_row(row).model_dump(), personnel=personnel)


def lead_count(session: Session, client_id: int) -> int:
    """How many leads the client has now."""
    return int(session.scalar(select(_leads_of(client_id))) or 0)
