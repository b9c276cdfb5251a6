"""Master-data items (spec 2 §3.1, spec 3 §3)."""

from __future__ import annotations

from api.core.schemas import CamelModel


class SubServiceCategoryOut(CamelModel):
    id: int
    sub_service_category_name: str
    service_category_id: int


class SubServiceCategoryItem(CamelModel):
    id: int
    sub_service_category_name: str


class ServiceCategoryOut(CamelModel):
    id: int
    service_category_name: str


class ServiceCategoryMapOut(CamelModel):
    id: int
    service_category_name: str
    sub_service_categories: list[SubServiceCategoryItem]


class SalesPersonOut(CamelModel):
    id: int
    name: str
    fullname: str


class SalesUserOut(CamelModel):
    id: int
    fullname: str


class ProjectTypeOut(CamelModel):
    id: int
    project_type_name: str


class ProjectRoleOut(CamelModel):
    id: int
    project_role_name: str


class EntityOut(CamelModel):
    id: int
    entity_name: str


class UnitOut(CamelModel):
    id: int
    unit_name: str


class SourceOut(CamelModel):
    id: int
    source_name: str


class ParameterOut(CamelModel):
    param_value: str
    param_description: str | None


class IndustryOut(CamelModel):
    id: int
    industry_name: str


class CountryOut(CamelModel):
    id: int
    country_name: str


class ProvinceOut(CamelModel):
    id: int
    province_name: str
    country_id: int


class CityOut(CamelModel):
    id: int
    city_name: str
    province_id: int


class AffiliateOut(CamelModel):
    id: int
    affiliate_name: str
