"""Reference data: geography, industries, affiliates, sources, service categories, project types, ..."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class Country(Base):
    __tablename__ = "countries"

    id: Mapped[int] = mapped_column(primary_key=True)
    country_name: Mapped[str] = mapped_column(String(100), unique=True)
    iso_code: Mapped[str] = mapped_column(String(2), unique=True)


class Province(Base):
    __tablename__ = "provinces"
    __table_args__ = (UniqueConstraint("country_id", "province_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    country_id: Mapped[int] = mapped_column(ForeignKey("countries.id"), index=True)
    province_name: Mapped[str] = mapped_column(String(100))


class City(Base):
    __tablename__ = "cities"
    __table_args__ = (UniqueConstraint("province_id", "city_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    province_id: Mapped[int] = mapped_column(ForeignKey("provinces.id"), index=True)
    city_name: Mapped[str] = mapped_column(String(100))


class Industry(Base):
    __tablename__ = "industries"

    id: Mapped[int] = mapped_column(primary_key=True)
    industry_name: Mapped[str] = mapped_column(String(100), unique=True)


class Affiliate(Base):
    __tablename__ = "affiliates"

    id: Mapped[int] = mapped_column(primary_key=True)
    affiliate_name: Mapped[str] = mapped_column(String(100), unique=True)


class Source(Base):
    __tablename__ = "sources"

    id: Mapped[int] = mapped_column(primary_key=True)
    source_name: Mapped[str] = mapped_column(String(100), unique=True)


class ServiceCategory(Base):
    __tablename__ = "service_categories"

    id: Mapped[int] = mapped_column(primary_key=True)
    service_category_name: Mapped[str] = mapped_column(String(100), unique=True)


class SubServiceCategory(Base):
    __tablename__ = "sub_service_categories"
    __table_args__ = (UniqueConstraint("service_category_id", "sub_service_category_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    service_category_id: Mapped[int] = mapped_column(ForeignKey("service_categories.id"), index=True)
    sub_service_category_name: Mapped[str] = mapped_column(String(100))


class ProjectType(Base):
    __tablename__ = "project_types"

    id: Mapped[int] = mapped_column(primary_key=True)
    project_type_name: Mapped[str] = mapped_column(String(100), unique=True)


class ProjectRole(Base):
    __tablename__ = "project_roles"

    id: Mapped[int] = mapped_column(primary_key=True)
    project_role_name: Mapped[str] = mapped_column(String(100), unique=True)


class Entity(Base):
    """A company of the group that signs the project."""

    __tablename__ = "entities"

    id: Mapped[int] = mapped_column(primary_key=True)
    entity_name: Mapped[str] = mapped_column(String(120), unique=True)


class Unit(Base):
    """A business unit."""

    __tablename__ = "units"

    id: Mapped[int] = mapped_column(primary_key=True)
    unit_name: Mapped[str] = mapped_column(String(100), unique=True)


class Parameter(Base):
    """A named configuration list, e.g. PCS_COMMISSION_ROLE."""

    __tablename__ = "parameters"
    __table_args__ = (UniqueConstraint("param_name", "param_value"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    param_name: Mapped[str] = mapped_column(String(80), index=True)
    param_value: Mapped[str] = mapped_column(String(200))
    param_description: Mapped[str | None] = mapped_column(String(300))
