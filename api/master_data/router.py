"""Master-data lookups (spec 2 §7, spec 3 §7): every signed-in user may read them."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query

from api.core.deps import Authz, RedisDep, SessionDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.master_data import schemas as s
from api.master_data import service
from api.users.models import User

router = domain_router("/master-data", tags=["master-data"])
Reader = Annotated[User, Authz("account", "read")]


def _simple(name: str, schema: type, summary: str) -> None:
    def endpoint(session: SessionDep, redis_client: RedisDep, actor: Reader) -> Any:
        return ok(service.list_simple(session=session, redis_client=redis_client, name=name))

    endpoint.__name__ = "list_" + name.replace("-", "_")
    router.add_api_route(f"/{name}", endpoint, methods=["GET"], summary=summary,
                         response_model=Envelope[list[schema]])  # type: ignore[valid-type]


_simple("service-categories", s.ServiceCategoryOut, "Service categories")
_simple("project-types", s.ProjectTypeOut, "Project types")
_simple("project-roles", s.ProjectRoleOut, "Project roles")
_simple("entities", s.EntityOut, "Entities (group companies)")
_simple("units", s.UnitOut, "Business units")
_simple("sources", s.SourceOut, "Lead sources")
_simple("industries", s.IndustryOut, "Industries")
_simple("affiliates", s.AffiliateOut, "Affiliates")
_simple("countries", s.CountryOut, "Countries")


@router.get("/provinces", summary="Provinces, optionally of one country")
def provinces(session: SessionDep, redis_client: RedisDep, actor: Reader,
              country: Id | None = None) -> Envelope[list[s.ProvinceOut]]:
    return ok(service.list_provinces(session=session, redis_client=redis_client, country=country))  # type: ignore[arg-type]


@router.get("/cities", summary="Cities, optionally of one province")
def cities(session: SessionDep, redis_client: RedisDep, actor: Reader,
           province: Id | None = None) -> Envelope[list[s.CityOut]]:
    return ok(service.list_cities(session=session, redis_client=redis_client, province=province))  # type: ignore[arg-type]


@router.get("/sub-service-categories", summary="Sub-categories, optionally of one service category")
def sub_service_categories(session: SessionDep, redis_client: RedisDep, actor: Reader,
                           service_category_id: Annotated[Id | None, Query(alias="serviceCategoryId")] = None,
                           ) -> Envelope[list[s.SubServiceCategoryOut]]:
    return ok(service.list_sub_service_categories(  # type: ignore[arg-type]
        session=session, redis_client=redis_client, service_category_id=service_category_id))


@router.get("/service-category-map", summary="Service categories with their sub-categories")
def service_category_map(session: SessionDep, redis_client: RedisDep,
                         actor: Reader) -> Envelope[list[s.ServiceCategoryMapOut]]:
    return ok(service.service_category_map(session=session, redis_client=redis_client))  # type: ignore[arg-type]


@router.get("/sales-persons", summary="Active sales people")
def sales_persons(session: SessionDep, redis_client: RedisDep, actor: Reader) -> Envelope[list[s.SalesPersonOut]]:
    return ok(service.list_sales_persons(session=session, redis_client=redis_client))  # type: ignore[arg-type]


@router.get("/sales-users-by-leader", summary="The active users below a leader in the hierarchy (default: the caller)")
def sales_users_by_leader(session: SessionDep, redis_client: RedisDep, actor: Reader,
                          leader_id: Annotated[Id | None, Query(alias="leaderId")] = None,
                          ) -> Envelope[list[s.SalesUserOut]]:
    return ok(service.list_sales_users_by_leader(  # type: ignore[arg-type]
        session=session, redis_client=redis_client, leader_id=leader_id or actor.id))


@router.get("/parameters", summary="The values of a named parameter, e.g. PCS_COMMISSION_ROLE")
def parameters(session: SessionDep, redis_client: RedisDep, actor: Reader,
               name: Annotated[str, Query(min_length=1, max_length=80)]) -> Envelope[list[s.ParameterOut]]:
    return ok(service.list_parameters(session=session, redis_client=redis_client, name=name))  # type: ignore[arg-type]
