"""Idempotent seeding of reference data (geography, lookups)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.master_data import models as m
from api.master_data import reference as ref


def _ensure(session: Session, model: Any, column: str, names: list[str]) -> None:
    existing = set(session.scalars(select(getattr(model, column))))
    for name in names:
        if name not in existing:
            session.add(model(**{column: name}))


def seed_reference(session: Session) -> None:
    countries = {c.country_name: c for c in session.scalars(select(m.Country))}
    for (country_name, iso), provinces in ref.GEOGRAPHY.items():
        country = countries.get(country_name)
        if country is None:
            country = countries[country_name] = m.Country(country_name=country_name, iso_code=iso)
            session.add(country)
            session.flush()
        stmt = select(m.Province).where(m.Province.country_id == country.id)
        known = {p.province_name: p for p in session.scalars(stmt)}
        for province_name, cities in provinces.items():
            province = known.get(province_name)
            if province is None:
                province = m.Province(country_id=country.id, province_name=province_name)
                session.add(province)
                session.flush()
            have = set(session.scalars(select(m.City.city_name).where(m.City.province_id == province.id)))
            for city in cities:
                if city not in have:
                    session.add(m.City(province_id=province.id, city_name=city))

    _ensure(session, m.Industry, "industry_name", ref.INDUSTRIES)
    _ensure(session, m.Affiliate, "affiliate_name", ref.AFFILIATES)
    _ensure(session, m.Source, "source_name", ref.SOURCES)
    _ensure(session, m.ProjectType, "project_type_name", ref.PROJECT_TYPES)
    _ensure(session, m.ProjectRole, "project_role_name", ref.PROJECT_ROLES)
    _ensure(session, m.Entity, "entity_name", ref.ENTITIES)
    _ensure(session, m.Unit, "unit_name", ref.UNITS)
    _ensure(session, m.ServiceCategory, "service_category_name", list(ref.SERVICE_CATEGORIES))
    session.flush()
    categories = {c.service_category_name: c.id for c in session.scalars(select(m.ServiceCategory))}
    for category, subs in ref.SERVICE_CATEGORIES.items():
        have = set(session.scalars(select(m.SubServiceCategory.sub_service_category_name)
                                   .where(m.SubServiceCategory.service_category_id == categories[category])))
        for sub in subs:
            if sub not in have:
                session.add(m.SubServiceCategory(service_category_id=categories[category],
                                                 sub_service_category_name=sub))
    for name, values in ref.PARAMETERS.items():
        have = set(session.scalars(select(m.Parameter.param_value).where(m.Parameter.param_name == name)))
        for value, description in values:
            if value not in have:
                session.add(m.Parameter(param_name=name, param_value=value, param_description=description))
    session.flush()


# code, name, legal name, industry, city, affiliate, address, [(fullname, gender, position, division, email, phone)]
