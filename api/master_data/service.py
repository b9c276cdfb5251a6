"""Master-data lists, cached in Redis (5 minutes; geography 30 seconds) and dropped when they change."""

from __future__ import annotations

from typing import Any

import redis
from pydantic import BaseModel
from sqlalchemy.orm import Session

from api.core.cache import cached, invalidate
from api.master_data import models as m
from api.master_data import repository as repo
from api.master_data import schemas as s

LIST_TTL = 300
GEO_TTL = 30

# name -> (model, schema, column to order by)
SIMPLE: dict[str, tuple[Any, type[BaseModel], Any]] = {
    "service-categories": (m.ServiceCategory, s.ServiceCategoryOut, m.ServiceCategory.service_category_name),
    "project-types": (m.ProjectType, s.ProjectTypeOut, m.ProjectType.id),
    "project-roles": (m.ProjectRole, s.ProjectRoleOut, m.ProjectRole.id),
    "entities": (m.Entity, s.EntityOut, m.Entity.id),
    "units": (m.Unit, s.UnitOut, m.Unit.unit_name),
    "sources": (m.Source, s.SourceOut, m.Source.source_name),
    "industries": (m.Industry, s.IndustryOut, m.Industry.industry_name),
    "affiliates": (m.Affiliate, s.AffiliateOut, m.Affiliate.id),
    "countries": (m.Country, s.CountryOut, m.Country.country_name),
}


def _dump(items: Any, schema: type[BaseModel]) -> list[dict[str, Any]]:
    return [schema.model_validate(i).model_dump(by_alias=True) for i in items]


def list_simple(*, session: Session, redis_client: redis.Redis, name: str) -> list[dict[str, Any]]:
    model, schema, order = SIMPLE[name]
    ttl = GEO_TTL if name == "countries" else LIST_TTL
    return cached(redis_client, name, lambda: _dump(repo.ordered(session, model, order), schema), ttl=ttl)


def list_provinces(*, session: Session, redis_client: redis.Redis, country: int | None) -> list[dict[str, Any]]:
    return cached(redis_client, "provinces", lambda: _dump(repo.provinces(session, country), s.ProvinceOut),
                  ttl=GEO_TTL, arg=country)


def list_cities(*, session: Session, redis_client: redis.Redis, province: int | None) -> list[dict[str, Any]]:
    return cached(redis_client, "cities", lambda: _dump(repo.cities(session, province), s.CityOut),
                  ttl=GEO_TTL, arg=province)


def list_sub_service_categories(*, session: Session, redis_client: redis.Redis,
                                service_category_id: int | None) -> list[dict[str, Any]]:
    def load() -> list[dict[str, Any]]:
        return _dump(repo.sub_service_categories(session, service_category_id), s.SubServiceCategoryOut)

    return cached(redis_client, "sub-service-categories", load, ttl=LIST_TTL,
                  arg=service_category_id)


def service_category_map(*, session: Session, redis_client: redis.Redis) -> list[dict[str, Any]]:
    def load() -> list[dict[str, Any]]:
        subs: dict[int, list[s.SubServiceCategoryItem]] = {}
        for sub in repo.sub_service_categories(session):
            subs.setdefault(sub.service_category_id, []).append(s.SubServiceCategoryItem.model_validate(sub))
        return [
            s.ServiceCategoryMapOut(id=c.id, service_category_name=c.service_category_name,
                                    sub_service_categories=subs.get(c.id, [])).model_dump(by_alias=True)
            for c in repo.service_categories(session)
        ]

    return cached(redis_client, "service-category-map", load, ttl=LIST_TTL)


def list_sales_persons(*, session: Session, redis_client: redis.Redis) -> list[dict[str, Any]]:
    def load() -> list[dict[str, Any]]:
        return [s.SalesPersonOut(id=u.id, name=u.nickname or u.fullname, fullname=u.fullname).model_dump(by_alias=True)
                for u in repo.active_sales(session)]

    return cached(redis_client, "sales-persons", load, ttl=LIST_TTL)


def list_sales_users_by_leader(*, session: Session, redis_client: redis.Redis, leader_id: int) -> list[dict[str, Any]]:
    def load() -> list[dict[str, Any]]:
        return [s.SalesUserOut(id=u.id, fullname=u.fullname).model_dump(by_alias=True)
                for u in repo.active_members(session, leader_id)]

    return cached(redis_client, "sales-users-by-leader", load, ttl=LIST_TTL,
                  arg=leader_id)


def list_parameters(*, session: Session, redis_client: redis.Redis, name: str) -> list[dict[str, Any]]:
    return cached(redis_client, "parameters", lambda: _dump(repo.parameters(session, name), s.ParameterOut),
                  ttl=LIST_TTL, arg=name)


def users_changed(redis_client: redis.Redis) -> None:
    invalidate(redis_client, "sales-persons", "sales-users-by-leader")


def all_changed(redis_client: redis.Redis) -> None:
    invalidate(redis_client, *SIMPLE, "provinces", "cities", "sub-service-categories", "service-category-map",
               "sales-persons", "sales-users-by-leader", "clients", "parameters")
